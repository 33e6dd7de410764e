import type * as Leaflet from "leaflet";
import type { LatLngBounds, LayerGroup, Map as LeafletMap } from "leaflet";
import "leaflet/dist/leaflet.css";
import "./pin-map.css";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { MAP_ATTRIBUTION, MAP_TILE_URL } from "./map-config";
import { PIN_TARGET_MIN, spreadPins } from "./spread-pins";

export interface PinMapTexts {
  map: string;
  open: string;
  openLabel: (title: string) => string;
  close: string;
}

export interface MapPin {
  id: number;
  lat: number;
  lng: number;
  /** Short text on the pin, e.g. a price. */
  label: string;
  title: string;
  /** The place's page: with it, the pin opens a popup (name, price, link) on click or Enter. */
  href?: string;
  /** A pin that stands out (an event's venue among its car parks), drawn above the others. */
  accent?: boolean;
  /** The popup's price line, e.g. "From ₦500/h". */
  price?: string;
}

interface Props {
  pins: MapPin[];
  center: [number, number];
  zoom: number;
  /** Called when the user pans or zooms (not when the map moves itself). */
  onMoveEnd?: (center: [number, number], radiusKm: number) => void;
  onPinClick?: (id: number) => void;
  /** Fit the view to the pins each time a new set of pins arrives (a text search), not on user moves. */
  fitToPins?: boolean;
  className?: string;
  /** The map's accessible name, its popups' link (text and accessible name) and close button. */
  texts: PinMapTexts;
}

/** Padding around the pins when the map fits them, and the closest it zooms in for one park. */
const FIT_PADDING: [number, number] = [40, 40];
const FIT_MAX_ZOOM = 15;

function radiusOf(bounds: LatLngBounds): number {
  return bounds.getCenter().distanceTo(bounds.getNorthEast()) / 1000;
}

/**
 * Leaflet is imported here and this module is itself loaded lazily, so neither weighs on the
 * home route. Pins are HTML (divIcon) rather than images: they show even when tiles do not load.
 */
