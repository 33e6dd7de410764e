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
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditActor, type AdminAccess } from "../../../plugins/admin-access";
import * as delivery from "./delivery-setup.service";
import * as promotions from "./promotions.service";

import type { AdminMarketplaceDeps } from "./admin-marketplace.routes";
import { readImage, storeImage } from "./market-images";
import { marketResourceRoutes } from "./market-resource.routes";

/** Offers, coupons, sliders with their images, and Delivery Setup per country. Registered by adminMarketplaceRoutes, under its guard, upload limits and headers. */
export function adminPromotionRoutes(deps: AdminMarketplaceDeps, admin: AdminAccess): FastifyPluginAsyncZod {
  const { db, clock, storage } = deps;
  return async (app) => {
    const tags = ["Back office: marketplace"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    const base = "/admin/marketplace";

    const resource = marketResourceRoutes(app, admin);

    // ------------------------------------------------------------------------------ offers
    resource.list(
      `${base}/offers`,
      {
        operationId: "listAdminMarketOffers",
        summary: "Offers, latest ending first, with whether each is live now",
        querystring: AdminMarketOfferListQuerySchema,
        response: AdminMarketOfferListSchema,
      },
      (query) => promotions.listOffers(db, query, clock()),
    );
    resource.create(
      `${base}/offers`,
      {
        operationId: "createAdminMarketOffer",
        summary: "Create an offer on one item or one category, for a window on the country's clock",
        body: AdminMarketOfferBodySchema,
        response: AdminMarketOfferSchema,
      },
      (actor, body) => promotions.createOffer(db, actor, body, clock()),
    );
    resource.update(
      `${base}/offers`,
      {
        operationId: "updateAdminMarketOffer",
        summary: "Edit an offer",
        body: AdminMarketOfferPatchSchema,
        response: AdminMarketOfferSchema,
      },
      (actor, id, body) => promotions.updateOffer(db, actor, id, body, clock()),
    );
    resource.remove(
      `${base}/offers`,
      {
        operationId: "deleteAdminMarketOffer",
        summary: "Remove an offer (orders keep the prices they were sold at)",
        message: "Offer removed",
      },
      (actor, id) => promotions.deleteOffer(db, actor, id),
    );

    // ------------------------------------------------------------------------------ coupons
    resource.list(
      `${base}/coupons`,
      {
        operationId: "listAdminCoupons",
        summary: "Coupons, newest first, with their uses",
        querystring: AdminCouponListQuerySchema,
        response: AdminCouponListSchema,
      },
      (query) => promotions.listCoupons(db, query),
    );
    resource.create(
      `${base}/coupons`,
      {
        operationId: "createAdminCoupon",
        summary: "Create a coupon (code unique per country, stored upper case; a percentage at most 100)",
        body: AdminCouponBodySchema,
        response: AdminCouponSchema,
      },
      (actor, body) => promotions.createCoupon(db, actor, body, clock()),
    );
    resource.update(
      `${base}/coupons`,
      {
        operationId: "updateAdminCoupon",
        summary: "Edit a coupon, or switch it active or inactive",
        body: AdminCouponPatchSchema,
        response: AdminCouponSchema,
      },
      (actor, id, body) => promotions.updateCoupon(db, actor, id, body),
    );
    resource.remove(
      `${base}/coupons`,
      {
        operationId: "deleteAdminCoupon",
        summary: "Remove a coupon no order used (409 otherwise: deactivate it)",
        conflict: true,
        message: "Coupon removed",
      },
      (actor, id) => promotions.deleteCoupon(db, actor, id),
    );

    // ------------------------------------------------------------------------------ sliders
    resource.list(
      `${base}/sliders`,
      {
        operationId: "listAdminMarketSliders",
        summary: "The marketplace home's banners per country, by position",
        querystring: AdminMarketSliderListQuerySchema,
        response: AdminMarketSliderListSchema,
      },
      (query) => promotions.listSliders(db, query),
    );
    resource.create(
      `${base}/sliders`,
      {
        operationId: "createAdminMarketSlider",
        summary: "Create a banner linking to a page of the site",
        body: AdminMarketSliderBodySchema,
        response: AdminMarketSliderSchema,
      },
      (actor, body) => promotions.createSlider(db, actor, body),
    );
    resource.update(
      `${base}/sliders`,
      {
        operationId: "updateAdminMarketSlider",
        summary: "Edit a banner",
        body: AdminMarketSliderPatchSchema,
        response: AdminMarketSliderSchema,
      },
      (actor, id, body) => promotions.updateSlider(db, actor, id, body),
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
    resource.remove(
      `${base}/sliders`,
      {
        operationId: "deleteAdminMarketSlider",
        summary: "Remove a banner",
        message: "Slider removed",
      },
      (actor, id) => promotions.deleteSlider(db, actor, id),
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
