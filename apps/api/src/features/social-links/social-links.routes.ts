import { SocialLinksSchema } from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import type { ServedCountries } from "../reference/served-countries";
import * as service from "./social-links.service";

/** Parkwell's social links per country, for anyone (the footer); cached as the reference data is. */
export function socialLinksRoutes(db: Db, countries: ServedCountries): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/social-links",
      {
        schema: {
          tags: ["Reference data"],
          operationId: "listSocialLinks",
          summary:
            "Parkwell's social links: DEFAULT's, and each served country's (its own, else DEFAULT's, per network)",
          response: { 200: SocialLinksSchema },
        },
      },
      async (_req, reply) =>
        reply.header("cache-control", "public, max-age=300").send(await service.publicLinks(db, countries)),
    );
  };
}
