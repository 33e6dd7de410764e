import {
  ContactRequestSchema,
  DemoRequestSchema,
  ErrorSchema,
  EvHostRequestSchema,
  InquiryReceiptSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clientKey, type LimiterFactory } from "../../plugins/throttle";
import * as service from "./inquiries.service";

/** Forms accepted per client address in 10 minutes: a person sends one, a script sends hundreds. */
const FORMS_PER_ADDRESS = 5;
const TOO_MANY = "Too many forms were sent from this address. Please try again in a few minutes.";

/** Public forms stored on the server: Contact Us (/help), Book a Demo (/book-demo) and a charger host's site (/rent-out-ev-charger). */
export function inquiryRoutes(deps: service.InquiryDeps, limiter: LimiterFactory): FastifyPluginAsyncZod {
  return async (app) => {
    const limit = (name: string) =>
      limiter({
        name,
        max: FORMS_PER_ADDRESS,
        timeWindowMs: 10 * 60_000,
        key: clientKey,
        message: TOO_MANY,
      }).hit;
    const tags = ["Contact"];
    const errors = { 400: ErrorSchema, 415: ErrorSchema, 422: ErrorSchema, 429: ErrorSchema };

    app.post(
      "/contact",
      {
        preHandler: limit("contact-ip"),
        schema: {
          tags,
          operationId: "sendContactMessage",
          summary: "Send a message to Parkwell support",
          body: ContactRequestSchema,
          response: { 201: InquiryReceiptSchema, ...errors },
        },
      },
      async (req, reply) => reply.code(201).send(await service.submitContact(deps, req.body)),
    );

    app.post(
      "/demo-requests",
      {
        preHandler: limit("demo-request-ip"),
        schema: {
          tags,
          operationId: "requestDemo",
          summary: "Ask for a demo of Parkwell for businesses and car park operators",
          body: DemoRequestSchema,
          response: { 201: InquiryReceiptSchema, ...errors },
        },
      },
      async (req, reply) => reply.code(201).send(await service.submitDemoRequest(deps, req.body)),
    );

    app.post(
      "/ev-host-requests",
      {
        preHandler: limit("ev-host-request-ip"),
        schema: {
          tags,
          operationId: "offerEvChargerSite",
          summary: "Offer a site for EV chargers (a charger owner's or site host's details)",
          body: EvHostRequestSchema,
          response: { 201: InquiryReceiptSchema, ...errors },
        },
      },
      async (req, reply) => reply.code(201).send(await service.submitEvHostRequest(deps, req.body)),
    );
  };
}
