import type { DeliverySetup } from "@parkwell/contract";
import { MARKET_BAND_UNIQUE_MESSAGE, MARKET_SLOT_TIMES_MESSAGE } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../db/client";
import { createStaff, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { caller, openDelivery } from "./test-kit";

let ctx: TestContext;
let admin: TestUser;
const call = caller(() => ctx);

const audits = (entity: string, id: string | number) =>
  queryRows<{ action: string; actor_id: string; before: unknown; after: unknown }>(
    ctx.database.db,
    sql`SELECT action, actor_id, before, after FROM audit_log WHERE entity = ${entity} AND entity_id = ${String(id)} ORDER BY id`,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createStaff(ctx.database.db, "admin");
});
afterAll(async () => {
  await ctx?.close();
});

describe("Delivery Setup", () => {
  it("saves a country's switches, depots, bands and slots, and refuses duplicate bands and backward slots", async () => {
    const setup = await openDelivery(ctx, admin, "CA");
    expect(setup).toMatchObject({
      country_code: "CA",
      currency: "CAD",
      delivery_enabled: true,
      takeaway_enabled: true,
    });
    expect(setup.bands.map((b) => b.up_to_km)).toEqual([10, 50]);
    expect(setup.slots).toHaveLength(7);

    const dup = await call(admin, "PUT", "/admin/marketplace/delivery/CA", {
      delivery_enabled: false,
      takeaway_enabled: false,
      bands: [
        { up_to_km: 5, charge: 2 },
        { up_to_km: 5, charge: 3 },
      ],
    });
    expect(dup.json()).toMatchObject({ fields: { bands: MARKET_BAND_UNIQUE_MESSAGE } });
    const backward = await call(admin, "PUT", "/admin/marketplace/delivery/CA", {
      delivery_enabled: false,
      takeaway_enabled: false,
      slots: [{ day: 2, opening_time: "18:00", closing_time: "09:00" }],
    });
    expect(backward.json()).toMatchObject({ fields: { "slots.0.closing_time": MARKET_SLOT_TIMES_MESSAGE } });

    const depot = setup.depots[0]!;
    const off = await call(admin, "PUT", "/admin/marketplace/delivery/CA", {
      delivery_enabled: false,
      takeaway_enabled: false,
      depots: [{ ...depot, name: "Toronto depot" }],
      bands: [{ up_to_km: 20, charge: 9.99 }],
      slots: [],
    });
    expect(off.statusCode, off.body).toBe(200);
    const saved = off.json<DeliverySetup>();
    expect(saved).toMatchObject({ delivery_enabled: false, takeaway_enabled: false, slots: [] });
    expect(saved.depots).toEqual([{ ...depot, name: "Toronto depot" }]);
    expect(saved.bands.map((b) => b.charge)).toEqual([{ amount: 9.99, currency: "CAD" }]);
    const [, change] = await audits("delivery_setup", "CA");
    expect(change).toMatchObject({
      action: "delivery_setup.update",
      before: { delivery_enabled: true },
      after: { delivery_enabled: false },
    });
    expect((await call(admin, "GET", "/admin/marketplace/delivery/ZZ")).statusCode).toBe(422);
  });

  it("keeps a slot's id when it is saved again, and refuses another country's slot", async () => {
    const setup = await openDelivery(ctx, admin, "US");
    const [monday, ...others] = setup.slots;
    const res = await call(admin, "PUT", "/admin/marketplace/delivery/US", {
      delivery_enabled: true,
      takeaway_enabled: true,
      depots: setup.depots,
      bands: setup.bands.map((b) => ({ up_to_km: b.up_to_km, charge: b.charge.amount })),
      slots: [
        { ...monday!, closing_time: "18:00" },
        { day: 3, opening_time: "08:00", closing_time: "09:30" },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<DeliverySetup>();
    expect(saved.slots.find((x) => x.id === monday!.id)).toMatchObject({ closing_time: "18:00" });
    expect(saved.slots).toHaveLength(2);
    expect(saved.slots.some((x) => others.some((o) => o.id === x.id))).toBe(false);
    const ng = await openDelivery(ctx, admin, "NG");
    const foreign = await call(admin, "PUT", "/admin/marketplace/delivery/US", {
      delivery_enabled: true,
      takeaway_enabled: true,
      slots: [ng.slots[0]],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({
      fields: { "slots.0.id": "This time slot does not exist in this country" },
    });
    const huge = await call(admin, "PUT", "/admin/marketplace/delivery/US", {
      delivery_enabled: true,
      takeaway_enabled: true,
      depots: [{ id: 2 ** 40, name: "X", city: "Y", lat: 1, lng: 1 }],
    });
    expect(huge.statusCode).toBe(422);
  });
});
