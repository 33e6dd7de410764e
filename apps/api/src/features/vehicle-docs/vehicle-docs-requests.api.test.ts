// Vehicle document renewal (decision 031): the request paid from the wallet with its receipt, the
// cancel's refund exactly once with its credit note, privacy, and the back office's permissions
// and audit.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, type TestUser } from "../../test/factories";
import type { TestContext } from "../../test/harness";
import { fund, fundedUser } from "../bookings/bookings.test-kit";
import { STATE, vehicleDocsKit } from "./vehicle-docs.test-kit";
import { createAddress } from "../marketplace/marketplace.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { VEHICLE_DOC_SERVICE_CHARGE_MINOR } from "../../db/seed/vehicle-docs";

const kit = vehicleDocsKit();
const { vehicleOf, post, get, pickup, placed, mailedStages, moveTo } = kit;
let ctx: TestContext;
let db: Db;
let staff: TestUser;
beforeAll(() => {
  ({ ctx, db, staff } = kit.suite);
});

describe("the request and its money", () => {
  it("charges the wallet once with a receipt, answers 402 with the missing amount, and replays its key", async () => {
    const poor = await fundedUser(db, 100_000); // ₦1,000
    const v = await vehicleOf(poor);
    const short = await post(poor, "/vehicle-docs/requests", {
      type: "vehicle_papers",
      vehicle_id: v,
      documents: ["third_party_insurance"],
      delivery: pickup(),
    });
    expect(short.statusCode).toBe(402);
    const total =
      1_500_000 +
      VEHICLE_DOC_SERVICE_CHARGE_MINOR +
      Math.round((VEHICLE_DOC_SERVICE_CHARGE_MINOR * 750) / 10_000);
    expect(short.json()).toMatchObject({
      code: "insufficient_funds",
      message: `Your wallet balance is too low: add ${(total - 100_000) / 100} NGN to pay for this request`,
    });
    const [none] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM vehicle_doc_requests WHERE user_id = ${poor.id}`,
    );
    expect(none!.n).toBe(0);

    await fund(db, poor.id, total);
    const body = {
      type: "vehicle_papers",
      vehicle_id: v,
      documents: ["third_party_insurance"],
      delivery: pickup(),
    };
    const first = await post(poor, "/vehicle-docs/requests", body, { "idempotency-key": "vd-1" });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().code).toMatch(/^VD-[A-Z0-9]{6}$/);
    expect(first.json().stage).toBe("submitted");
    const again = await post(poor, "/vehicle-docs/requests", body, { "idempotency-key": "vd-1" });
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().code).toBe(first.json().code);
    const reused = await post(
      poor,
      "/vehicle-docs/requests",
      { ...body, documents: ["roadworthiness"] },
      {
        "idempotency-key": "vd-1",
      },
    );
    expect(reused.statusCode).toBe(422);
    expect(await walletBalanceMinor(db, poor.id, "NGN")).toBe(100_000);

    const receipts = await queryRows<{ kind: string; total_minor: string; lines: { kind: string }[] }>(
      db,
      sql`SELECT kind, total_minor, lines FROM receipts WHERE reference = ${first.json().code}`,
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ kind: "vehicle_docs" });
    expect(Number(receipts[0]!.total_minor)).toBe(total);
    expect(receipts[0]!.lines.map((l) => l.kind)).toEqual(["insurance_premium", "service_fee", "pickup"]);
  });

  it("a changed price is refused (409) against expected_total", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const v = await vehicleOf(driver);
    const res = await post(driver, "/vehicle-docs/requests", {
      type: "vehicle_papers",
      vehicle_id: v,
      documents: ["third_party_insurance"],
      delivery: pickup(),
      expected_total: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("price_changed");
  });

  it("lists the driver's requests, paginated; another driver's request is 404", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const other = await fundedUser(db, 100_000_000);
    const v = await vehicleOf(driver);
    const a = await placed(driver, v);
    const b = await placed(driver, v, ["roadworthiness"]);
    const page = await get(driver, "/vehicle-docs/requests?size=1");
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ total: 2, page: 1, size: 1, pages: 2 });
    expect([a, b]).toContain(page.json().items[0].code);
    const one = await get(driver, `/vehicle-docs/requests/${a}`);
    expect(one.json().timeline).toEqual([expect.objectContaining({ stage: "submitted", by: "driver" })]);
    expect((await get(other, `/vehicle-docs/requests/${a}`)).statusCode).toBe(404);
    expect((await get(driver, "/vehicle-docs/requests/VD-ZZZZZZ")).statusCode).toBe(404);
    expect((await get(driver, "/vehicle-docs/requests/nonsense")).statusCode).toBe(404);
    expect((await post(other, `/vehicle-docs/requests/${a}/cancel`)).statusCode).toBe(404);
    expect((await get(other, "/vehicle-docs/requests")).json().total).toBe(0);
  });

  it("cancel refunds in full exactly once, with a credit note; a second cancel is 409", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const v = await vehicleOf(driver);
    const before = await walletBalanceMinor(db, driver.id, "NGN");
    const code = await placed(driver, v, ["vehicle_licence", "roadworthiness"], {
      address_id: (await createAddress(db, driver.id)).id,
    });
    const charged = before - (await walletBalanceMinor(db, driver.id, "NGN"));
    expect(charged).toBeGreaterThan(0);
    const res = await post(driver, `/vehicle-docs/requests/${code}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stage: "cancelled", refunded: charged / 100, can_cancel: false });
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(before);
    const twice = await post(driver, `/vehicle-docs/requests/${code}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(before);
    const notes = await queryRows<{ total_minor: string }>(
      db,
      sql`SELECT total_minor FROM receipts WHERE reference = ${code} AND kind = 'credit_note'`,
    );
    expect(notes.map((n) => Number(n.total_minor))).toEqual([-charged]);
    expect(await mailedStages(code)).toEqual(["submitted", "cancelled"]);
  });

  it("cannot be cancelled once at the licensing office: 409 saying why", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const code = await placed(driver, await vehicleOf(driver));
    await moveTo(code, "at_office");
    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/v1/vehicle-docs/requests/${code}/cancel`,
      headers: { ...bearer(driver), "accept-language": "fr" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "cancel_too_late",
      message: "Cette demande est déjà au bureau des licences\u00a0: elle ne peut plus être annulée",
    });
    // Staff may still refund it, once.
    const refund = await post(staff, `/admin/vehicle-docs/requests/${code}/refund`, {
      note: "Office closed",
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().stage).toBe("refunded");
    expect((await post(staff, `/admin/vehicle-docs/requests/${code}/refund`, {})).statusCode).toBe(409);
  });
});

