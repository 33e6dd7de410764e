import { describe, expect, it } from "vitest";
import { diffRows } from "./diff";

describe("diffRows", () => {
  it("lines up the fields of both records and marks the changed ones", () => {
    expect(diffRows({ role: "employee", park_ids: [1] }, { role: "pos_operator", park_ids: [1] })).toEqual([
      { field: "role", before: "employee", after: "pos_operator", changed: true },
      { field: "park_ids", before: "[\n 1\n]", after: "[\n 1\n]", changed: false },
    ]);
  });
  it("shows a field only one side has, and nothing for two empty sides", () => {
    expect(diffRows(null, { status: "answered" })).toEqual([
      { field: "status", before: "—", after: "answered", changed: true },
    ]);
    expect(diffRows(null, null)).toEqual([]);
  });
  it("keeps a value that is not a record as one line", () => {
    expect(diffRows("a", "b")).toEqual([{ field: "value", before: "a", after: "b", changed: true }]);
  });
});
