import {
  AvailabilityQuerySchema,
  ChargingParkListSchema,
  ChargingParksQuerySchema,
  AvailabilitySchema,
  ErrorSchema,
  ParkDetailSchema,
  ParkFiguresSchema,
  ParkListQuerySchema,
  ParkPageSchema,
  ParkRateQuerySchema,
  ParkRateSchema,
  ParkRefParamsSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import type { ServedCountries } from "../reference/served-countries";
import type { Clock } from "../../lib/clock";
import { requestLanguage } from "../../lib/language";
import { AppError } from "../../lib/app-error";
import { fastSerializerCompiler } from "../../lib/fast-serializer";
import * as parkService from "./park-page.service";
import * as service from "./parks.service";
import { listChargingParks } from "./charging-parks.service";

/** What a client sends when it has no id: docs/PRODUCT-RULES.md asks for 'Park ID is required'. */
const MISSING_ID = new Set(["", "undefined", "null"]);
const parkRef = (value: string) => {
  if (MISSING_ID.has(value.trim())) throw AppError.validation({ park: "Park ID is required" });
  return value.trim();
};

/**
 * Public park discovery: search, park page, rate and availability. No token needed. The browsing
 * reads `read` (the public reads' pool, a replica when one is in rotation: docs/decisions/
 * 037-read-replicas.md); availability, which the checkout shows before a driver pays, reads the
 * primary (`primary`). The country facts are the app's copy (`countries`, of the root handle).
 */
export function parksRoutes(
  handles: { read: Db; primary: Db },
  clock: Clock,
  countries: ServedCountries,
  /** The home page's figures, counted at most once a minute (a copy per app: app.ts). */
  figures = service.cachedParkFigures(clock),
): FastifyPluginAsyncZod {
  const { read: db, primary } = handles;
  return async (app) => {
    const tags = ["Parks"];
    const errors = { 404: ErrorSchema, 422: ErrorSchema };
    // Parks and prices change rarely; a short shared cache keeps hot searches off the database.
    const cache = "public, max-age=30";

    // The clients' path ends in a slash; accept both spellings. The document names the clients'
    // spelling only: the other is the same operation, and one operation has one operationId.
    for (const url of ["/parks/front/parks", "/parks/front/parks/"]) {
      app.get(
        url,
        {
          schema: {
            hide: url !== "/parks/front/parks/",
            tags,
            operationId: "listParks",
            summary: "Search parks by country, text, coordinates, type, amenities and time window",
            querystring: ParkListQuerySchema,
            response: { 200: ParkPageSchema, ...errors },
          },
          serializerCompiler: fastSerializerCompiler,
        },
        async (req, reply) => {
          const language = requestLanguage(req.headers["accept-language"]);
          const page = await service.searchParks(db, countries, req.query, clock(), language);
          // With a window, an item may carry a reason written in the request's language.
          if (req.query.start_time) reply.header("vary", "accept-language");
          return reply.header("cache-control", cache).send(page);
        },
      );
    }

    app.get(
      "/ev-charging/parks",
      {
        schema: {
          tags,
          operationId: "listChargingParks",
          summary: "A country's parks with EV chargers, by name, with their chargers and prices",
          querystring: ChargingParksQuerySchema,
          response: { 200: ChargingParkListSchema, 422: ErrorSchema },
        },
      },
      async (req, reply) =>
        reply.header("cache-control", cache).send(await listChargingParks(db, countries, req.query)),
    );

    app.get(
      "/parks/front/figures",
      {
        schema: {
          tags,
          operationId: "getParkFigures",
          summary:
            "The network in figures: active parks, cities and countries; the last 30 days' active drivers and bookings and the last 12 months' satisfaction rate, each when it has enough data (else null)",
          response: { 200: ParkFiguresSchema },
        },
      },
      async (_req, reply) => reply.header("cache-control", "public, max-age=300").send(await figures(db)),
    );

    const missing = async () => {
      throw AppError.validation({ park: "Park ID is required" });
    };
    app.get("/front/parks", { schema: { hide: true } }, missing);
    app.get("/front/parks/", { schema: { hide: true } }, missing);

    app.get(
      "/front/parks/:park",
      {
        schema: {
          tags,
          operationId: "getPark",
          summary: "A park by id, slug or park code (the QR sign at the entrance)",
          params: ParkRefParamsSchema,
          response: { 200: ParkDetailSchema, ...errors, 410: ErrorSchema },
        },
      },
      async (req, reply) => {
        const language = requestLanguage(req.headers["accept-language"]);
        const park = await parkService.getPark(db, countries, parkRef(req.params.park), language);
        // The texts follow the request's language.
        return reply.header("cache-control", cache).header("vary", "accept-language").send(park);
      },
    );

    app.get(
      "/front/parks/:park/rate",
      {
        schema: {
          tags,
          operationId: "getParkRate",
          summary: "A park's standard rate for a vehicle type (Car by default)",
          params: ParkRefParamsSchema,
          querystring: ParkRateQuerySchema,
          response: { 200: ParkRateSchema, ...errors },
        },
      },
      async (req, reply) =>
        reply
          .header("cache-control", cache)
          .send(
            await parkService.getRate(db, countries, parkRef(req.params.park), req.query.vehicle_type_id),
          ),
    );

    app.get(
      "/front/parks/:park/availability",
      {
        schema: {
          tags,
          operationId: "getParkAvailability",
          summary: "Spaces and the total price (fees included) for a time window",
          params: ParkRefParamsSchema,
          querystring: AvailabilityQuerySchema,
          response: { 200: AvailabilitySchema, ...errors },
        },
      },
      async (req, reply) =>
        reply
          .header("cache-control", "no-store")
          .send(
            await parkService.getAvailability(
              primary,
              countries,
              parkRef(req.params.park),
              req.query,
              clock(),
              requestLanguage(req.headers["accept-language"]),
            ),
          ),
    );
  };
}