describe("the back office", () => {
  it("a driver and staff without the permission get 403; the queue filters by stage, state and age", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const employee = await createStaff(db, "employee");
    for (const user of [driver, employee]) {
      expect((await get(user, "/admin/vehicle-docs/requests")).statusCode).toBe(403);
      expect((await get(user, "/admin/vehicle-docs/fees")).statusCode).toBe(403);
    }
    const kano = await vehicleOf(driver, { state: STATE.KN });
    const code = await placed(driver, kano, ["roadworthiness"]);
    const byState = await get(staff, "/admin/vehicle-docs/requests?state_code=KN&stage=submitted&size=100");
    expect(byState.statusCode, byState.body).toBe(200);
    expect(byState.json().items.map((i: { code: string }) => i.code)).toContain(code);
    expect(byState.json().items.every((i: { state_code: string }) => i.state_code === "KN")).toBe(true);
    const old = await get(staff, "/admin/vehicle-docs/requests?min_age_days=3650");
    expect(old.json().total).toBe(0);
    const one = await get(staff, `/admin/vehicle-docs/requests/${code}`);
    expect(one.json()).toMatchObject({
      code,
      next_stages: ["documents_checked", "info_needed", "cancelled", "refunded"],
    });
    expect(one.json().customer.email).toBe(driver.email);
  });

  it("the service charge is data, edited and audited", async () => {
    const res = await ctx.app.inject({
      method: "PUT",
      url: "/api/v1/admin/vehicle-docs/service-charge",
      headers: bearer(staff),
      payload: { service_charge: 3000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().service_charge).toBe(3000);
    const [audit] = await queryRows<{ after: unknown }>(
      db,
      sql`SELECT after FROM audit_log WHERE action = 'vehicle_doc_service_charge.update'`,
    );
    expect(audit!.after).toEqual({ service_charge_minor: 300_000 });
    await ctx.app.inject({
      method: "PUT",
      url: "/api/v1/admin/vehicle-docs/service-charge",
      headers: bearer(staff),
      payload: { service_charge: VEHICLE_DOC_SERVICE_CHARGE_MINOR / 100 },
    });
  });
});
