import type { Address } from "@parkwell/contract";
import { useEffect, useState } from "react";
import { COUNTRY_CENTERS } from "../../components/map/map-config";

export interface Point {
  lat: number;
  lng: number;
}

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

/**
 * The browser's position when its permission is already granted; null when it is not (or cannot
 * be had); undefined while finding out. Never prompts: a checkout does not ask for the location.
 */
export function useGrantedPosition(): Point | null | undefined {
  const [position, setPosition] = useState<Point | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const settle = (p: Point | null) => {
      if (live) setPosition(p);
    };
    if (!("geolocation" in navigator) || !navigator.permissions) {
      settle(null);
      return;
    }
    navigator.permissions
      .query({ name: "geolocation" })
      .then((status) => {
        if (status.state !== "granted") return settle(null);
        navigator.geolocation.getCurrentPosition(
          (pos) => settle({ lat: pos.coords.latitude, lng: pos.coords.longitude }),
          () => settle(null),
          { timeout: 5_000, maximumAge: 10 * 60_000 },
        );
      })
      .catch(() => settle(null));
    return () => {
      live = false;
    };
  }, []);
  return position;
}
