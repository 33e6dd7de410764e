/**
 * What the back office's pages load around a form (the signed-in user, the countries, the vehicle
 * types), as the API answers them: parsed by the contract's schemas, so they cannot drift from it.
 */
import { AdminMeSchema, CountryListSchema, VehicleTypeListSchema, type AdminMe } from "@parkwell/contract";

/** A Parkwell admin (every park) or an operator's employee holding `permissions`. */
export const adminMe = (permissions: string[], role: AdminMe["role"] = "admin"): AdminMe =>
  AdminMeSchema.parse({
    user: { id: "u1", email: "ada@parkwell.test", first_name: "Ada", last_name: "Obi" },
    role,
    permissions,
    operator: role === "admin" ? null : { id: 1, name: "Harbourview Parking Ltd" },
    parks: role === "admin" ? null : [41],
  });

export const countries = CountryListSchema.parse([
  {
    id: 1,
    name: "Nigeria",
    code: "NG",
    currency: "NGN",
    currency_symbol: "₦",
    currency_decimals: 2,
    flag: "🇳🇬",
    dial_code: "+234",
    timezone: "Africa/Lagos",
    locale: "en-NG",
    gateway: "paystack",
    gateway_fallback: null,
    default_language: "en",
    time_zones: ["Africa/Lagos"],
    support_email: null,
    support_phone: null,
    services: ["vehicle_docs"],
  },
]);

export const vehicleTypes = VehicleTypeListSchema.parse([
  { id: 1, code: "car", name: "Car", description: "A car", sort_order: 1 },
  { id: 2, code: "suv", name: "SUV", description: "An SUV", sort_order: 2 },
]);
