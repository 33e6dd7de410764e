/** A park as the back office shows it (pure): its row with what it is shown with. */
import type { AdminPark } from "@parkwell/contract";
import type { CountryFacts } from "../../reference/served-countries";
import { toMajor } from "../../../lib/money";
import { textsOf } from "./admin-parks.domain";
import type { CapacityRow, ParkRow, RateRow } from "./admin-parks.repo";

/** What a park is shown with: its country's facts, its operator, rates and capacities. */
export interface AdminParkExtras {
  country: CountryFacts;
  operator: { id: number; name: string } | null;
  rates: RateRow[];
  capacities: CapacityRow[];
}

export function presentAdminPark(
  p: ParkRow,
  { country, operator, rates, capacities }: AdminParkExtras,
): AdminPark {
  return {
    ...editable(p),
    id: p.id,
    slug: p.slug,
    park_code: p.parkCode,
    country: country.code,
    currency: country.currency,
    decimals: country.decimals,
    photos: p.photos,
    operator,
    rates: rates.map((r) => ({
      vehicle_type_id: r.vehicleTypeId,
      vehicle_type: r.vehicleType,
      hourly: toMajor(r.hourlyMinor, country.decimals),
      daily_max: toMajor(r.dailyMaxMinor, country.decimals),
    })),
    capacities: capacities.map((c) => ({
      vehicle_type_id: c.vehicleTypeId,
      vehicle_type: c.vehicleType,
      capacity: c.capacity,
    })),
  };
}

/** The fields the form edits, as the API names them: also the audit log's before and after. */
export function editable(p: ParkRow) {
  return {
    name: p.name,
    type: p.type,
    state_id: p.stateId,
    tax_district_id: p.taxDistrictId,
    city: p.city,
    address: p.address,
    lat: p.lat,
    lng: p.lng,
    time_zone: p.timeZone,
    open_24h: p.open24h,
    opening_hours: p.open24h ? null : (p.openingHours ?? null),
    overnight_stays: p.overnightStays,
    closures: p.closures,
    amenities: p.amenities,
    max_height_cm: p.maxHeightCm,
    text_language: p.textLanguage,
    texts: textsOf(p),
    status: p.status,
  };
}
