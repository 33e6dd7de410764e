import type { Address } from "@parkwell/contract";
import { COUNTRY_CENTERS } from "../../components/map/map-config";
import type { Point } from "../../lib/granted-position";

export type { Point };

/**
 * Where the nearest pickup park is measured from, best first: the driver's position (only when the
 * browser may already tell it: the checkout never asks), else the delivery address chosen or, that
 * failing, the first one, in the country, whose pin the driver placed, else the country's centre
 * (its main city, the map's starting point). Pure, for the unit tests.
 */
export function pickupOrigin(
  position: Point | null,
  addresses: readonly Address[],
  addressId: number | undefined,
  countryCode: string,
): Point | null {
  if (position) return position;
  const placed = addresses.filter((a) => a.pin_confirmed);
  const address = placed.find((a) => a.id === addressId) ?? placed[0];
  if (address) return { lat: address.lat, lng: address.lng };
  const centre = COUNTRY_CENTERS[countryCode];
  return centre ? { lat: centre[0], lng: centre[1] } : null;
}
