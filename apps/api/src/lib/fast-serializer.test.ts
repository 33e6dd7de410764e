import { ErrorSchema, ParkPageSchema, type ParkPage, type ParkSummary } from "@parkwell/contract";
import { serializerCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { fastSerializerCompiler } from "./fast-serializer";

/** The app's default serializer (zod, then JSON.stringify): the reference. */
const reference = (schema: unknown) =>
  serializerCompiler({ schema, method: "GET", url: "/", httpStatus: "200" } as never) as (
    data: unknown,
  ) => string;
const compiled = (schema: unknown) => fastSerializerCompiler({ schema });

const park: ParkSummary = {
  id: 7,
  slug: "ikeja-city-mall-p1",
  park_code: "ICM1",
  name: 'Ikeja "City" Mall — P1 ⛱',
  type: "mall",
  address: "194 Obafemi Awolowo Way",
  city: "Ikeja",
  state: null,
  country_code: "NG",
  lat: 6.6142,
  lng: 3.3578,
  open_24h: false,
  amenities: ["covered", "cctv"],
  distance_km: 1.234,
  rating: { average: 4.3, count: 12 },
  price_from: { vehicle_type_id: 1, currency: "NGN", hourly: 500, daily_max: 4000 },
  availability: {
    capacity: 120,
    available: 0,
    bookable: false,
    reason: "This car park is closed on Sundays.",
    price: {
      amount: 1612.5,
      currency: "NGN",
      breakdown: {
        hours: 3,
        days: 0,
        parking: 1500,
        service_fee: 0,
        booking_fee: 0,
        tax: 112.5,
        tax_name: "VAT",
        taxes: [{ name: "VAT", rate_percent: 7.5, amount: 112.5 }],
        total: 1612.5,
      },
    },
  },
};

describe("the compiled response serializer", () => {
  it("writes the same JSON as zod's for every optional and nullable part of a search page", () => {
    const pages: ParkPage[] = [
      { items: [park], total: 1, page: 1, size: 10, pages: 1 },
      {
        items: [
          { ...park, distance_km: undefined, availability: undefined, price_from: null, state: "Lagos" },
          { ...park, availability: { capacity: 0, available: 0, price: null, bookable: true } },
        ],
        total: 500,
        page: 2,
        size: 2,
        pages: 250,
      },
      { items: [], total: 0, page: 1, size: 10, pages: 1 },
    ];
    for (const page of pages) {
      expect(JSON.parse(compiled(ParkPageSchema)(page))).toEqual(JSON.parse(reference(ParkPageSchema)(page)));
    }
  });

  it("leaves out what the schema does not name, as zod does", () => {
    const leaky = {
      items: [{ ...park, operator_email: "ops@example.com" }],
      total: 1,
      page: 1,
      size: 10,
      pages: 1,
    };
    const out = compiled(ParkPageSchema)(leaky);
    expect(out).not.toContain("operator_email");
    expect(JSON.parse(out)).toEqual(JSON.parse(reference(ParkPageSchema)(leaky)));
  });

  it("writes error bodies with their fields", () => {
    const body = {
      message: "lat must be between -90 and 90",
      code: "validation",
      fields: { lat: "too big" },
    };
    expect(JSON.parse(compiled(ErrorSchema)(body))).toEqual(body);
    expect(JSON.parse(compiled(ErrorSchema)({ message: "Park not found", code: "not_found" }))).toEqual({
      message: "Park not found",
      code: "not_found",
    });
  });
});
