import multipart from "@fastify/multipart";
import {
  AdminChargerCreateSchema,
  AdminChargerParamsSchema,
  AdminChargerPatchSchema,
  AdminOperatorsSchema,
  AdminParkChargersSchema,
  AdminParkCapacitiesBodySchema,
  AdminParkCreateSchema,
  AdminParkListQuerySchema,
  AdminParkListSchema,
  AdminParkParamsSchema,
  AdminParkPatchSchema,
  AdminParkPhotoOrderSchema,
  AdminParkPhotoParamsSchema,
  AdminParkRatesBodySchema,
  AdminParkSchema,
  AdminGuaranteeOfferPageSchema,
  AdminPageQuerySchema,
  AdminRateRuleBodySchema,
  AdminRateRuleParamsSchema,
  AdminRateRulesSchema,
  CapacityConflictSchema,
  ChargerConflictSchema,
  ClosureConflictSchema,
  ErrorSchema,
  ParkChoiceListSchema,
  ParkChoicesQuerySchema,
  ParkInUseSchema,
  PARK_PHOTO_MAX_BYTES,
} from "@parkwell/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import type { FileStorage } from "../../../lib/file-storage";
import type { Jobs } from "../../../jobs/queue";
import { z } from "zod";
import { auditActor, requireStaff, type AdminAccess } from "../../../plugins/admin-access";
import { parkChoices } from "../park-choices";
import * as parks from "./admin-parks.service";
import * as spaces from "./admin-park-spaces.service";
import * as chargers from "./park-chargers.service";
import * as photos from "./park-photos.service";
import * as rateRules from "./rate-rules.service";

export interface AdminParksDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  /** Where a closure's offers queue their e-mails, in its transaction. */
  jobs: Jobs;
}

const PHOTO_TOO_LARGE = "The photo is larger than 5 MB";
const PHOTO_MISSING = "Choose a photo to upload (a multipart/form-data field named photo)";

/**
 * Reads the one file of a multipart upload, never more than PARK_PHOTO_MAX_BYTES: past the limit
 * the parser stops reading and the upload is refused with 413 (nothing is kept).
 */
export async function readPhoto(req: FastifyRequest): Promise<{ bytes: Buffer; alt: string }> {
  if (!req.isMultipart()) throw AppError.validation({ photo: PHOTO_MISSING });
  const part = await req.file({
    limits: { fileSize: PARK_PHOTO_MAX_BYTES, files: 1, fields: 4, fieldSize: 1000, parts: 6 },
    throwFileSizeLimit: false,
  });
  if (!part) throw AppError.validation({ photo: PHOTO_MISSING });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > PARK_PHOTO_MAX_BYTES) break;
    chunks.push(chunk);
  }
  if (part.file.truncated || size > PARK_PHOTO_MAX_BYTES) {
    part.file.resume();
    throw new AppError(413, "photo_too_large", PHOTO_TOO_LARGE, { photo: PHOTO_TOO_LARGE });
  }
  if (size === 0) throw AppError.validation({ photo: PHOTO_MISSING });
  const altField = part.fields.alt;
  const alt = altField && !Array.isArray(altField) && altField.type === "field" ? String(altField.value) : "";
  return { bytes: Buffer.concat(chunks), alt };
}

