// Coupons on vehicle-document requests (docs/PRODUCT-RULES.md#coupons): the quote shows the
// discount or says why a code does not apply, the request is charged the discounted total with the
// discount on its receipt, the limits per driver and for everyone hold, and a full refund gives the
// use back.
import { createCoupon } from "../../test/coupons";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { VEHICLE_DOC_SERVICE_CHARGE_MINOR } from "../../db/seed/vehicle-docs";
import type { TestUser } from "../../test/factories";
import { fundedUser } from "../bookings/bookings.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { vehicleDocsKit } from "./vehicle-docs.test-kit";

const kit = vehicleDocsKit();
const { vehicleOf, post, get, pickup } = kit;
let db: Db;
let staff: TestUser;
beforeAll(() => {
  ({ db, staff } = kit.suite);
});

const PREMIUM = 1_500_000; // third-party insurance at the national tariff, kobo
const SERVICE = VEHICLE_DOC_SERVICE_CHARGE_MINOR;
const VAT_BPS = 750;

/** A Nigerian coupon made in the back office, live now. */
const coupon = (over: Record<string, unknown>) =>
  createCoupon(kit.suite.ctx.app, staff, { kinds: ["vehicle_docs"], discount: 40, ...over });

async function driver() {
  const user = await fundedUser(db, 5_000_000);
  return {
    user,
    body: {
      type: "vehicle_papers",
      vehicle_id: await vehicleOf(user),
      documents: ["third_party_insurance"],
      delivery: pickup(),
    },
  };
}

const totalWith = (discount: number) =>
  PREMIUM + SERVICE - discount + Math.round(((SERVICE - discount) * VAT_BPS) / 10_000);

describe("a coupon on a vehicle-document request", () => {
  it("takes its discount off the service charge on the quote, the charge, the receipt and the request", async () => {
    const c = await coupon({ discount: 40 });
    const { user, body } = await driver();
    const quote = await post(user, "/vehicle-docs/quote", { ...body, coupon_code: c.code.toLowerCase() });
    expect(quote.statusCode, quote.body).toBe(200);
    const discount = (SERVICE * 40) / 100;
    expect(quote.json()).toMatchObject({
      service_charge: SERVICE / 100,
      discount: discount / 100,
      coupon: { code: c.code, applied: true, discount: discount / 100, message: null },
      tax: Math.round(((SERVICE - discount) * VAT_BPS) / 10_000) / 100,
      total: totalWith(discount) / 100,
    });

    const res = await post(user, "/vehicle-docs/requests", {
      ...body,
      coupon_code: c.code,
      expected_total: totalWith(discount) / 100,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      discount: discount / 100,
      coupon_code: c.code,
      total: totalWith(discount) / 100,
    });
    expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(5_000_000 - totalWith(discount));
    const [receipt] = await queryRows<{
      total_minor: string;
      lines: { kind: string; amountMinor: number; detail?: string }[];
    }>(db, sql`SELECT total_minor, lines FROM receipts WHERE reference = ${res.json().code}`);
    expect(Number(receipt!.total_minor)).toBe(totalWith(discount));
    expect(receipt!.lines.find((l) => l.kind === "discount")).toMatchObject({
      amountMinor: -discount,
      detail: c.code,
    });
    const shown = await get(user, `/vehicle-docs/requests/${res.json().code}`);
    expect(shown.json()).toMatchObject({ discount: discount / 100, coupon_code: c.code });
    expect((await get(staff, `/admin/marketplace/coupons?search=${c.code}`)).json().items[0].uses).toBe(1);
  });

  it("says on the quote why a code does not apply, and refuses the request with it, changing nothing", async () => {
    const { user, body } = await driver();
    const orderOnly = await coupon({ kinds: ["order"] });
    const tooBig = await coupon({ discount_type: "fixed", discount: SERVICE / 100 + 1 });
    for (const [code, message, language, said] of [
      [
        orderOnly.code,
        "This coupon does not apply to vehicle documents",
        "en",
        "This coupon does not apply to vehicle documents",
      ],
      [
        orderOnly.code,
        "This coupon does not apply to vehicle documents",
        "fr",
        "Ce code promo ne s'applique pas aux documents du véhicule",
      ],
      [
        tooBig.code,
        "The discount amount does not over the subtotal amount",
        "en",
        "The discount amount does not over the subtotal amount",
      ],
      [
        "WELCOME5",
        "This coupon is for another country, not this one",
        "en",
        "This coupon is for another country, not this one",
      ],
      ["NO-SUCH-CODE", "This coupon code does not exist", "en", "This coupon code does not exist"],
    ] as const) {
      const quote = await post(user, "/vehicle-docs/quote", { ...body, coupon_code: code });
      expect(quote.statusCode).toBe(200);
      expect(quote.json()).toMatchObject({
        discount: 0,
        coupon: { applied: false, message },
        total: totalWith(0) / 100,
      });
      const refused = await post(
        user,
        "/vehicle-docs/requests",
        { ...body, coupon_code: code },
        { "accept-language": language },
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: "coupon_refused", fields: { coupon_code: said } });
    }
    expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(5_000_000);
    const [none] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM vehicle_doc_requests WHERE user_id = ${user.id}`,
    );
    expect(none!.n).toBe(0);
  });

  it("holds the limit per driver and for everyone; a cancelled (refunded) request gives its use back", async () => {
    const c = await coupon({ limit_per_user: 1, total_limit: 2 });
    const a = await driver();
    const b = await driver();
    const third = await driver();
    const made = await post(a.user, "/vehicle-docs/requests", { ...a.body, coupon_code: c.code });
    expect(made.statusCode, made.body).toBe(201);
    const again = await post(a.user, "/vehicle-docs/quote", { ...a.body, coupon_code: c.code });
    expect(again.json().coupon).toMatchObject({
      applied: false,
      message: "You have already used this coupon as many times as it allows",
    });
    expect(
      (await post(b.user, "/vehicle-docs/requests", { ...b.body, coupon_code: c.code })).statusCode,
    ).toBe(201);
    const all = await post(third.user, "/vehicle-docs/requests", { ...third.body, coupon_code: c.code });
    expect(all.json()).toMatchObject({
      fields: { coupon_code: "This coupon has been used as many times as it allows" },
    });

    // The driver cancels before the office: refunded in full, the use is given back to both limits.
    expect((await post(a.user, `/vehicle-docs/requests/${made.json().code}/cancel`)).statusCode).toBe(200);
    expect(await walletBalanceMinor(db, a.user.id, "NGN")).toBe(5_000_000);
    expect(
      (await post(third.user, "/vehicle-docs/requests", { ...third.body, coupon_code: c.code })).statusCode,
    ).toBe(201);
    // The coupon was used: the back office may deactivate it, not delete it.
    expect(
      (
        await kit.suite.ctx.app.inject({
          method: "DELETE",
          url: `/api/v1/admin/marketplace/coupons/${c.id}`,
          headers: { authorization: `Bearer ${staff.token}` },
        })
      ).statusCode,
    ).toBe(409);
  });
});
