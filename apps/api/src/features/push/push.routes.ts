import {
  ErrorSchema,
  PushConfigSchema,
  PushSubscriptionInputSchema,
  PushSubscriptionPageSchema,
  PushSubscriptionQuerySchema,
  PushSubscriptionRenewalSchema,
  PushSubscriptionSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { PushSender } from "../../lib/web-push";
import { requireUser, type Auth } from "../../plugins/auth";
import { clientKey, TOO_MANY_REQUESTS_MESSAGE, type LimiterFactory } from "../../plugins/throttle";
import * as service from "./push.service";

export interface PushRouteDeps {
  db: Db;
  clock: Clock;
  /** The server's sender, null without VAPID keys: then nothing is offered. */
  push: PushSender | null;
}

/**
 * A driver's devices that get reminders as push notifications (decision 066): the key a browser
 * subscribes with, and the caller's subscriptions (this device's by its endpoint), each with the
 * reminders chosen for it. Another user's subscription is a 404. The service worker renews a
 * device's subscription its push service replaced, without a sign-in (the old endpoint is the proof).
 */
export function pushRoutes(deps: PushRouteDeps, auth: Auth, limiter: LimiterFactory): FastifyPluginAsyncZod {
  const tags = ["Push notifications"];
  const errors = { 401: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
  return async (app) => {
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    app.get(
      "/push-subscriptions/config",
      {
        schema: {
          tags,
          operationId: "getPushConfig",
          summary:
            "Whether this server sends push notifications, and the VAPID public key a browser subscribes with (null: none)",
          response: { 200: PushConfigSchema },
        },
      },
      async () => ({ public_key: deps.push?.publicKey ?? null }),
    );
    app.get(
      "/push-subscriptions",
      {
        onRequest: auth.required,
        schema: {
          tags,
          operationId: "listPushSubscriptions",
          summary: "Your devices subscribed to push notifications, newest first, or the one at `endpoint`",
          querystring: PushSubscriptionQuerySchema,
          response: { 200: PushSubscriptionPageSchema, ...errors },
        },
      },
      async (req) => service.listOwn(deps.db, requireUser(req).id, req.query),
    );
    app.put(
      "/push-subscriptions",
      {
        onRequest: auth.required,
        schema: {
          tags,
          operationId: "putPushSubscription",
          summary:
            "Subscribe this device (the browser's PushSubscription) with the reminders chosen for it, or change them; an endpoint another account had moves to yours",
          body: PushSubscriptionInputSchema,
          response: { 200: PushSubscriptionSchema, ...errors },
        },
      },
      async (req) => service.upsert(deps, requireUser(req).id, req.body),
    );
    // Renewals name a record by an address only its device knows; 20 a minute per address stops guessing.
    const renewals = limiter({
      name: "push-renewal-ip",
      max: 20,
      timeWindowMs: 60_000,
      key: clientKey,
      message: TOO_MANY_REQUESTS_MESSAGE,
    });
    app.post(
      "/push-subscriptions/renewal",
      {
        preHandler: renewals.hit,
        schema: {
          tags,
          operationId: "renewPushSubscription",
          summary:
            "The device's new subscription in place of the one its push service replaced (sent by the service worker, no sign-in): the old endpoint names it, its account and reminders stay",
          body: PushSubscriptionRenewalSchema,
          response: { 204: z.null(), 404: ErrorSchema, 422: ErrorSchema, 429: ErrorSchema },
        },
      },
      async (req, reply) => {
        await service.renew(deps, req.body);
        return reply.code(204).send(null);
      },
    );
    app.delete(
      "/push-subscriptions/:id",
      {
        onRequest: auth.required,
        schema: {
          tags,
          operationId: "deletePushSubscription",
          summary: "Stop push notifications to one of your devices",
          params: z.object({ id: z.uuid({ error: "id must be a push subscription's id" }) }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (req, reply) => {
        await service.remove(deps.db, requireUser(req).id, req.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
