import { useEffect, useState } from "react";

export interface Point {
  lat: number;
  lng: number;
}

/**
 * The browser's position when its permission is already granted; null when it is not (or cannot
 * be had); undefined while finding out. Never prompts: a checkout or a list does not ask for the location
 * (the marketplace's pickup parks, the monthly plans nearest the driver).
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
