import type { Map as LeafletMap, Marker } from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useRef } from "react";

const TILE_URL: string =
  import.meta.env.VITE_MAP_TILE_URL ?? "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
const ATTRIBUTION: string =
  import.meta.env.VITE_MAP_ATTRIBUTION ??
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/**
 * The park's pin on a map (Leaflet, as the public search's map, with the same tile settings):
 * a click on the map or a drag of the pin moves it. The latitude and longitude fields beside it
 * stay the keyboard's way to place it; the map follows them.
 */
export default function LocationMap({
  lat,
  lng,
  label,
  onPick,
}: {
  lat: number;
  lng: number;
  label: string;
  onPick: (lat: number, lng: number) => void;
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
      const m = L.map(box.current, { attributionControl: Boolean(TILE_URL) }).setView([lat, lng], 15);
      if (TILE_URL) L.tileLayer(TILE_URL, { attribution: ATTRIBUTION, maxZoom: 19 }).addTo(m);
      const icon = L.divIcon({
        className: "admin-park-pin",
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
    // Created once; the effect below follows the fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return;
    const current = marker.current?.getLatLng();
    if (current && current.lat === lat && current.lng === lng) return;
    marker.current?.setLatLng([lat, lng]);
    map.current?.panTo([lat, lng]);
  }, [lat, lng]);

  return <div ref={box} className="admin-park-map" role="application" aria-label={label} />;
}
