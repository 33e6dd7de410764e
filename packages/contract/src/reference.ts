import { z } from "zod";
import { idParam } from "./common";

import { COUNTRY_CODE_PATTERN, COUNTRY_SERVICES } from "./country-codes";

export {
  COUNTRY_CODES,
  COUNTRY_CODE_PATTERN,
  type BuiltInCountryCode,
  DEFAULT_COUNTRY_CODE,
  DETECTION_FALLBACK_COUNTRY_CODE,
  type CountryCode,
  COUNTRY_SERVICES,
  type CountryService,
  isCountryService,
} from "./country-codes";
/** Two capital letters; whether the country is served is the API's to say (its countries table). */
export const CountryCodeSchema = z
  .string()
  .regex(COUNTRY_CODE_PATTERN, { error: "a country code is two capital letters" });

export const CountrySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    code: CountryCodeSchema,
    currency: z.string().length(3),
    currency_symbol: z.string(),
    currency_decimals: z.number().int(),
    flag: z.string(),
    dial_code: z.string(),
    timezone: z.string(),
    locale: z.string(),
    /** The payment provider that serves the country, and the one tried when it cannot start. */
    gateway: z.string(),
    gateway_fallback: z.string().nullable(),
    /** The language the web app speaks in the country until the user picks one. */
    default_language: z.enum(["en", "fr"]),
    /** Every IANA zone a park of the country may lie in (`timezone`, the capital's, first). */
    time_zones: z.array(z.string()),
    /** How visitors reach the country's support team (the help page lists them); null when none. */
    support_email: z.string().nullable(),
    support_phone: z.string().nullable(),
    /** The product lines the country offers beside parking (vehicle_docs: vehicle document renewal). */
    services: z.array(z.enum(COUNTRY_SERVICES)),
  })
  .meta({ id: "Country" });
export type Country = z.infer<typeof CountrySchema>;
export const CountryListSchema = z.array(CountrySchema);

export const StateSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    country_id: z.number().int(),
  })
  .meta({ id: "State" });
export type State = z.infer<typeof StateSchema>;
export const StateListSchema = z.array(StateSchema);

export const StatesQuerySchema = z.object({ country_id: idParam("country_id") });

/**
 * A tax district (decision 049): a city or region of a state that taxes parking on top of the
 * state's taxes (New York City, Manhattan; the City of Los Angeles; Metro Vancouver). A park names
 * one of its state's. `code` is stable ("US-NY-NYC-MN"); `name` is in English, the web app
 * translates it by its code.
 */
export const TaxDistrictSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    country_id: z.number().int(),
    state_id: z.number().int(),
  })
  .meta({ id: "TaxDistrict" });
export type TaxDistrict = z.infer<typeof TaxDistrictSchema>;
export const TaxDistrictListSchema = z.array(TaxDistrictSchema);

export const TaxDistrictsQuerySchema = z.object({ state_id: idParam("state_id") });

/**
 * A country's fees. Amounts are in major units of `currency` (whole numbers for XOF).
 * Bookings add `service_fee` plus `booking_fee_percent` of the parking amount, then `tax_percent`
 * of those fees; wallet top-ups must lie within [min_topup, max_topup].
 */
export const FeesSchema = z
  .object({
    country_id: z.number().int(),
    currency: z.string().length(3),
    service_fee: z.number(),
    booking_fee_percent: z.number(),
    tax_percent: z.number(),
    tax_name: z.string(),
    min_topup: z.number(),
    max_topup: z.number(),
    max_wallet_balance: z.number(),
  })
  .meta({ id: "Fees" });
export type Fees = z.infer<typeof FeesSchema>;

export const FeesQuerySchema = z.object({ country_id: idParam("country_id") });

export const VehicleTypeSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    sort_order: z.number().int(),
  })
  .meta({ id: "VehicleType" });
export type VehicleType = z.infer<typeof VehicleTypeSchema>;
export const VehicleTypeListSchema = z.array(VehicleTypeSchema);

/** The park rate query defaults to vehicle type 1 (Car). */
export const DEFAULT_VEHICLE_TYPE_ID = 1;
