import { describe, expect, it } from "vitest";
import { seedItemsOf, serviceParks } from "./marketplace";

describe("the seeded EV charging session (decision 045)", () => {
  it("offers EV charging at the parks with active chargers, not by the mark, and promises no reserved charger", () => {
    const park = (id: number) => ({ id, city: "Lagos", type: "city", name: `Park ${id}` });
    const all = [park(1), park(2), park(3), park(4)];
    // 1 and 3 have an active charger, 2 has none, 4 has one but is not active.
    const chosen = serviceParks(all, "ev", "Lagos", {
      active: new Set([1, 2, 3]),
      charging: new Set([1, 3, 4]),
    });
    expect(chosen.map((p) => p.id)).toEqual([1, 3]);
    const item = seedItemsOf(1).find((i) => i.name.en === "EV charging session")!;
    // What the driver gets: an hour at the park's chargers, paid with the order (the item's price),
    // first come first served.
    expect(item.description.en).toMatch(/^An hour of charging at the park's own chargers .*, paid here/);
    expect(item.description.en).toMatch(/First come, first served: no charger is reserved for you/);
    expect(item.description.fr).toMatch(
      /Premier arrivé, premier servi\u00a0: aucune borne ne vous est réservée/,
    );
    expect(`${item.description.en} ${item.description.fr}`).not.toMatch(
      /reserved charging bay|borne réservée/i,
    );
  });
});
