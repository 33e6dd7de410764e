import { describe, expect, it } from "vitest";
import { PIN_GAP, PIN_TARGET_MIN, spreadPins, type PinBox } from "./spread-pins";

/** A price label as the map draws it: about 60 px wide, its target at least 24 px high. */
const pin = (x: number, y: number, width = 60, height = PIN_TARGET_MIN): PinBox => ({ x, y, width, height });

/** Each label's box where it is drawn once spread (centred above its shifted anchor). */
const placed = (pins: PinBox[]) =>
  spreadPins(pins).map((s, i) => {
    const p = pins[i]!;
    const x = p.x + s.x;
    const y = p.y + s.y;
    return { left: x - p.width / 2, right: x + p.width / 2, top: y - p.height, bottom: y };
  });

type Box = ReturnType<typeof placed>[number];

/** The distance between two boxes (0 when they touch or cover each other). */
const distance = (a: Box, b: Box) =>
  Math.hypot(
    Math.max(0, a.left - b.right, b.left - a.right),
    Math.max(0, a.top - b.bottom, b.top - a.bottom),
  );

/** The smallest distance between any two of the labels. */
const closest = (boxes: Box[]) => {
  let min = Infinity;
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) min = Math.min(min, distance(boxes[i]!, boxes[j]!));
  return min;
};

describe("spreadPins", () => {
  it("draws two pins at the same point as two targets of at least 24 × 24 px that do not touch", () => {
    const out = placed([pin(100, 100), pin(100, 100)]);
    for (const b of out) {
      expect(b.right - b.left).toBeGreaterThanOrEqual(PIN_TARGET_MIN);
      expect(b.bottom - b.top).toBeGreaterThanOrEqual(PIN_TARGET_MIN);
    }
    expect(closest(out)).toBeGreaterThanOrEqual(PIN_GAP);
    // One above the other, around the shared label's place (centred 12 px above the point).
    expect(out.map((b) => (b.left + b.right) / 2)).toEqual([100, 100]);
    expect((out[0]!.top + out[1]!.bottom) / 2).toBe(100 - PIN_TARGET_MIN / 2);
  });

  it("separates a venue's wide pin from a car park a few pixels away, and every pin of a crowd", () => {
    const venue = pin(200, 150, 130, 26);
    const crowd = [venue, pin(210, 155), pin(240, 160, 90), pin(190, 148), pin(205, 152), pin(330, 150)];
    expect(closest(placed([venue, pin(203, 151)]))).toBeGreaterThanOrEqual(PIN_GAP);
    expect(closest(placed(crowd))).toBeGreaterThanOrEqual(PIN_GAP);
  });

  it("keeps pins of every size apart, however many stand at one spot or next to a stack", () => {
    // Stacking a crowd makes it taller: the pins it then reaches are taken into it.
    for (const n of [2, 3, 4, 7, 12, 20]) {
      const pins = [
        ...Array.from({ length: n }, (_, i) => pin(300, 300, 40 + ((i * 37) % 70), 24 + (i % 3) * 4)),
        pin(300, 300 + 40),
        pin(300, 300 - 60),
        pin(380, 300),
      ];
      const out = placed(pins);
      expect(closest(out), `${n} pins`).toBeGreaterThanOrEqual(PIN_GAP);
    }
  });

  it("lays a crowd out in a block near its spot, not a column out of the map", () => {
    const out = placed(Array.from({ length: 20 }, () => pin(500, 500)));
    const top = Math.min(...out.map((b) => b.top));
    const bottom = Math.max(...out.map((b) => b.bottom));
    expect(bottom - top).toBeLessThan(240);
    expect(closest(out)).toBeGreaterThanOrEqual(PIN_GAP);
  });

  it("leaves pins that do not touch where they are", () => {
    const pins = [pin(0, 0), pin(100, 0), pin(0, 40)];
    expect(spreadPins(pins)).toEqual(pins.map(() => ({ x: 0, y: 0 })));
    expect(spreadPins([])).toEqual([]);
  });

  it("stacks a group in the order of its pins, the same way each time", () => {
    const pins = [pin(50, 50), pin(50, 50), pin(50, 50)];
    const step = PIN_TARGET_MIN + PIN_GAP;
    expect(placed(pins).map((b) => b.bottom)).toEqual([50 - step, 50, 50 + step]);
    expect(spreadPins(pins)).toEqual(spreadPins(pins));
  });
});
