import {
  DEVICE_ID_HEADER,
  ErrorSchema,
  ReferralMeQuerySchema,
  ReferralMeSchema,
  ReferralRewardsSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { requireUser, type Auth } from "../../plugins/auth";
import * as service from "./referrals.service";

/** The device id the web app sends (a header, so a GET can carry it); ignored when it is no id. */
function deviceIdOf(value: string | string[] | undefined): string | undefined {
  const id = Array.isArray(value) ? value[0] : value;
  return id && id.trim().length > 0 && id.length <= 100 ? id : undefined;
}

/**
 * Referrals (docs/PRODUCT-RULES.md#referrals): the driver's code, link, invitations and earnings
 * (bearer), and the rewards per country (anyone: the /affiliates page).
 */
export function referralsRoutes(d: { db: Db; clock: Clock }, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Referrals"];
    app.get(
      "/referrals/rewards",
      {
        schema: {
          tags,
          operationId: "listReferralRewards",
          summary: "What an invitation pays the inviter and the invitee each, per country with a reward",
          response: { 200: ReferralRewardsSchema },
        },
      },
      async (_req, reply) =>
        reply.header("cache-control", "public, max-age=300").send(await service.rewards(d.db)),
    );

    app.get(
      "/referrals/me",
      {
        onRequest: auth.required,
        schema: {
          tags,
          operationId: "getMyReferrals",
          summary:
            "The driver's referral code and link, their country's reward, what they earned and a page of their invitations (newest first)",
          querystring: ReferralMeQuerySchema,
          response: { 200: ReferralMeSchema, 401: ErrorSchema, 422: ErrorSchema },
        },
      },
      async (req, reply) =>
        reply
          .header("cache-control", "no-store")
          .send(
            await service.mine(d, requireUser(req), req.query, deviceIdOf(req.headers[DEVICE_ID_HEADER])),
          ),
    );
  };
}
