import rateLimit from "@fastify/rate-limit";
import {
  ContactRequestSchema,
  DemoRequestSchema,
  ErrorSchema,
  InquiryReceiptSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import * as service from "./inquiries.service";

export interface InquiryRouteOptions {
  /** Forms accepted per client address per window; a person sends one, a script sends hundreds. */
  max?: number;
  timeWindow?: string;
}

/** Public forms stored on the server: Contact Us (/help) and Book a Demo (/book-demo). */
export function inquiryRoutes(db: Db, options: InquiryRouteOptions = {}): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered inside this plugin so the limit applies to these routes only.
    await app.register(rateLimit, { global: false });
    const limit = { rateLimit: { max: options.max ?? 5, timeWindow: options.timeWindow ?? "10 minutes" } };
    const tags = ["Contact"];
    const errors = { 400: ErrorSchema, 415: ErrorSchema, 422: ErrorSchema, 429: ErrorSchema };

    app.post(
      "/contact",
      {
        config: limit,
        schema: {
          tags,
          summary: "Send a message to Parkwell support",
          body: ContactRequestSchema,
          response: { 201: InquiryReceiptSchema, ...errors },
        },
      },
      async (req, reply) => reply.code(201).send(await service.submitContact(db, req.body)),
    );

    app.post(
      "/demo-requests",
      {
        config: limit,
        schema: {
          tags,
          summary: "Ask for a demo of Parkwell for businesses and car park operators",
          body: DemoRequestSchema,
          response: { 201: InquiryReceiptSchema, ...errors },
        },
      },
      async (req, reply) => reply.code(201).send(await service.submitDemoRequest(db, req.body)),
    );
  };
}
