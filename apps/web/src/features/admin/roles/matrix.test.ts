import { describe, expect, it } from "vitest";
import { permissionOf, samePermissions, setPermission, sortPermissions } from "./matrix";

const sections = ["dashboard", "parks", "roles"];
const actions = ["view", "create", "update", "delete"];

describe("the role matrix", () => {
  it("names a cell's permission", () => {
    expect(permissionOf("parks", "create")).toBe("parks.create");
  });

  it("sorts permissions by section then action, unknown ones last, without repeats", () => {
    expect(
      sortPermissions(
        ["roles.view", "zzz.view", "parks.delete", "parks.view", "parks.view"],
        sections,
        actions,
      ),
    ).toEqual(["parks.view", "parks.delete", "roles.view", "zzz.view"]);
  });

  it("ticks and unticks one permission", () => {
    const start = ["parks.view"];
    expect(setPermission(start, "dashboard.view", true, sections, actions)).toEqual([
      "dashboard.view",
      "parks.view",
    ]);
    expect(setPermission(start, "parks.view", false, sections, actions)).toEqual([]);
    expect(setPermission(start, "parks.view", true, sections, actions)).toEqual(["parks.view"]);
    expect(start).toEqual(["parks.view"]);
  });

  it("compares permission lists as sets", () => {
    expect(samePermissions(["a.view", "b.view"], ["b.view", "a.view"])).toBe(true);
    expect(samePermissions(["a.view"], ["a.view", "b.view"])).toBe(false);
    expect(samePermissions([], [])).toBe(true);
  });
});
