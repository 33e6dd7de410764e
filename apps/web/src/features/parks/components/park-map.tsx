import type * as Leaflet from "leaflet";
import type { LatLngBounds, LayerGroup, Map as LeafletMap } from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { MAP_ATTRIBUTION, MAP_TILE_URL } from "../map-config";

export interface MapPin {
  id: number;
  lat: number;
  lng: number;
  /** Short text on the pin, e.g. a price. */
  label: string;
  title: string;
  href?: string;
}

interface Props {
  pins: MapPin[];
  center: [number, number];
  zoom: number;
  /** Called when the user pans or zooms (not when the map moves itself). */
  onMoveEnd?: (center: [number, number], radiusKm: number) => void;
  onPinClick?: (id: number) => void;
  className?: string;
}

function radiusOf(bounds: LatLngBounds): number {
  return bounds.getCenter().distanceTo(bounds.getNorthEast()) / 1000;
}

/**
 * Leaflet is imported here and this module is itself loaded lazily, so neither weighs on the
 * home route. Pins are HTML (divIcon) rather than images: they show even when tiles do not load.
 */
export default function ParkMap({ pins, center, zoom, onMoveEnd, onPinClick, className }: Props) {
  const { t } = useTranslation("parks");
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletMap | null>(null);
  const leaflet = useRef<typeof Leaflet | null>(null);
  const layer = useRef<LayerGroup | null>(null);
  const callbacks = useRef({ onMoveEnd, onPinClick });
  callbacks.current = { onMoveEnd, onPinClick };

  useEffect(() => {
    let cancelled = false;
    void import("leaflet").then((L) => {
      if (cancelled || !box.current) return;
      leaflet.current = L;
      const m = L.map(box.current, { zoomControl: true, attributionControl: Boolean(MAP_TILE_URL) }).setView(
        center,
        zoom,
      );
      if (MAP_TILE_URL) L.tileLayer(MAP_TILE_URL, { attribution: MAP_ATTRIBUTION, maxZoom: 19 }).addTo(m);
      layer.current = L.layerGroup().addTo(m);
      m.on("moveend", () => {
        // Leaflet marks moves it made itself (setView) without a user event: only user moves search.
        if (userMoved.current)
          callbacks.current.onMoveEnd?.([m.getCenter().lat, m.getCenter().lng], radiusOf(m.getBounds()));
        userMoved.current = false;
      });
      m.on("dragstart zoomstart", () => {
        userMoved.current = true;
      });
      map.current = m;
      drawPins();
    });
    return () => {
      cancelled = true;
      map.current?.remove();
      map.current = null;
    };
    // The map is created once; later center/pin changes are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const userMoved = useRef(false);
  const pinsRef = useRef(pins);
  pinsRef.current = pins;

  function drawPins() {
    const L = leaflet.current;
    if (!L || !layer.current) return;
    layer.current.clearLayers();
    for (const pin of pinsRef.current) {
      const el = document.createElement("span");
      el.className = "park-pin";
      el.textContent = pin.label;
      const marker = L.marker([pin.lat, pin.lng], {
        icon: L.divIcon({ className: "park-pin-wrap", html: el, iconSize: undefined }),
        title: pin.title,
        alt: pin.title,
        keyboard: true,
      });
      marker.on("click", () => callbacks.current.onPinClick?.(pin.id));
      marker.addTo(layer.current);
    }
  }

  useEffect(drawPins, [pins]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const c = m.getCenter();
    if (Math.abs(c.lat - center[0]) > 1e-6 || Math.abs(c.lng - center[1]) > 1e-6)
      m.setView(center, m.getZoom());
  }, [center]);

  return (
    <div
      ref={box}
      className={className ?? "park-map"}
      role="region"
      aria-label={t("mapLabel")}
      data-testid="park-map"
    />
  );
}
