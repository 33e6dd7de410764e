import {
  CheckinResultSchema,
  ErrorSchema,
  GateCheckinBodySchema,
  GateCheckoutResultSchema,
  GateCodeBodySchema,
  isPassCode,
  PassCheckinResultSchema,
  PassPlateChoiceSchema,
  GateTodayQuerySchema,
  GateTodaySchema,
  PosCloseBodySchema,
  PosSaleBodySchema,
  PosSaleCodeParamsSchema,
  PosSaleListQuerySchema,
  PosSalePageSchema,
  PosSaleResultSchema,
  type GateCheckoutResult,
} from "@parkwell/contract";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import { auditActor, requireStaff, type AdminAccess } from "../../../plugins/admin-access";
import { requireUser } from "../../../plugins/auth";
import { clientKey, limitFailures, type LimiterFactory } from "../../../plugins/throttle";
import { requestLanguage } from "../../../lib/language";
import * as gatePasses from "./gate-passes.service";
import * as gate from "./gate.service";
import * as pos from "./pos.service";

const MINUTE = 60_000;
export const GATE_GUESSES_MESSAGE = "Too many unknown codes: wait a few minutes before trying again";
export const GATE_GUESSES_PER_USER = 10;
export const GATE_GUESSES_PER_ADDRESS = 100;

/**
 * The code-guessing limits (decision 015): unknown codes and forged QR codes, 10 per user in 10
 * minutes, and 100 per address as a backstop (one car park's attendants often share an address),
 * counted after the look-up and only for those failures: a code that names a booking is never
 * refused for them. Codes have 31^8 ≈ 8.5e11 values already.
 */
export function gateLimits(limiter: LimiterFactory) {
  return {
    user: limiter({
      name: "gate-user",
      max: GATE_GUESSES_PER_USER,
      timeWindowMs: 10 * MINUTE,
      key: (req: FastifyRequest) => requireUser(req).id,
      message: GATE_GUESSES_MESSAGE,
    }),
    ip: limiter({
      name: "gate-ip",
      max: GATE_GUESSES_PER_ADDRESS,
      timeWindowMs: 10 * MINUTE,
      key: clientKey,
      message: GATE_GUESSES_MESSAGE,
    }),
  };
}

export interface GateRouteDeps {
  db: Db;
  clock: Clock;
  qrSecret: string;
  unsafeSkipCapacityLock?: boolean;
}

/** The gate: check-in and check-out by code or QR, today's lists, and drive-up sales. */
export function gateRoutes(
  deps: GateRouteDeps,
  admin: AdminAccess,
  limits: ReturnType<typeof gateLimits>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Back office: gate"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.post(
      "/admin/checkins",
      {
        onRequest: admin.permit("gate.create"),
        schema: {
          tags,
          operationId: "checkInBooking",
          summary:
            "Check a car in at the park chosen at the gate, by its booking code, its monthly pass's code or their QR payload (200: a booking; 201: a visit on a pass recorded)",
          body: GateCheckinBodySchema,
          response: {
            200: CheckinResultSchema,
            201: PassCheckinResultSchema,
            ...err,
            422: z.union([PassPlateChoiceSchema, ErrorSchema]),
            429: ErrorSchema,
          },
        },
      },
      async (req, reply) =>
        limitFailures(req, reply, [limits.user, limits.ip], gate.guessFailure, async () => {
          const named = gate.gateCodeOf(deps, req.body.code);
          if (!isPassCode(named.code))
            return gate.checkIn(deps, requireStaff(req), auditActor(req), req.body);
          const language = requestLanguage(req.headers["accept-language"]);
          const result = await gatePasses.checkIn(
            deps,
            requireStaff(req),
            auditActor(req),
            req.body,
            named,
            language,
          );
          reply.code(201);
          return result;
        }),
    );

    app.post(
      "/admin/checkouts",
      {
        onRequest: admin.permit("gate.update"),
        schema: {
          tags,
          operationId: "checkOutBooking",
          summary:
            "Check a car out at the park chosen at the gate, by a booking's or a monthly pass's code or QR; an overstay (past a booking's end, outside a pass's hours) is charged to the wallet or recorded as owed",
          body: GateCodeBodySchema,
          response: { 200: GateCheckoutResultSchema, ...err, 429: ErrorSchema },
        },
      },
      async (req, reply) =>
        limitFailures(
          req,
          reply,
          [limits.user, limits.ip],
          gate.guessFailure,
          (): Promise<GateCheckoutResult> => {
            const named = gate.gateCodeOf(deps, req.body.code);
            return isPassCode(named.code)
              ? gatePasses.checkOut(deps, requireStaff(req), auditActor(req), req.body, named)
              : gate.checkOut(deps, requireStaff(req), auditActor(req), req.body);
          },
        ),
    );

    app.get(
      "/admin/gate/today",
      {
        onRequest: admin.permit("gate.view"),
        schema: {
          tags,
          operationId: "getGateToday",
          summary:
            "Today's arrivals and departures, the drive-up cars parked and the monthly passes expected, at my parks",
          querystring: GateTodayQuerySchema,
          response: { 200: GateTodaySchema, ...err },
        },
      },
      async (req) => gate.today(deps, requireStaff(req), req.query.park_id),
    );

    app.get(
      "/admin/pos-sales",
      {
        onRequest: admin.permit("pos.view"),
        schema: {
          tags,
          operationId: "listPosSales",
          summary: "Drive-up sales at my parks, newest first",
          querystring: PosSaleListQuerySchema,
          response: { 200: PosSalePageSchema, ...err },
        },
      },
      async (req) => pos.list(deps, requireStaff(req), req.query),
    );

    app.post(
      "/admin/pos-sales",
      {
        onRequest: admin.permit("pos.create"),
        schema: {
          tags,
          operationId: "createPosSale",
          summary: "Record a drive-up car: it takes a space like a booking until it leaves",
          body: PosSaleBodySchema,
          response: { 201: PosSaleResultSchema, ...err },
        },
      },
      async (req, reply) => {
        const sale = await pos.sell(deps, requireStaff(req), auditActor(req), req.body);
        reply.code(201);
        return { message: "Drive-up recorded", sale };
      },
    );

    app.post(
      "/admin/pos-sales/:code/close",
      {
        onRequest: admin.permit("pos.update"),
        schema: {
          tags,
          operationId: "closePosSale",
          summary: "The drive-up car leaves: price the stay by the park's rate, paid in cash or by card",
          params: PosSaleCodeParamsSchema,
          body: PosCloseBodySchema,
          response: { 200: PosSaleResultSchema, ...err },
        },
      },
      async (req) => ({
        message: "Drive-up closed",
        sale: await pos.close(
          deps,
          requireStaff(req),
          auditActor(req),
          req.params.code,
          req.body.payment_method,
        ),
      }),
    );

    app.post(
      "/admin/pos-sales/:code/void",
      {
        onRequest: admin.permit("pos.update"),
        schema: {
          tags,
          operationId: "voidPosSale",
          summary: "Void a drive-up entered by mistake (within 10 minutes of recording it)",
          params: PosSaleCodeParamsSchema,
          response: { 200: PosSaleResultSchema, ...err },
        },
      },
      async (req) => ({
        message: "Drive-up voided",
        sale: await pos.voidSale(deps, requireStaff(req), auditActor(req), req.params.code),
      }),
    );
  };
}
