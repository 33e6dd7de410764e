import {
  AdminCouponBodySchema,
  AdminCouponListQuerySchema,
  AdminCouponListSchema,
  AdminCouponPatchSchema,
  AdminCouponSchema,
  AdminMarketCountryParamsSchema,
  AdminMarketIdParamsSchema,
  AdminMarketOfferBodySchema,
  AdminMarketOfferListQuerySchema,
  AdminMarketOfferListSchema,
  AdminMarketOfferPatchSchema,
  AdminMarketOfferSchema,
  AdminMarketSliderBodySchema,
  AdminMarketSliderListQuerySchema,
  AdminMarketSliderListSchema,
  AdminMarketSliderPatchSchema,
  AdminMarketSliderSchema,
  DeliverySetupBodySchema,
  DeliverySetupSchema,
  ErrorSchema,
  MessageSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditActor, type AdminAccess } from "../../../plugins/admin-access";
import * as delivery from "./delivery-setup.service";
import * as promotions from "./promotions.service";

import type { AdminMarketplaceDeps } from "./admin-marketplace.routes";
import { readImage, storeImage } from "./market-images";

/** Offers, coupons, sliders with their images, and Delivery Setup per country. Registered by adminMarketplaceRoutes, under its guard, upload limits and headers. */
export function adminPromotionRoutes(deps: AdminMarketplaceDeps, admin: AdminAccess): FastifyPluginAsyncZod {
  const { db, clock, storage } = deps;
  return async (app) => {
    const tags = ["Back office: marketplace"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    const base = "/admin/marketplace";

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