/** The back office's parks: list, create, edit, deactivate, rates, busy-time rules, capacities, photos and chargers. */
export function adminParksRoutes(deps: AdminParksDeps, admin: AdminAccess): FastifyPluginAsyncZod {
  const { db, clock, storage, jobs } = deps;
  return async (app) => {
    const tags = ["Back office: parks"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    await app.register(multipart, { limits: { fileSize: PARK_PHOTO_MAX_BYTES, files: 1 } });
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/admin/parks",
      {
        onRequest: admin.permit("parks.view"),
        schema: {
          tags,
          operationId: "listAdminParks",
          summary: "The parks in my scope, by name, with search, status and country filters",
          querystring: AdminParkListQuerySchema,
          response: { 200: AdminParkListSchema, ...err },
        },
      },
      async (req) => parks.list(db, requireStaff(req), req.query),
    );

    app.get(
      "/admin/parks/choices",
      {
        onRequest: admin.permit(),
        schema: {
          tags,
          operationId: "listAdminParkChoices",
          summary: "The parks I may act on with a permission, for every park picker",
          querystring: ParkChoicesQuerySchema,
          response: { 200: ParkChoiceListSchema, ...err },
        },
      },
      async (req) => parkChoices(db, requireStaff(req), req.query),
    );

    app.get(
      "/admin/parks/operators",
      {
        onRequest: admin.permit("parks.create"),
        schema: {
          tags,
          operationId: "listAdminParkOperators",
          summary: "The operators a park can belong to (Parkwell's admins choose one)",
          response: { 200: AdminOperatorsSchema, ...err },
        },
      },
      async () => parks.operators(db),
    );

    app.post(
      "/admin/parks",
      {
        onRequest: admin.permit("parks.create"),
        schema: {
          tags,
          operationId: "createAdminPark",
          summary: "Create a park (its slug and park code are made once, never changed)",
          body: AdminParkCreateSchema,
          response: { 201: AdminParkSchema, ...err },
        },
      },
      async (req, reply) => {
        const park = await parks.create(db, requireStaff(req), auditActor(req), req.body);
        return reply.code(201).send(park);
      },
    );

    app.get(
      "/admin/parks/:id",
      {
        onRequest: admin.permit("parks.view"),
        schema: {
          tags,
          operationId: "getAdminPark",
          summary: "A park with its rates, capacities and photos",
          params: AdminParkParamsSchema,
          response: { 200: AdminParkSchema, ...err },
        },
      },
      async (req) => parks.get(db, requireStaff(req), req.params.id),
    );

    app.patch(
      "/admin/parks/:id",
      {
        onRequest: admin.permit("parks.update"),
        schema: {
          tags,
          operationId: "updateAdminPark",
          summary:
            "Edit a park; status inactive deactivates it (needs parks.delete too); 409 park_in_use when its country or time zone would change while things there are not finished; 409 closure_conflict listing what new closure days hit until confirm_closures is sent, then each booking hit is offered the space guarantee and each monthly pass term hit gets back its closed days' share at once",
          params: AdminParkParamsSchema,
          body: AdminParkPatchSchema,
          response: { 200: AdminParkSchema, 409: z.union([ParkInUseSchema, ClosureConflictSchema]), ...err },
        },
      },
      async (req) =>
        parks.update({ db, jobs }, requireStaff(req), auditActor(req), req.params.id, req.body, clock()),
    );

    app.get(
      "/admin/parks/:id/guarantee-offers",
      {
        onRequest: admin.permit("parks.view"),
        schema: {
          tags,
          operationId: "listAdminParkGuaranteeOffers",
          summary:
            "The space guarantee's offers made by the park's closures, newest first, and what they cost per currency: refunds, the differences paid by the operator and by Parkwell, and what monthly passes got back for their closed days",
          params: AdminParkParamsSchema,
          querystring: AdminPageQuerySchema,
          response: { 200: AdminGuaranteeOfferPageSchema, ...err },
        },
      },
      async (req) => parks.guaranteeOffers(db, requireStaff(req), req.params.id, req.query),
    );

    app.put(
      "/admin/parks/:id/rates",
      {
        onRequest: admin.permit("parks.update"),
        schema: {
          tags,
          operationId: "setAdminParkRates",
          summary: "Replace the park's standard rates per vehicle type (major units)",
          params: AdminParkParamsSchema,
          body: AdminParkRatesBodySchema,
          response: { 200: AdminParkSchema, ...err },
        },
      },
      async (req) => spaces.setRates(db, requireStaff(req), auditActor(req), req.params.id, req.body),
    );

    app.get(
      "/admin/parks/:id/rate-rules",
      {
        onRequest: admin.permit("parks.view"),
        schema: {
          tags,
          operationId: "listAdminParkRateRules",
          summary:
            "The park's busy-time rules (decision 059), oldest first, with their currency and the park's clock",
          params: AdminParkParamsSchema,
          response: { 200: AdminRateRulesSchema, ...err },
        },
      },
      async (req) => rateRules.list(db, requireStaff(req), req.params.id),
    );

    app.post(
      "/admin/parks/:id/rate-rules",
      {
        onRequest: admin.permit("parks.update"),
        schema: {
          tags,
          operationId: "addAdminParkRateRule",
          summary:
            "Add a busy-time rule: a percentage of the parking (up or down) when its days, times, dates and occupancy band hold, within a floor and a ceiling (major units); answers the park's rules",
          params: AdminParkParamsSchema,
          body: AdminRateRuleBodySchema,
          response: { 201: AdminRateRulesSchema, ...err },
        },
      },
      async (req, reply) => {
        const list = await rateRules.add(db, requireStaff(req), auditActor(req), req.params.id, req.body);
        return reply.code(201).send(list);
      },
    );

    app.put(
      "/admin/parks/:id/rate-rules/:rule",
      {
        onRequest: admin.permit("parks.update"),
        schema: {
          tags,
          operationId: "updateAdminParkRateRule",
          summary: "Replace a busy-time rule (the whole rule is sent); answers the park's rules",
          params: AdminRateRuleParamsSchema,
          body: AdminRateRuleBodySchema,
          response: { 200: AdminRateRulesSchema, ...err },
        },
      },
      async (req) =>
        rateRules.update(
          db,
          requireStaff(req),
          auditActor(req),
          req.params.id,
          req.params.rule,
          req.body,
          clock(),
        ),
    );

    app.delete(
      "/admin/parks/:id/rate-rules/:rule",
      {
        onRequest: admin.permit("parks.update"),
        schema: {
          tags,
          operationId: "deleteAdminParkRateRule",
          summary:
            "Delete a busy-time rule (bookings keep the price they were charged); answers the park's rules",
          params: AdminRateRuleParamsSchema,
          response: { 200: AdminRateRulesSchema, ...err },
        },
      },
      async (req) => rateRules.remove(db, requireStaff(req), auditActor(req), req.params.id, req.params.rule),
    );

    app.put(
      "/admin/parks/:id/capacities",
      {
        onRequest: admin.permit("parks.update"),
        schema: {
          tags,
          operationId: "setAdminParkCapacities",
          summary:
            "Replace the park's spaces per vehicle type; 409 lists the bookings a lower one would strand",
          params: AdminParkParamsSchema,
          body: AdminParkCapacitiesBodySchema,
          response: { 200: AdminParkSchema, 409: CapacityConflictSchema, ...err },
        },
      },
      async (req) =>
        spaces.setCapacities(
          { db, jobs },
          requireStaff(req),
          auditActor(req),
          req.params.id,
          req.body,
          clock(),
        ),
    );

    app.post(
      "/admin/parks/:id/photos",
      {
        onRequest: admin.permit("parks.update"),
        schema: {
          tags,
          operationId: "addAdminParkPhoto",
          summary:
            "Upload a photo (multipart field photo, optional field alt first): JPEG, PNG or WebP up to 5 MB",
          consumes: ["multipart/form-data"],
          params: AdminParkParamsSchema,
          response: { 201: AdminParkSchema, 413: ErrorSchema, ...err },
        },
      },
      async (req, reply) => {
        const access = requireStaff(req);
        // The scope first: another operator's park is a 404 before its upload is even read.
        await parks.requirePark(db, access, req.params.id);
        const { bytes, alt } = await readPhoto(req);
        const park = await photos.addPhoto(
          { db, storage },
          access,
          auditActor(req),
          req.params.id,
          bytes,
          alt,
        );
        return reply.code(201).send(park);
      },
    );

    app.put(
      "/admin/parks/:id/photos/order",
      {
        onRequest: admin.permit("parks.update"),
        schema: {
          tags,
          operationId: "orderAdminParkPhotos",
          summary: "Put the park's photos in a new order",
          params: AdminParkParamsSchema,
          body: AdminParkPhotoOrderSchema,
          response: { 200: AdminParkSchema, ...err },
        },
      },
      async (req) =>
        photos.reorderPhotos(
          { db, storage },
          requireStaff(req),
          auditActor(req),
          req.params.id,
          req.body.order,
        ),
    );

    app.get(
      "/admin/parks/:id/chargers",
      {
        onRequest: admin.permit("parks.view"),
        schema: {
          tags,
          operationId: "listAdminParkChargers",
          summary: "The park's EV chargers (active and inactive) with the currency of their prices",
          params: AdminParkParamsSchema,
          response: { 200: AdminParkChargersSchema, ...err },
        },
      },
      async (req) => chargers.list(db, requireStaff(req), req.params.id),
    );

    app.post(
      "/admin/parks/:id/chargers",
      {
        onRequest: admin.permit("parks.update"),
        schema: {
          tags,
          operationId: "addAdminParkCharger",
          summary:
            "Add a group of EV chargers (connector, kW, count, price per kWh or per hour in major units); answers the park's chargers",
          params: AdminParkParamsSchema,
          body: AdminChargerCreateSchema,
          response: { 201: AdminParkChargersSchema, ...err },
        },
      },
      async (req, reply) => {
        const list = await chargers.add(db, requireStaff(req), auditActor(req), req.params.id, req.body);
        return reply.code(201).send(list);
      },
    );

    app.patch(
      "/admin/parks/:id/chargers/:charger",
      {
        onRequest: admin.permit("parks.update"),
        schema: {
          tags,
          operationId: "updateAdminParkCharger",
          summary:
            "Edit a group of EV chargers; status inactive deactivates it; answers the park's chargers; 409 lists the bookings a lower count or the deactivation would strand",
          params: AdminChargerParamsSchema,
          body: AdminChargerPatchSchema,
          response: { 200: AdminParkChargersSchema, 409: ChargerConflictSchema, ...err },
        },
      },
      async (req) =>
        chargers.update(
          db,
          requireStaff(req),
          auditActor(req),
          req.params.id,
          req.params.charger,
          req.body,
          clock(),
        ),
    );

    app.delete(
      "/admin/parks/:id/photos/:n",
      {
        onRequest: admin.permit("parks.update"),
        schema: {
          tags,
          operationId: "deleteAdminParkPhoto",
          summary: "Remove the park's photo at position n (0 for the first)",
          params: AdminParkPhotoParamsSchema,
          response: { 200: AdminParkSchema, ...err },
        },
      },
      async (req) =>
        photos.removePhoto({ db, storage }, requireStaff(req), auditActor(req), req.params.id, req.params.n),
    );
  };
}
