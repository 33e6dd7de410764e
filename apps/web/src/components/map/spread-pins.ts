/** A point on the screen, or a shift, in pixels at the map's current zoom. */
export interface ScreenPoint {
  x: number;
  y: number;
}

/**
 * A pin as drawn: its anchor (the place's point on the screen) and the size of its label, which
 * is centred above the anchor. The label is the pin's whole target (what takes clicks and focus).
 */
export interface PinBox extends ScreenPoint {
  width: number;
  height: number;
}

/**
 * The smallest target a pin may have (WCAG 2.5.8, axe's `target-size`: 24 × 24 CSS px), and the
 * room left between two spread labels, so that neither they nor their focus rings touch.
 */
export const PIN_TARGET_MIN = 24;
export const PIN_GAP = 4;

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Whether two labels are closer than `gap` to each other on both axes (they cover or touch). */
function crowded(a: Rect, b: Rect, gap: number): boolean {
  return a.left < b.right + gap && b.left < a.right + gap && a.top < b.bottom + gap && b.top < a.bottom + gap;
}

/**
 * The labels of a group laid out in a block of cells centred on the mean of their own centres,
 * filled row by row in the order of the group: one column up to 3 pins, then as many columns as
 * keep the block about as wide as it is high (labels are wider than high), so a crowd stays near
 * its spot and inside the map. A group of one stays where it is.
 */
function layOut(pins: PinBox[], members: number[], gap: number): Rect[] {
  const boxes = members.map((i) => pins[i]!);
  if (boxes.length === 1) {
    const p = boxes[0]!;
    return [{ left: p.x - p.width / 2, top: p.y - p.height, right: p.x + p.width / 2, bottom: p.y }];
  }
  const cx = boxes.reduce((s, p) => s + p.x, 0) / boxes.length;
  const cy = boxes.reduce((s, p) => s + p.y - p.height / 2, 0) / boxes.length;
  const columns = Math.ceil(Math.sqrt(boxes.length / 3));
  const rows = Math.ceil(boxes.length / columns);
  const cellWidth = Math.max(...boxes.map((p) => p.width)) + gap;
  const cellHeight = Math.max(...boxes.map((p) => p.height)) + gap;
  return boxes.map((p, k) => {
    const x = cx + ((k % columns) - (columns - 1) / 2) * cellWidth;
    const y = cy + (Math.floor(k / columns) - (rows - 1) / 2) * cellHeight;
    return { left: x - p.width / 2, top: y - p.height / 2, right: x + p.width / 2, bottom: y + p.height / 2 };
  });
}

/**
 * The shift (in pixels) to draw each pin at so that no two labels cover each other, nor come
 * closer than `gap`: pins whose labels would (directly, or once a crowd next to them is laid out)
 * form a group, laid out around the group's spot (see layOut); groups are merged until no two
 * labels crowd each other, so the result holds for labels of any size. A pin alone keeps its
 * place ({0, 0}). Pure and stable (the same pins always land the same way): the map calls it again
 * with new screen points after each zoom, and pins far enough apart go back to their own points.
 */
export function spreadPins(pins: PinBox[], gap: number = PIN_GAP): ScreenPoint[] {
  let groups = pins.map((_, i) => [i]);
  let rects = groups.map((g) => layOut(pins, g, gap));
  for (;;) {
    let merged: [number, number] | null = null;
    search: for (let a = 0; a < groups.length; a++)
      for (let b = a + 1; b < groups.length; b++)
        for (const ra of rects[a]!)
          for (const rb of rects[b]!)
            if (crowded(ra, rb, gap)) {
              merged = [a, b];
              break search;
            }
    if (!merged) break;
    const [a, b] = merged;
    // Laid out in the order of the input pins, whichever of the two groups came first.
    const group = [...groups[a]!, ...groups[b]!].sort((i, j) => i - j);
    groups = [...groups.filter((_, g) => g !== a && g !== b), group];
    rects = [...rects.filter((_, g) => g !== a && g !== b), layOut(pins, group, gap)];
  }
  const shifts: ScreenPoint[] = pins.map(() => ({ x: 0, y: 0 }));
  groups.forEach((members, g) => {
    if (members.length < 2) return;
    members.forEach((i, k) => {
      const p = pins[i]!;
      const r = rects[g]![k]!;
      shifts[i] = { x: (r.left + r.right) / 2 - p.x, y: r.bottom - p.y };
    });
  });
  return shifts;
}
