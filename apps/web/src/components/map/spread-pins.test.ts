import { describe, expect, it } from "vitest";
import { PIN_SPREAD, spreadPins, type ScreenPoint } from "./spread-pins";

const placed = (points: ScreenPoint[]) =>
  spreadPins(points).map((s, i) => ({ x: points[i]!.x + s.x, y: points[i]!.y + s.y }));

/** Whether two labels drawn at these anchors cover each other. */
const overlap = (a: ScreenPoint, b: ScreenPoint) =>
  Math.abs(a.x - b.x) < PIN_SPREAD.width && Math.abs(a.y - b.y) < PIN_SPREAD.height;

describe("spreadPins", () => {
  it("draws two pins at the same point at two places that do not cover each other", () => {
    const [a, b] = placed([
      { x: 100, y: 100 },
      { x: 100, y: 100 },
    ]);
    expect(overlap(a!, b!)).toBe(false);
    // Centred on the shared point, one above the other.
    expect((a!.y + b!.y) / 2).toBe(100);
    expect(a!.x).toBe(100);
    expect(b!.x).toBe(100);
  });

  it("separates a venue's pin from a car park a few pixels away, and every pin of a crowd", () => {
    const points = [
      { x: 200, y: 150 },
      { x: 210, y: 155 },
      { x: 240, y: 160 },
      { x: 190, y: 148 },
      { x: 205, y: 152 },
    ];
    const out = placed(points);
    for (let i = 0; i < out.length; i++)
      for (let j = i + 1; j < out.length; j++) expect(overlap(out[i]!, out[j]!)).toBe(false);
  });

  it("leaves pins that do not touch where they are", () => {
    const points = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 0, y: 40 },
    ];
    expect(spreadPins(points)).toEqual(points.map(() => ({ x: 0, y: 0 })));
    expect(spreadPins([])).toEqual([]);
  });

  it("stacks a group in the order of its pins, the same way each time", () => {
    const points = [
      { x: 50, y: 50 },
      { x: 50, y: 50 },
      { x: 50, y: 50 },
    ];
    expect(placed(points).map((p) => p.y)).toEqual([50 - PIN_SPREAD.gap, 50, 50 + PIN_SPREAD.gap]);
    expect(spreadPins(points)).toEqual(spreadPins(points));
  });
});
