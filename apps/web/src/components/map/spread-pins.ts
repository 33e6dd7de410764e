/** A pin's position on the screen, in pixels, at the map's current zoom. */
export interface ScreenPoint {
  x: number;
  y: number;
}

/** How far apart two pins' anchors must be (in pixels) for their labels not to cover each other. */
export interface SpreadOptions {
  /** Pins closer than this horizontally… */
  width: number;
  /** …and than this vertically cover each other. */
  height: number;
  /** The distance between the centres of two spread pins, stacked one above the other. */
  gap: number;
}

/** A price label is about 60 px wide and 22 px high; a stack leaves 4 px between two labels. */
export const PIN_SPREAD: SpreadOptions = { width: 56, height: 24, gap: 26 };

/**
 * The shift (in pixels) to draw each pin at so that no two labels cover each other: pins whose
 * anchors are closer than `width` × `height` (directly or through a chain of such pins) form a
 * group, and a group is stacked in a column centred on its pins' mean position, in the order of
 * the input (so the same pins always stack the same way). A pin alone keeps its place ({0, 0}).
 * Pure: the map calls it again with new screen points after each zoom.
 */
export function spreadPins(points: ScreenPoint[], options: SpreadOptions = PIN_SPREAD): ScreenPoint[] {
  const parent = points.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i]!;
      const b = points[j]!;
      if (Math.abs(a.x - b.x) < options.width && Math.abs(a.y - b.y) < options.height)
        parent[root(j)] = root(i);
    }
  const groups = new Map<number, number[]>();
  points.forEach((_, i) => {
    const r = root(i);
    groups.set(r, [...(groups.get(r) ?? []), i]);
  });
  const shifts: ScreenPoint[] = points.map(() => ({ x: 0, y: 0 }));
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const cx = members.reduce((s, i) => s + points[i]!.x, 0) / members.length;
    const cy = members.reduce((s, i) => s + points[i]!.y, 0) / members.length;
    members.forEach((i, k) => {
      const p = points[i]!;
      shifts[i] = { x: cx - p.x, y: cy + (k - (members.length - 1) / 2) * options.gap - p.y };
    });
  }
  return shifts;
}
