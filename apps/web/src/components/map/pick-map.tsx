import type { Map as LeafletMap, Marker } from "leaflet";
import "leaflet/dist/leaflet.css";
import "./pin-map.css";
import { useEffect, useRef } from "react";
import { MAP_ATTRIBUTION, MAP_TILE_URL } from "./map-config";

/**
 * One draggable pin on a map (a delivery address, a park's or a venue's position in the back
 * office): a click on the map or a drag of the pin moves it and reports the point, rounded to six
 * decimals. Loaded lazily with Leaflet. The caller keeps a keyboard way to set the point (a
 * default, or latitude and longitude fields that the map follows; a point off the globe, as a
 * field being typed, leaves the pin where it is).
 */
export default function PickMap({
  lat,
  lng,
  label,
  onPick,
  zoom = 13,
  className = "",
}: {
  lat: number;
  lng: number;
  label: string;
  onPick: (lat: number, lng: number) => void;
  zoom?: number;
  /** Added to the box's own class, for a size of the caller's. */
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletMap | null>(null);
  const marker = useRef<Marker | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });

  useEffect(() => {
    let cancelled = false;
    void import("leaflet").then((L) => {
      if (cancelled || !box.current) return;
      const m = L.map(box.current, { attributionControl: Boolean(MAP_TILE_URL) }).setView([lat, lng], zoom);
      if (MAP_TILE_URL) L.tileLayer(MAP_TILE_URL, { attribution: MAP_ATTRIBUTION, maxZoom: 19 }).addTo(m);
      const icon = L.divIcon({
        className: "pick-pin",
        html: "<span></span>",
        iconSize: [24, 24],
        iconAnchor: [12, 24],
      });
      const pin = L.marker([lat, lng], { draggable: true, icon, title: label, keyboard: false }).addTo(m);
      const round = (v: number) => Math.round(v * 1e6) / 1e6;
      pin.on("dragend", () => {
        const p = pin.getLatLng();
        pick.current(round(p.lat), round(p.lng));
      });
      m.on("click", (e) => {
        pin.setLatLng(e.latlng);
        pick.current(round(e.latlng.lat), round(e.latlng.lng));
      });
      map.current = m;
      marker.current = pin;
    });
    return () => {
      cancelled = true;
      map.current?.remove();
      map.current = null;
    };
    // Created once; the effect below follows the point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return;
    const current = marker.current?.getLatLng();
    if (current && current.lat === lat && current.lng === lng) return;
    marker.current?.setLatLng([lat, lng]);
    map.current?.panTo([lat, lng]);
  }, [lat, lng]);

  return <div ref={box} className={`pick-map ${className}`.trim()} role="application" aria-label={label} />;
}
