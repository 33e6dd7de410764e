import { describe, expect, it } from "vitest";
import { findBadText, MAX_BODY_DEPTH, nestedDeeperThan } from "./validation";

/** `depth` arrays, one inside the other, around `inner`. */
const nested = (depth: number, inner: unknown = 1): unknown => {
  let value = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe("nestedDeeperThan", () => {
  it("counts arrays and objects, up to the bound and one past it", () => {
    expect(nestedDeeperThan(JSON.stringify(nested(MAX_BODY_DEPTH)), MAX_BODY_DEPTH)).toBe(false);
    expect(nestedDeeperThan(JSON.stringify(nested(MAX_BODY_DEPTH + 1)), MAX_BODY_DEPTH)).toBe(true);
    expect(nestedDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
    expect(nestedDeeperThan('{"a":{"b":[{"c":1}]}}', 3)).toBe(true);
    // Side by side is not deeper.
    expect(nestedDeeperThan(`[${"[],".repeat(1000)}[]]`, 2)).toBe(false);
  });

  it("skips what is inside strings, escaped quotes and backslashes included", () => {
    expect(nestedDeeperThan(JSON.stringify({ text: "[[[[{{{{" }), 1)).toBe(false);
    expect(nestedDeeperThan(JSON.stringify({ text: 'a "quoted" [[[[' }), 1)).toBe(false);
    expect(nestedDeeperThan(JSON.stringify({ text: "a backslash \\", more: "[[[[" }), 1)).toBe(false);
    expect(nestedDeeperThan(JSON.stringify({ text: "\\", deep: [[1]] }), 2)).toBe(true);
  });

  it("reads a body as deep as the body limit allows in one pass", () => {
    const half = 512 * 1024;
    expect(nestedDeeperThan("[".repeat(half) + "]".repeat(half), MAX_BODY_DEPTH)).toBe(true);
  });
});

describe("findBadText", () => {
  it("names the first string holding a NUL character or an unpaired surrogate", () => {
    expect(findBadText({ a: "fine", b: { c: "bad\u0000" } })).toBe("b.c");
    expect(findBadText({ name: { en: "x", fr: "\ud800" } })).toBe("name.fr");
    expect(findBadText({ list: ["ok", "x\udfff"] })).toBe("list.1");
    expect(findBadText({ a: "\udc00\ud800" })).toBe("a");
    expect(findBadText({ a: "\ud800", b: "\u0000" })).toBe("a");
    expect(findBadText("\ud83d")).toBe("");
  });

  it("names a key holding one", () => {
    expect(findBadText({ outer: { "\ud800": "x" } })).toBe("outer.\ud800");
    expect(findBadText({ "a\u0000": 1 })).toBe("a\u0000");
  });

  it("lets through paired surrogates and everything else", () => {
    expect(findBadText({ a: "Café 😀 𝄞", b: [1, true, null, { c: "Ünïcödé" }] })).toBeNull();
    expect(findBadText(undefined)).toBeNull();
    expect(findBadText(42)).toBeNull();
  });

  it("walks a value of any depth without overflowing the stack", () => {
    expect(findBadText(nested(200_000, "deep\u0000"))).toBe(`${"0.".repeat(199_999)}0`);
    expect(findBadText(nested(200_000))).toBeNull();
  });
});
