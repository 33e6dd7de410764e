// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { sessionMap } from "./session-map";

const KEY = "session_map_test";
const isNumber = (value: unknown): value is number => typeof value === "number";

afterEach(() => window.sessionStorage.clear());

describe("sessionMap", () => {
  it("keeps values by name under one key, and removes the key with the last value", () => {
    const map = sessionMap(KEY, isNumber);
    map.set("EV-A", 1);
    map.set("EV-B", 2);
    expect(JSON.parse(window.sessionStorage.getItem(KEY)!)).toEqual({ "EV-A": 1, "EV-B": 2 });
    expect(sessionMap(KEY, isNumber).get("EV-B")).toBe(2);
    map.delete("EV-A");
    map.delete("EV-B");
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });

  it("drops what is not well formed, and reads a broken or foreign entry as empty", () => {
    window.sessionStorage.setItem(KEY, JSON.stringify({ "EV-A": "one", "EV-B": 2 }));
    const map = sessionMap(KEY, isNumber);
    expect(map.get("EV-A")).toBeUndefined();
    expect(map.get("EV-B")).toBe(2);
    window.sessionStorage.setItem(KEY, "{not json");
    expect(map.get("EV-B")).toBeUndefined();
    window.sessionStorage.setItem(KEY, "[1, 2]");
    expect(map.get("0")).toBeUndefined();
  });
});
