import { randomUUID } from "node:crypto";
import multipart from "@fastify/multipart";
import {
  AdminCouponBodySchema,
  AdminCouponListQuerySchema,
  AdminCouponListSchema,
  AdminCouponPatchSchema,
  AdminCouponSchema,
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
  AdminMarketCountryParamsSchema,
  AdminMarketIdParamsSchema,
  AdminMarketImageParamsSchema,
  AdminMarketItemCreateSchema,
  AdminMarketItemListQuerySchema,
  AdminMarketItemListSchema,
  AdminMarketItemPatchSchema,
  AdminMarketItemSchema,
  AdminMarketOfferBodySchema,
  AdminMarketOfferListQuerySchema,
  AdminMarketOfferListSchema,
  AdminMarketOfferPatchSchema,
  AdminMarketOfferSchema,
  AdminMarketParkChoicesQuerySchema,
  AdminMarketParkChoicesSchema,
  AdminMarketSliderBodySchema,
  AdminMarketSliderListQuerySchema,
  AdminMarketSliderListSchema,
  AdminMarketSliderPatchSchema,
  AdminMarketSliderSchema,
  AdminMarketVariationBodySchema,
  AdminMarketVariationParamsSchema,
  AdminMarketVariationPatchSchema,
  DeliverySetupBodySchema,
  DeliverySetupSchema,
  ErrorSchema,
  MARKET_IMAGE_MAX_BYTES,
  MARKET_ITEM_MAX_IMAGES,
  MessageSchema,
} from "@parkwell/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import type { FileStorage } from "../../../lib/file-storage";
import { ImageRejected, processImage } from "../../../lib/images";
import { auditActor, type AdminAccess } from "../../../plugins/admin-access";
import * as addons from "./addons.service";
import * as categories from "./categories.service";
import * as items from "./items.service";
import * as delivery from "./delivery-setup.service";
import * as promotions from "./promotions.service";

export interface AdminMarketplaceDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

const IMAGE_TOO_LARGE = "The image is larger than 5 MB";
const IMAGE_MISSING = "Choose an image to upload (a multipart/form-data field named image)";
export const IMAGE_TYPE_TEXT = "The image must be a JPEG, PNG or WebP image";
const IMAGE_NOT_FOUND = "Image not found";
const TOO_MANY_IMAGES = `An item has at most ${MARKET_ITEM_MAX_IMAGES} images`;

/** The one file of a multipart upload, never more than MARKET_IMAGE_MAX_BYTES read (as park photos). */
async function readImage(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw AppError.validation({ image: IMAGE_MISSING });
  const part = await req.file({
    limits: { fileSize: MARKET_IMAGE_MAX_BYTES, files: 1, fields: 2, fieldSize: 1000, parts: 4 },
    throwFileSizeLimit: false,
  });
  if (!part) throw AppError.validation({ image: IMAGE_MISSING });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MARKET_IMAGE_MAX_BYTES) break;
    chunks.push(chunk);
  }
  if (part.file.truncated || size > MARKET_IMAGE_MAX_BYTES) {
    part.file.resume();
    throw new AppError(413, "image_too_large", IMAGE_TOO_LARGE, { image: IMAGE_TOO_LARGE });
  }
  if (size === 0) throw AppError.validation({ image: IMAGE_MISSING });
  return Buffer.concat(chunks);
}

/** Checks an upload by its content, re-encodes it (resized WebP without EXIF) and stores it. */
async function storeImage(storage: FileStorage, bytes: Buffer, folder: string): Promise<string> {
  let image;
  try {
    image = await processImage(bytes);
  } catch (e) {
    if (e instanceof ImageRejected) throw AppError.validation({ image: IMAGE_TYPE_TEXT });
    throw e;
  }
  return storage.put(`${folder}/${randomUUID()}.webp`, image.large, "image/webp");
}

