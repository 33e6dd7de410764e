/** The event editor's values, the schema they are checked with and the body they make. */
import {
  AdminEventCreateSchema,
  AdminEventVenueInputSchema,
  type AdminEvent,
  type AdminEventCreate,
  type AdminEventCreateParsed,
  type AllocationConflict,
  type VehicleType,
} from "@parkwell/contract";
import { z } from "zod";
import { COUNTRY_CENTERS } from "../../../components/map/map-config";
import { ApiError } from "../../../lib/api";
import { firstServedCountryCode, servedZoneOf } from "../../../lib/country";
import { parseNumber } from "../../../lib/format";
import type { SchemaForm } from "../../../lib/use-schema-form";

export interface PriceValues {
  vehicle_type_id: number;
  price: string;
  allocation: string;
}
export interface ParkValues {
  park_id: string;
  before: string;
  after: string;
  prices: PriceValues[];
}
export interface EventValues {
  name: string;
  category: string;
  visibility: string;
  access_code: string;
  en_description: string;
  fr_description: string;
  venue_name: string;
  venue_address: string;
  venue_city: string;
  country: string;
  lat: string;
  lng: string;
  time_zone: string;
  start_local: string;
  end_local: string;
  parks: ParkValues[];
}

/** The API's field names and the form's, where they differ (the form keeps the venue's fields flat). */
export const FORM_FIELD: Record<string, keyof EventValues> = {
  "venue.name": "venue_name",
  "venue.address": "venue_address",
  "venue.city": "venue_city",
  "venue.country_code": "country",
  "venue.lat": "lat",
  "venue.lng": "lng",
};

const { shape } = AdminEventCreateSchema;
const venue = AdminEventVenueInputSchema.shape;
/**
 * The contract's rules with the venue's fields flat, so each mistake shows at its own field; its
 * output is the API's body.
 */
export const FormSchema = z
  .object({
    name: shape.name,
    description: shape.description,
    category: shape.category,
    visibility: shape.visibility,
    access_code: shape.access_code,
    venue_name: venue.name,
    venue_address: venue.address,
    venue_city: venue.city,
    country: venue.country_code,
    lat: venue.lat,
    lng: venue.lng,
    time_zone: shape.time_zone,
    start_local: shape.start_local,
    end_local: shape.end_local,
    parks: shape.parks,
  })
  .transform(
    ({ venue_name, venue_address, venue_city, country, lat, lng, ...rest }): AdminEventCreateParsed => ({
      ...rest,
      venue: { name: venue_name, address: venue_address, city: venue_city, country_code: country, lat, lng },
    }),
  );

export function priceRows(
  types: VehicleType[],
  prices: AdminEvent["parks"][number]["prices"] = [],
): PriceValues[] {
  return types.map((v) => {
    const p = prices.find((x) => x.vehicle_type_id === v.id);
    return {
      vehicle_type_id: v.id,
      price: p ? String(p.price) : "",
      allocation: p ? String(p.allocation) : "",
    };
  });
}

export function valuesOf(e: AdminEvent | undefined, types: VehicleType[]): EventValues {
  const country = e?.venue.country_code ?? firstServedCountryCode();
  const center = COUNTRY_CENTERS[country] ?? [0, 0];
  return {
    name: e?.name ?? "",
    category: e?.category ?? "sport",
    visibility: e?.visibility ?? "public",
    access_code: "",
    en_description: e?.description.en ?? "",
    fr_description: e?.description.fr ?? "",
    venue_name: e?.venue.name ?? "",
    venue_address: e?.venue.address ?? "",
    venue_city: e?.venue.city ?? "",
    country,
    lat: String(e?.venue.lat ?? center[0]),
    lng: String(e?.venue.lng ?? center[1]),
    time_zone: e?.time_zone ?? servedZoneOf(country) ?? "Africa/Lagos",
    start_local: e?.start_local ?? "",
    end_local: e?.end_local ?? "",
    parks: (e?.parks ?? []).map((p) => ({
      park_id: String(p.park_id),
      before: String(p.arrive_before_minutes),
      after: String(p.depart_after_minutes),
      prices: priceRows(types, p.prices),
    })),
  };
}

/** The prices a park row sends: the vehicle types given a price or an allocation. */
export const offered = (p: ParkValues) =>
  p.prices.filter((r) => r.price.trim() !== "" || r.allocation.trim() !== "");

/**
 * The form's values as the schema reads them (strings to numbers as the language writes them,
 * empty price rows left out).
 */
export function inputOf(v: EventValues, language: string): z.input<typeof FormSchema> {
  const num = (s: string) => parseNumber(s, language);
  return {
    name: v.name,
    description: { en: v.en_description, fr: v.fr_description },
    category: v.category as AdminEventCreate["category"],
    visibility: v.visibility as AdminEventCreate["visibility"],
    ...(v.visibility === "private" && v.access_code.trim() !== "" ? { access_code: v.access_code } : {}),
    venue_name: v.venue_name,
    venue_address: v.venue_address,
    venue_city: v.venue_city,
    country: v.country,
    lat: num(v.lat),
    lng: num(v.lng),
    time_zone: v.time_zone,
    start_local: v.start_local,
    end_local: v.end_local,
    parks: v.parks.map((p) => ({
      park_id: num(p.park_id),
      arrive_before_minutes: num(p.before),
      depart_after_minutes: num(p.after),
      prices: offered(p).map((r) => ({
        vehicle_type_id: r.vehicle_type_id,
        price: num(r.price),
        allocation: num(r.allocation),
      })),
    })),
  };
}

/** What a refused save or publish carries when allocations do not fit. */
export const conflictsOf = (err: unknown): AllocationConflict | null =>
  err instanceof ApiError && err.code === "allocation_conflict" ? (err.body as AllocationConflict) : null;

/** The event editor's form (useSchemaForm over EventValues, its output the API's body). */
export type EventFormApi = SchemaForm<EventValues, z.output<typeof FormSchema>>;

/** A field's own message, when it has one. */
export function fieldError(form: EventFormApi, name: keyof EventValues): string | undefined {
  const found = Object.entries(form.formState.errors).find(([key]) => key === name);
  return (found?.[1] as { message?: string } | undefined)?.message;
}
