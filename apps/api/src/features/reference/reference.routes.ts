import {
  CountryListSchema,
  ErrorSchema,
  FeesQuerySchema,
  FeesSchema,
  StateListSchema,
  StatesQuerySchema,
  TaxDistrictListSchema,
  TaxDistrictsQuerySchema,
  VehicleTypeListSchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import * as service from "./reference.service";
import { servedCountries } from "./served-countries";

/** Public reference data: countries, states, tax districts, fees and vehicle types. No token needed. */
export function referenceRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Reference data"];
    // Reference data changes only with a deploy; let browsers and CDNs keep it briefly.
    const cache = "public, max-age=300";
    const served = servedCountries(db);

    app.get(
      "/countries",
      {
        schema: {
          tags,
          operationId: "listCountries",
          summary: "Countries Parkwell operates in",
          response: { 200: CountryListSchema },
        },
      },
      async (_req, reply) => reply.header("cache-control", cache).send(await service.getCountries(served)),
    );

    app.get(
      "/states/load",
      {
        schema: {
          tags,
          operationId: "listStates",
          summary: "States, provinces or regions of a country",
          querystring: StatesQuerySchema,
          response: { 200: StateListSchema, 422: ErrorSchema },
        },
      },
      async (req, reply) =>
        reply.header("cache-control", cache).send(await service.getStates(db, req.query.country_id)),
    );

    app.get(
      "/tax-districts",
      {
        schema: {
          tags,
          operationId: "listTaxDistricts",
          summary: "The tax districts of a state (cities or regions that tax parking, decision 049)",
          querystring: TaxDistrictsQuerySchema,
          response: { 200: TaxDistrictListSchema, 422: ErrorSchema },
        },
      },
      async (req, reply) =>
        reply.header("cache-control", cache).send(await service.getTaxDistricts(db, req.query.state_id)),
    );

    app.get(
      "/front/fees",
      {
        schema: {
          tags,
          operationId: "getFees",
          summary: "A country's booking fees, tax and wallet top-up limits",
          querystring: FeesQuerySchema,
          response: { 200: FeesSchema, 404: ErrorSchema, 422: ErrorSchema },
        },
      },
      async (req, reply) =>
        reply.header("cache-control", cache).send(await service.getFees(served, req.query.country_id)),
    );

    app.get(
      "/vehicles/public",
      {
        schema: {
          tags,
          operationId: "listVehicleTypes",
          summary: "Vehicle types (1 = Car, the default)",
          response: { 200: VehicleTypeListSchema },
        },
      },
      async (_req, reply) => reply.header("cache-control", cache).send(await service.getVehicleTypes(db)),
    );
  };
}
