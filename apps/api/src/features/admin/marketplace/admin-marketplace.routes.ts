import multipart from "@fastify/multipart";
import { MARKET_IMAGE_MAX_BYTES } from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import type { FileStorage } from "../../../lib/file-storage";
import type { AdminAccess } from "../../../plugins/admin-access";
import { adminCatalogueRoutes } from "./admin-catalogue.routes";
import { adminPromotionRoutes } from "./admin-promotions.routes";

export interface AdminMarketplaceDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

/**
 * The back office's marketplace section: the catalogue (categories, attributes, items and their
 * variations and images, add-ons), offers, coupons, sliders and Delivery Setup per country.
 */
export function adminMarketplaceRoutes(
  deps: AdminMarketplaceDeps,
  admin: AdminAccess,
): FastifyPluginAsyncZod {
  return async (app) => {
    admin.auth.guard(app);
    await app.register(multipart, { limits: { fileSize: MARKET_IMAGE_MAX_BYTES, files: 1 } });
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    // The sections register their routes in this order (the OpenAPI document's order).
    await app.register(adminCatalogueRoutes(deps, admin));
    await app.register(adminPromotionRoutes(deps, admin));
  };
}
