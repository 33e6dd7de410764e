import {
  AdminSocialLinksSchema,
  ErrorSchema,
  SocialLinksBodySchema,
  SocialLinksParamsSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import { auditActor, requireStaff, type AdminAccess } from "../../../plugins/admin-access";
import type { ServedCountries } from "../../reference/served-countries";
import * as service from "./admin-settings.service";

/** The back office's Settings: `settings.view` reads the social links, `settings.update` sets them. */
export function adminSettingsRoutes(
  deps: { db: Db; clock: Clock; countries: ServedCountries },
  admin: AdminAccess,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Back office: settings"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/admin/social-links",
      {
        onRequest: admin.permit("settings.view"),
        schema: {
          tags,
          operationId: "listAdminSocialLinks",
          summary: "The social links of DEFAULT and of each served country, as set (null: inherited)",
          response: { 200: AdminSocialLinksSchema, ...err },
        },
      },
      async () => service.listSocialLinks(deps.db, deps.countries),
    );

    app.put(
      "/admin/social-links/:country_code",
      {
        onRequest: admin.permit("settings.update"),
        schema: {
          tags,
          operationId: "setSocialLinks",
          summary:
            "Set the social links of DEFAULT or of a served country (an empty one inherits DEFAULT's); https on the network's own host",
          params: SocialLinksParamsSchema,
          body: SocialLinksBodySchema,
          response: { 200: AdminSocialLinksSchema, ...err },
        },
      },
      async (req) =>
        service.setSocialLinks(deps, requireStaff(req), auditActor(req), req.params.country_code, {
          facebook: req.body.facebook,
          instagram: req.body.instagram,
          linkedin: req.body.linkedin,
          twitter: req.body.twitter,
        }),
    );
  };
}
