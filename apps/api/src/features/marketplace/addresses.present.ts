/** A driver's saved delivery address as the API answers it (pure). */
import type { Address } from "@parkwell/contract";
import type { AddressRow } from "./addresses.repo";

/** A saved address as the driver sees it (pure). */
export const presentAddress = (r: AddressRow, countryCode: string): Address => ({
  id: r.id,
  label: r.label,
  address: r.address,
  city: r.city,
  lat: r.lat,
  lng: r.lng,
  phone: r.phone,
  pin_confirmed: r.pinConfirmed,
  country_code: countryCode.trim(),
});