export default function PinMap({
  pins,
  center,
  zoom,
  onMoveEnd,
  onPinClick,
  fitToPins = false,
  className,
  texts,
}: Props) {
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletMap | null>(null);
  const leaflet = useRef<typeof Leaflet | null>(null);
  const layer = useRef<LayerGroup | null>(null);
  /** The drawn pins' markers, in the order of the pins, to spread them after each zoom. */
  const drawn = useRef<Leaflet.Marker[]>([]);
  const callbacks = useRef({ onMoveEnd, onPinClick, navigate, texts });
  callbacks.current = { onMoveEnd, onPinClick, navigate, texts };
  const fitRef = useRef(fitToPins);
  fitRef.current = fitToPins;
  /** True while the map moves itself (fitting the pins): such a move is not a search. */
  const selfMoving = useRef(false);

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
        if (userMoved.current && !selfMoving.current)
          callbacks.current.onMoveEnd?.([m.getCenter().lat, m.getCenter().lng], radiusOf(m.getBounds()));
        userMoved.current = false;
      });
      m.on("zoomend viewreset", spreadDrawn);
      m.on("dragstart zoomstart", () => {
        if (!selfMoving.current) userMoved.current = true;
      });
      m.on("popupopen", (e) => {
        // The link takes focus, so a keyboard user who opened the popup with Enter can follow it.
        const el = e.popup.getElement();
        el?.querySelector(".leaflet-popup-close-button")?.setAttribute(
          "aria-label",
          callbacks.current.texts.close,
        );
        el?.querySelector<HTMLAnchorElement>(".park-popup__link")?.focus({ preventScroll: true });
      });
      m.on("popupclose", (e) => {
        // Back to the pin the popup came from, unless focus has already moved elsewhere.
        const el = e.popup.getElement();
        if (el && (el.contains(document.activeElement) || document.activeElement === document.body)) {
          const source = (e.popup as unknown as { _source?: Leaflet.Marker })._source;
          source?.getElement()?.focus({ preventScroll: true });
        }
      });
      map.current = m;
      drawPins();
      fitPins();
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

  function popupOf(pin: MapPin & { href: string }): HTMLElement {
    const box = document.createElement("div");
    box.className = "park-popup";
    const name = document.createElement("p");
    name.className = "park-popup__name";
    name.textContent = pin.title;
    box.append(name);
    if (pin.price) {
      const price = document.createElement("p");
      price.className = "park-popup__price";
      price.textContent = pin.price;
      box.append(price);
    }
    const link = document.createElement("a");
    link.className = "park-popup__link";
    link.href = pin.href;
    link.textContent = callbacks.current.texts.open;
    link.setAttribute("aria-label", callbacks.current.texts.openLabel(pin.title));
    link.addEventListener("click", (e) => {
      // A plain click stays in the app (no reload); a modified click opens a tab as links do.
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      void callbacks.current.navigate(pin.href);
    });
    box.append(link);
    return box;
  }

  function drawPins() {
    const L = leaflet.current;
    if (!L || !layer.current) return;
    map.current?.closePopup();
    layer.current.clearLayers();
    drawn.current = [];
    for (const pin of pinsRef.current) {
      const el = document.createElement("span");
      el.className = pin.accent ? "park-pin park-pin--accent" : "park-pin";
      el.textContent = pin.label;
      const marker = L.marker([pin.lat, pin.lng], {
        icon: L.divIcon({ className: "park-pin-wrap", html: el, iconSize: undefined }),
        title: pin.title,
        alt: pin.title,
        keyboard: true,
        zIndexOffset: pin.accent ? 1000 : 0,
      });
      const href = pin.href;
      if (href !== undefined)
        marker.bindPopup(() => popupOf({ ...pin, href }), {
          className: "park-popup-wrap",
          offset: [0, -PIN_TARGET_MIN],
          maxWidth: 260,
          autoPanPadding: [24, 24],
        });
      marker.on("click", () => callbacks.current.onPinClick?.(pin.id));
      marker.addTo(layer.current);
      drawn.current.push(marker);
    }
    spreadDrawn();
  }

  /**
   * Pins whose labels would cover each other at this zoom (two parks at one address, an event's
   * venue beside a car park) are drawn apart around their spot, so each can be seen, clicked and
   * focused; zooming in far enough puts them back on their own points. The marker's element is
   * itself the label's box (pin-map.css), so it is what moves: the target that takes clicks and
   * focus is where the label is drawn, and no two targets cover each other.
   */
  function spreadDrawn() {
    const m = map.current;
    if (!m) return;
    const list = drawn.current.flatMap((marker) => {
      const el = marker.getElement();
      return el ? [{ marker, el }] : [];
    });
    const shifts = spreadPins(
      list.map(({ marker, el }) => {
        // Where Leaflet places the marker (rounded, as it does), and the label's layout size,
        // which the shift itself does not change.
        const { x, y } = m.latLngToLayerPoint(marker.getLatLng()).round();
        return {
          x,
          y,
          width: Math.max(PIN_TARGET_MIN, el.offsetWidth),
          height: Math.max(PIN_TARGET_MIN, el.offsetHeight),
        };
      }),
    );
    list.forEach(({ marker, el }, i) => {
      const { x, y } = shifts[i]!;
      const dx = Math.round(x);
      const dy = Math.round(y);
      el.style.translate = dx === 0 && dy === 0 ? "" : `calc(-50% + ${dx}px) calc(-100% + ${dy}px)`;
      // The popup points at the label where it is drawn.
      const popup = marker.getPopup();
      if (popup) popup.options.offset = [dx, dy - el.offsetHeight];
    });
  }

  /** Shows every pin, with some room around them; a single park is not zoomed in to the street. */
  function fitPins() {
    const L = leaflet.current;
    const m = map.current;
    const list = pinsRef.current;
    if (!L || !m || !fitRef.current || list.length === 0) return;
    selfMoving.current = true;
    try {
      // Not animated: the move and its events happen now, while selfMoving says they are not the user's.
      m.fitBounds(L.latLngBounds(list.map((p) => [p.lat, p.lng] as [number, number])), {
        padding: FIT_PADDING,
        maxZoom: FIT_MAX_ZOOM,
        animate: false,
      });
    } finally {
      selfMoving.current = false;
      userMoved.current = false;
    }
  }

  useEffect(() => {
    drawPins();
    fitPins();
    // Redrawn and refitted when a new set of pins arrives; the functions read refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pins]);

  useEffect(() => {
    const m = map.current;
    if (!m || fitRef.current) return;
    const c = m.getCenter();
    if (Math.abs(c.lat - center[0]) > 1e-6 || Math.abs(c.lng - center[1]) > 1e-6)
      m.setView(center, m.getZoom());
  }, [center]);

  return (
    <div
      ref={box}
      className={className ?? "park-map"}
      role="region"
      aria-label={texts.map}
      data-testid="park-map"
    />
  );
}
