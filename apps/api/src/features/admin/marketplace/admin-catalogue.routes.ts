import {
  AdminMarketAddonBodySchema,
  AdminMarketAddonListQuerySchema,
  AdminMarketAddonListSchema,
  AdminMarketAddonPatchSchema,
  AdminMarketAddonSchema,
  AdminMarketAttributeBodySchema,
  AdminMarketAttributeListQuerySchema,
  AdminMarketAttributeListSchema,
  AdminMarketAttributePatchSchema,
  AdminMarketAttributeSchema,
  AdminMarketCategoryBodySchema,
  AdminMarketCategoryListQuerySchema,
  AdminMarketCategoryListSchema,
  AdminMarketCategoryPatchSchema,
  AdminMarketCategorySchema,
  AdminMarketIdParamsSchema,
  AdminMarketImageParamsSchema,
  AdminMarketItemCreateSchema,
  AdminMarketItemListQuerySchema,
  AdminMarketItemListSchema,
  AdminMarketItemPatchSchema,
  AdminMarketItemSchema,
  AdminMarketVariationBodySchema,
  AdminMarketVariationParamsSchema,
  AdminMarketVariationPatchSchema,
  ErrorSchema,
  MARKET_ITEM_MAX_IMAGES,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../../lib/app-error";
import { auditActor, type AdminAccess } from "../../../plugins/admin-access";
import * as addons from "./addons.service";
import * as categories from "./categories.service";
import * as items from "./items.service";

import type { AdminMarketplaceDeps } from "./admin-marketplace.routes";
import { IMAGE_NOT_FOUND, readImage, storeImage, TOO_MANY_IMAGES } from "./market-images";
import { marketResourceRoutes } from "./market-resource.routes";

/** The catalogue: categories, attributes, items with their variations and images, add-ons. Registered by adminMarketplaceRoutes, under its guard, upload limits and headers. */
export function adminCatalogueRoutes(deps: AdminMarketplaceDeps, admin: AdminAccess): FastifyPluginAsyncZod {
  const { db, clock, storage } = deps;
  return async (app) => {
    const tags = ["Back office: marketplace"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    const base = "/admin/marketplace";

    const resource = marketResourceRoutes(app, admin);

    // ------------------------------------------------------------------------------ categories
    resource.list(
      `${base}/categories`,
      {
        operationId: "listAdminMarketCategories",
        summary: "The marketplace's categories, by position, with their item counts",
        querystring: AdminMarketCategoryListQuerySchema,
        response: AdminMarketCategoryListSchema,
      },
      (query) => categories.listCategories(db, query),
    );
    resource.create(
      `${base}/categories`,
      {
        operationId: "createAdminMarketCategory",
        summary: "Create a category (its slug is unique)",
        body: AdminMarketCategoryBodySchema,
        response: AdminMarketCategorySchema,
      },
      (actor, body) => categories.createCategory(db, actor, body),
    );
    resource.update(
      `${base}/categories`,
      {
        operationId: "updateAdminMarketCategory",
        summary: "Edit a category, or switch it active or inactive",
        body: AdminMarketCategoryPatchSchema,
        response: AdminMarketCategorySchema,
      },
      (actor, id, body) => categories.updateCategory(db, actor, id, body),
    );
    resource.remove(
      `${base}/categories`,
      {
        operationId: "deleteAdminMarketCategory",
        summary: "Remove a category that no item or offer uses (409 otherwise: deactivate it)",
        conflict: true,
        message: "Category removed",
      },
      (actor, id) => categories.deleteCategory(db, actor, id),
    );

    // ------------------------------------------------------------------------------ attributes
    resource.list(
      `${base}/attributes`,
      {
        operationId: "listAdminMarketAttributes",
        summary: "The attributes variations differ by (size, colour…), with their variation counts",
        querystring: AdminMarketAttributeListQuerySchema,
        response: AdminMarketAttributeListSchema,
      },
      (query) => categories.listAttributes(db, query),
    );
    resource.create(
      `${base}/attributes`,
      {
        operationId: "createAdminMarketAttribute",
        summary: "Create an attribute",
        body: AdminMarketAttributeBodySchema,
        response: AdminMarketAttributeSchema,
      },
      (actor, body) => categories.createAttribute(db, actor, body),
    );
    resource.update(
      `${base}/attributes`,
      {
        operationId: "updateAdminMarketAttribute",
        summary: "Edit an attribute, or switch it active or inactive",
        body: AdminMarketAttributePatchSchema,
        response: AdminMarketAttributeSchema,
      },
      (actor, id, body) => categories.updateAttribute(db, actor, id, body),
    );
    resource.remove(
      `${base}/attributes`,
      {
        operationId: "deleteAdminMarketAttribute",
        summary: "Remove an attribute that no variation uses (409 otherwise: deactivate it)",
        conflict: true,
        message: "Attribute removed",
      },
      (actor, id) => categories.deleteAttribute(db, actor, id),
    );

    // ------------------------------------------------------------------------------ items
    resource.list(
      `${base}/items`,
      {
        operationId: "listAdminMarketItems",
        summary: "Items, last changed first, with country, category, kind, status and search filters",
        querystring: AdminMarketItemListQuerySchema,
        response: AdminMarketItemListSchema,
      },
      (query) => items.listItems(db, query),
    );
    resource.create(
      `${base}/items`,
      {
        operationId: "createAdminMarketItem",
        summary: "Create an item of a country (price in its currency's major units)",
        body: AdminMarketItemCreateSchema,
        response: AdminMarketItemSchema,
      },
      (actor, body) => items.createItem(db, actor, body, clock()),
    );
    app.get(
      `${base}/items/:id`,
      {
        onRequest: admin.permit("marketplace.view"),
        schema: {
          tags,
          operationId: "getAdminMarketItem",
          summary: "An item with its variations, add-ons and parks",
          params: AdminMarketIdParamsSchema,
          response: { 200: AdminMarketItemSchema, ...err },
        },
      },
      async (req) => items.getItem(db, req.params.id),
    );
    resource.update(
      `${base}/items`,
      {
        operationId: "updateAdminMarketItem",
        summary: "Edit an item: only the fields sent change; lists replace the whole list",
        body: AdminMarketItemPatchSchema,
        response: AdminMarketItemSchema,
      },
      (actor, id, body) => items.updateItem(db, actor, id, body, clock()),
    );
    app.post(
      `${base}/items/:id/images`,
      {
        onRequest: admin.permit("marketplace.update"),
        schema: {
          tags,
          operationId: "addAdminMarketItemImage",
          summary: "Upload an image (multipart field image): JPEG, PNG or WebP up to 5 MB",
          consumes: ["multipart/form-data"],
          params: AdminMarketIdParamsSchema,
          response: { 201: AdminMarketItemSchema, 413: ErrorSchema, ...err },
        },
      },
      async (req, reply) => {
        const id = req.params.id;
        // The item first: a missing one is a 404 before its upload is even read.
        const item = await items.requireItem(db, id);
        if (item.images.length >= MARKET_ITEM_MAX_IMAGES)
          throw AppError.validation({ image: TOO_MANY_IMAGES });
        const url = await storeImage(storage, await readImage(req), `market/items/${id}`);
        try {
          const updated = await items.changeImages(
            db,
            auditActor(req),
            id,
            "market_item.image_add",
            (images) => {
              if (images.length >= MARKET_ITEM_MAX_IMAGES) {
                throw AppError.validation({ image: TOO_MANY_IMAGES });
              }
              return [...images, url];
            },
            clock(),
          );
          return reply.code(201).send(updated);
        } catch (e) {
          await Promise.allSettled([storage.remove(url)]);
          throw e;
        }
      },
    );
    app.delete(
      `${base}/items/:id/images/:n`,
      {
        onRequest: admin.permit("marketplace.update"),
        schema: {
          tags,
          operationId: "deleteAdminMarketItemImage",
          summary: "Remove the item's image at position n (0 for the first)",
          params: AdminMarketImageParamsSchema,
          response: { 200: AdminMarketItemSchema, ...err },
        },
      },
      async (req) => {
        let removed: string | undefined;
        const updated = await items.changeImages(
          db,
          auditActor(req),
          req.params.id,
          "market_item.image_remove",
          (images) => {
            removed = images[req.params.n];
            if (removed === undefined) throw AppError.notFound(IMAGE_NOT_FOUND, "image_not_found");
            return images.filter((_, i) => i !== req.params.n);
          },
          clock(),
        );
        // Only a file this storage gave is removed (an https address is left alone).
        if (removed) await Promise.allSettled([storage.remove(removed)]);
        return updated;
      },
    );
    app.post(
      `${base}/items/:id/variations`,
      {
        onRequest: admin.permit("marketplace.update"),
        schema: {
          tags,
          operationId: "createAdminMarketVariation",
          summary: "Add a variation with its own price and, for a product, its own stock",
          params: AdminMarketIdParamsSchema,
          body: AdminMarketVariationBodySchema,
          response: { 201: AdminMarketItemSchema, ...err },
        },
      },
      async (req, reply) =>
        reply
          .code(201)
          .send(await items.createVariation(db, auditActor(req), req.params.id, req.body, clock())),
    );
    app.patch(
      `${base}/items/:id/variations/:variationId`,
      {
        onRequest: admin.permit("marketplace.update"),
        schema: {
          tags,
          operationId: "updateAdminMarketVariation",
          summary: "Edit a variation, or deactivate it (status inactive)",
          params: AdminMarketVariationParamsSchema,
          body: AdminMarketVariationPatchSchema,
          response: { 200: AdminMarketItemSchema, ...err },
        },
      },
      async (req) =>
        items.updateVariation(db, auditActor(req), req.params.id, req.params.variationId, req.body, clock()),
    );

    // ------------------------------------------------------------------------------ add-ons
    resource.list(
      `${base}/addons`,
      {
        operationId: "listAdminMarketAddons",
        summary: "Add-ons per country, with the number of items offering each",
        querystring: AdminMarketAddonListQuerySchema,
        response: AdminMarketAddonListSchema,
      },
      (query) => addons.listAddons(db, query),
    );
    resource.create(
      `${base}/addons`,
      {
        operationId: "createAdminMarketAddon",
        summary: "Create an add-on of a country",
        body: AdminMarketAddonBodySchema,
        response: AdminMarketAddonSchema,
      },
      (actor, body) => addons.createAddon(db, actor, body),
    );
    resource.update(
      `${base}/addons`,
      {
        operationId: "updateAdminMarketAddon",
        summary: "Edit an add-on, or switch it active or inactive",
        body: AdminMarketAddonPatchSchema,
        response: AdminMarketAddonSchema,
      },
      (actor, id, body) => addons.updateAddon(db, actor, id, body),
    );
  };
}