/**
 * The back office's marketplace section: the catalogue (categories, attributes, items and their
 * variations and images, add-ons), offers, coupons, sliders and Delivery Setup per country.
 */
export function adminMarketplaceRoutes(
  deps: AdminMarketplaceDeps,
  admin: AdminAccess,
): FastifyPluginAsyncZod {
  const { db, clock, storage } = deps;
  return async (app) => {
    const tags = ["Back office: marketplace"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    await app.register(multipart, { limits: { fileSize: MARKET_IMAGE_MAX_BYTES, files: 1 } });
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    const base = "/admin/marketplace";

    // ------------------------------------------------------------------------------ categories
    app.get(
      `${base}/categories`,
      {
        onRequest: admin.permit("marketplace.view"),
        schema: {
          tags,
          operationId: "listAdminMarketCategories",
          summary: "The marketplace's categories, by position, with their item counts",
          querystring: AdminMarketCategoryListQuerySchema,
          response: { 200: AdminMarketCategoryListSchema, ...err },
        },
      },
      async (req) => categories.listCategories(db, req.query),
    );
    app.post(
      `${base}/categories`,
      {
        onRequest: admin.permit("marketplace.create"),
        schema: {
          tags,
          operationId: "createAdminMarketCategory",
          summary: "Create a category (its slug is unique)",
          body: AdminMarketCategoryBodySchema,
          response: { 201: AdminMarketCategorySchema, ...err },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await categories.createCategory(db, auditActor(req), req.body)),
    );
    app.patch(
      `${base}/categories/:id`,
      {
        onRequest: admin.permit("marketplace.update"),
        schema: {
          tags,
          operationId: "updateAdminMarketCategory",
          summary: "Edit a category, or switch it active or inactive",
          params: AdminMarketIdParamsSchema,
          body: AdminMarketCategoryPatchSchema,
          response: { 200: AdminMarketCategorySchema, ...err },
        },
      },
      async (req) => categories.updateCategory(db, auditActor(req), req.params.id, req.body),
    );
    app.delete(
      `${base}/categories/:id`,
      {
        onRequest: admin.permit("marketplace.delete"),
        schema: {
          tags,
          operationId: "deleteAdminMarketCategory",
          summary: "Remove a category that no item or offer uses (409 otherwise: deactivate it)",
          params: AdminMarketIdParamsSchema,
          response: { 200: MessageSchema, 409: ErrorSchema, ...err },
        },
      },
      async (req) => {
        await categories.deleteCategory(db, auditActor(req), req.params.id);
        return { message: "Category removed" };
      },
    );

    // ------------------------------------------------------------------------------ attributes
    app.get(
      `${base}/attributes`,
      {
        onRequest: admin.permit("marketplace.view"),
        schema: {
          tags,
          operationId: "listAdminMarketAttributes",
          summary: "The attributes variations differ by (size, colour…), with their variation counts",
          querystring: AdminMarketAttributeListQuerySchema,
          response: { 200: AdminMarketAttributeListSchema, ...err },
        },
      },
      async (req) => categories.listAttributes(db, req.query),
    );
    app.post(
      `${base}/attributes`,
      {
        onRequest: admin.permit("marketplace.create"),
        schema: {
          tags,
          operationId: "createAdminMarketAttribute",
          summary: "Create an attribute",
          body: AdminMarketAttributeBodySchema,
          response: { 201: AdminMarketAttributeSchema, ...err },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await categories.createAttribute(db, auditActor(req), req.body)),
    );
    app.patch(
      `${base}/attributes/:id`,
      {
        onRequest: admin.permit("marketplace.update"),
        schema: {
          tags,
          operationId: "updateAdminMarketAttribute",
          summary: "Edit an attribute, or switch it active or inactive",
          params: AdminMarketIdParamsSchema,
          body: AdminMarketAttributePatchSchema,
          response: { 200: AdminMarketAttributeSchema, ...err },
        },
      },
      async (req) => categories.updateAttribute(db, auditActor(req), req.params.id, req.body),
    );
    app.delete(
      `${base}/attributes/:id`,
      {
        onRequest: admin.permit("marketplace.delete"),
        schema: {
          tags,
          operationId: "deleteAdminMarketAttribute",
          summary: "Remove an attribute that no variation uses (409 otherwise: deactivate it)",
          params: AdminMarketIdParamsSchema,
          response: { 200: MessageSchema, 409: ErrorSchema, ...err },
        },
      },
      async (req) => {
        await categories.deleteAttribute(db, auditActor(req), req.params.id);
        return { message: "Attribute removed" };
      },
    );

    // ------------------------------------------------------------------------------ items
    app.get(
      `${base}/items`,
      {
        onRequest: admin.permit("marketplace.view"),
        schema: {
          tags,
          operationId: "listAdminMarketItems",
          summary: "Items, last changed first, with country, category, kind, status and search filters",
          querystring: AdminMarketItemListQuerySchema,
          response: { 200: AdminMarketItemListSchema, ...err },
        },
      },
      async (req) => items.listItems(db, req.query),
    );
    app.get(
      `${base}/parks`,
      {
        onRequest: admin.permit("marketplace.view"),
        schema: {
          tags,
          operationId: "listAdminMarketParkChoices",
          summary: "A country's active parks, for the parks where a service is done",
          querystring: AdminMarketParkChoicesQuerySchema,
          response: { 200: AdminMarketParkChoicesSchema, ...err },
        },
      },
      async (req) => addons.parkChoices(db, req.query.country),
    );
    app.post(
      `${base}/items`,
      {
        onRequest: admin.permit("marketplace.create"),
        schema: {
          tags,
          operationId: "createAdminMarketItem",
          summary: "Create an item of a country (price in its currency's major units)",
          body: AdminMarketItemCreateSchema,
          response: { 201: AdminMarketItemSchema, ...err },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await items.createItem(db, auditActor(req), req.body, clock())),
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
    app.patch(
      `${base}/items/:id`,
      {
        onRequest: admin.permit("marketplace.update"),
        schema: {
          tags,
          operationId: "updateAdminMarketItem",
          summary: "Edit an item: only the fields sent change; lists replace the whole list",
          params: AdminMarketIdParamsSchema,
          body: AdminMarketItemPatchSchema,
          response: { 200: AdminMarketItemSchema, ...err },
        },
      },
      async (req) => items.updateItem(db, auditActor(req), req.params.id, req.body, clock()),
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
    app.get(
      `${base}/addons`,
      {
        onRequest: admin.permit("marketplace.view"),
        schema: {
          tags,
          operationId: "listAdminMarketAddons",
          summary: "Add-ons per country, with the number of items offering each",
          querystring: AdminMarketAddonListQuerySchema,
          response: { 200: AdminMarketAddonListSchema, ...err },
        },
      },
      async (req) => addons.listAddons(db, req.query),
    );
    app.post(
      `${base}/addons`,
      {
        onRequest: admin.permit("marketplace.create"),
        schema: {
          tags,
          operationId: "createAdminMarketAddon",
          summary: "Create an add-on of a country",
          body: AdminMarketAddonBodySchema,
          response: { 201: AdminMarketAddonSchema, ...err },
        },
      },
      async (req, reply) => reply.code(201).send(await addons.createAddon(db, auditActor(req), req.body)),
    );
    app.patch(
      `${base}/addons/:id`,
      {
        onRequest: admin.permit("marketplace.update"),
        schema: {
          tags,
          operationId: "updateAdminMarketAddon",
          summary: "Edit an add-on, or switch it active or inactive",
          params: AdminMarketIdParamsSchema,
          body: AdminMarketAddonPatchSchema,
          response: { 200: AdminMarketAddonSchema, ...err },
        },
      },
      async (req) => addons.updateAddon(db, auditActor(req), req.params.id, req.body),
    );

    // ------------------------------------------------------------------------------ offers
    app.get(
      `${base}/offers`,
      {
        onRequest: admin.permit("marketplace.view"),
        schema: {
          tags,
          operationId: "listAdminMarketOffers",
          summary: "Offers, latest ending first, with whether each is live now",
          querystring: AdminMarketOfferListQuerySchema,
          response: { 200: AdminMarketOfferListSchema, ...err },
        },
      },
      async (req) => promotions.listOffers(db, req.query, clock()),
    );
    app.post(
      `${base}/offers`,
      {
        onRequest: admin.permit("marketplace.create"),
        schema: {
          tags,
          operationId: "createAdminMarketOffer",
          summary: "Create an offer on one item or one category, for a window on the country's clock",
          body: AdminMarketOfferBodySchema,
          response: { 201: AdminMarketOfferSchema, ...err },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await promotions.createOffer(db, auditActor(req), req.body, clock())),
    );
    app.patch(
      `${base}/offers/:id`,
      {
        onRequest: admin.permit("marketplace.update"),
        schema: {
          tags,
          operationId: "updateAdminMarketOffer",
          summary: "Edit an offer",
          params: AdminMarketIdParamsSchema,
          body: AdminMarketOfferPatchSchema,
          response: { 200: AdminMarketOfferSchema, ...err },
        },
      },
      async (req) => promotions.updateOffer(db, auditActor(req), req.params.id, req.body, clock()),
    );
    app.delete(
      `${base}/offers/:id`,
      {
        onRequest: admin.permit("marketplace.delete"),
        schema: {
          tags,
          operationId: "deleteAdminMarketOffer",
          summary: "Remove an offer (orders keep the prices they were sold at)",
          params: AdminMarketIdParamsSchema,
          response: { 200: MessageSchema, ...err },
        },
      },
      async (req) => {
        await promotions.deleteOffer(db, auditActor(req), req.params.id);
        return { message: "Offer removed" };
      },
    );

    // ------------------------------------------------------------------------------ coupons
    app.get(
      `${base}/coupons`,
      {
        onRequest: admin.permit("marketplace.view"),
        schema: {
          tags,
          operationId: "listAdminCoupons",
          summary: "Coupons, newest first, with their uses",
          querystring: AdminCouponListQuerySchema,
          response: { 200: AdminCouponListSchema, ...err },
        },
      },
      async (req) => promotions.listCoupons(db, req.query),
    );
    app.post(
      `${base}/coupons`,
      {
        onRequest: admin.permit("marketplace.create"),
        schema: {
          tags,
          operationId: "createAdminCoupon",
          summary: "Create a coupon (code unique per country, stored upper case; a percentage at most 100)",
          body: AdminCouponBodySchema,
          response: { 201: AdminCouponSchema, ...err },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await promotions.createCoupon(db, auditActor(req), req.body, clock())),
    );
    app.patch(
      `${base}/coupons/:id`,
      {
        onRequest: admin.permit("marketplace.update"),
        schema: {
          tags,
          operationId: "updateAdminCoupon",
          summary: "Edit a coupon, or switch it active or inactive",
          params: AdminMarketIdParamsSchema,
          body: AdminCouponPatchSchema,
          response: { 200: AdminCouponSchema, ...err },
        },
      },
      async (req) => promotions.updateCoupon(db, auditActor(req), req.params.id, req.body),
    );
    app.delete(
      `${base}/coupons/:id`,
      {
        onRequest: admin.permit("marketplace.delete"),
        schema: {
          tags,
          operationId: "deleteAdminCoupon",
          summary: "Remove a coupon no order used (409 otherwise: deactivate it)",
          params: AdminMarketIdParamsSchema,
          response: { 200: MessageSchema, 409: ErrorSchema, ...err },
        },
      },
      async (req) => {
        await promotions.deleteCoupon(db, auditActor(req), req.params.id);
        return { message: "Coupon removed" };
      },
    );

    // ------------------------------------------------------------------------------ sliders
    app.get(
      `${base}/sliders`,
      {
        onRequest: admin.permit("marketplace.view"),
        schema: {
          tags,
          operationId: "listAdminMarketSliders",
          summary: "The marketplace home's banners per country, by position",
          querystring: AdminMarketSliderListQuerySchema,
          response: { 200: AdminMarketSliderListSchema, ...err },
        },
      },
      async (req) => promotions.listSliders(db, req.query),
    );
    app.post(
      `${base}/sliders`,
      {
        onRequest: admin.permit("marketplace.create"),
        schema: {
          tags,
          operationId: "createAdminMarketSlider",
          summary: "Create a banner linking to a page of the site",
          body: AdminMarketSliderBodySchema,
          response: { 201: AdminMarketSliderSchema, ...err },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await promotions.createSlider(db, auditActor(req), req.body)),
    );
    app.patch(
      `${base}/sliders/:id`,
      {
        onRequest: admin.permit("marketplace.update"),
        schema: {
          tags,
          operationId: "updateAdminMarketSlider",
          summary: "Edit a banner",
          params: AdminMarketIdParamsSchema,
          body: AdminMarketSliderPatchSchema,
          response: { 200: AdminMarketSliderSchema, ...err },
        },
      },
      async (req) => promotions.updateSlider(db, auditActor(req), req.params.id, req.body),
    );
    app.post(
      `${base}/sliders/:id/image`,
      {
        onRequest: admin.permit("marketplace.update"),
        schema: {
          tags,
          operationId: "setAdminMarketSliderImage",
          summary: "Upload the banner's image (multipart field image): JPEG, PNG or WebP up to 5 MB",
          consumes: ["multipart/form-data"],
          params: AdminMarketIdParamsSchema,
          response: { 200: AdminMarketSliderSchema, 413: ErrorSchema, ...err },
        },
      },
      async (req) => {
        const id = req.params.id;
        await promotions.requireSlider(db, id);
        const url = await storeImage(storage, await readImage(req), `market/sliders/${id}`);
        try {
          const { slider, replaced } = await promotions.setSliderImage(db, auditActor(req), id, url);
          if (replaced) await Promise.allSettled([storage.remove(replaced)]);
          return slider;
        } catch (e) {
          await Promise.allSettled([storage.remove(url)]);
          throw e;
        }
      },
    );
    app.delete(
      `${base}/sliders/:id`,
      {
        onRequest: admin.permit("marketplace.delete"),
        schema: {
          tags,
          operationId: "deleteAdminMarketSlider",
          summary: "Remove a banner",
          params: AdminMarketIdParamsSchema,
          response: { 200: MessageSchema, ...err },
        },
      },
      async (req) => {
        await promotions.deleteSlider(db, auditActor(req), req.params.id);
        return { message: "Slider removed" };
      },
    );

    // ------------------------------------------------------------------------------ delivery setup
    app.get(
      `${base}/delivery/:country`,
      {
        onRequest: admin.permit("marketplace.view"),
        schema: {
          tags,
          operationId: "getDeliverySetup",
          summary: "A country's Delivery Setup: switches, depots, distance bands and time slots",
          params: AdminMarketCountryParamsSchema,
          response: { 200: DeliverySetupSchema, ...err },
        },
      },
      async (req) => delivery.getSetup(db, req.params.country),
    );
    app.put(
      `${base}/delivery/:country`,
      {
        onRequest: admin.permit("marketplace.update"),
        schema: {
          tags,
          operationId: "saveDeliverySetup",
          summary: "Save a country's whole Delivery Setup (depots kept by id; bands and slots replaced)",
          params: AdminMarketCountryParamsSchema,
          body: DeliverySetupBodySchema,
          response: { 200: DeliverySetupSchema, ...err },
        },
      },
      async (req) => delivery.saveSetup(db, auditActor(req), req.params.country, req.body, clock()),
    );
  };
}
