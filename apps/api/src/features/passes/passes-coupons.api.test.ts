// A coupon on a monthly pass's first term (docs/PRODUCT-RULES.md#coupons): the quote shows it or
// says why not, the sale charges the discounted term with its receipt line, a renewal is at the
// plan's price, and a code that does not apply is refused with nothing sold.
import { createCoupon } from "../../test/coupons";
import type { PassPurchase, PlanQuote, Receipt, ReceiptSummary } from "@parkwell/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bearer, createStaff, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { fundedUser } from "../bookings/bookings.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { passPlans, passRequest, type PassPlans } from "./passes.test-kit";

let ctx: TestContext;
let db: Db;
let plans: PassPlans;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  plans = await passPlans(ctx);
  admin = await createStaff(db, "admin");
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

const call = (
  user: TestUser | null,
  method: "GET" | "POST" | "DELETE",
  url: string,
  payload?: object,
  language = "en",
) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(user ? bearer(user) : {}), "accept-language": language },
    ...(payload ? { payload } : {}),
  });

const coupon = (over: Record<string, unknown>) =>
  createCoupon(ctx.app, admin, { kinds: ["pass"], discount: 25, ...over });

const quoteUrl = (planId: number, q: Record<string, string>) =>
  `/plans/${planId}/quote?${new URLSearchParams({ vehicle_type_id: "1", start_date: passRequest(planId).start_date, ...q })}`;

describe("a coupon on a monthly pass", () => {
  it("takes its discount off the first term's parking: the quote, the charge, the receipt; the fees stay", async () => {
    const plan = await plans.planAt();
    const c = await coupon({ discount: 25 });
    const plain = (await call(null, "GET", quoteUrl(plan.id, {}))).json<PlanQuote>();
    const quoted = await call(null, "GET", quoteUrl(plan.id, { coupon_code: c.code.toLowerCase() }));
    expect(quoted.statusCode, quoted.body).toBe(200);
    const q = quoted.json<PlanQuote>();
    expect(q.coupon).toEqual({ code: c.code, applied: true, discount: 10_000, message: null });
    expect(q.breakdown).toMatchObject({
      parking: 40_000,
      coupon_discount: 10_000,
      coupon_code: c.code,
      service_fee: plain.breakdown.service_fee,
      booking_fee: plain.breakdown.booking_fee,
      tax: plain.breakdown.tax,
    });
    expect(q.total).toBe(plain.total - 10_000);

    const driver = await fundedUser(db, 100_000_000);
    const res = await call(driver, "POST", "/passes", { ...passRequest(plan.id), coupon_code: c.code });
    expect(res.statusCode, res.body).toBe(201);
    const pass = res.json<PassPurchase>();
    expect(pass.charged.amount).toBe(q.total);
    expect(pass.charged.breakdown).toMatchObject({ coupon_discount: 10_000, coupon_code: c.code });
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(100_000_000 - Math.round(q.total * 100));
    const [summary] = (await call(driver, "GET", `/receipts?reference=${pass.pass_code}`)).json<{
      items: ReceiptSummary[];
    }>().items;
    const receipt = (await call(driver, "GET", `/receipts/${summary!.number}`)).json<Receipt>();
    expect(receipt.lines.map((l) => [l.kind, l.amount])).toEqual([
      ["pass", 40_000],
      ["discount", -10_000],
      ["service_fee", plain.breakdown.service_fee],
      ["booking_fee", plain.breakdown.booking_fee],
    ]);
    expect(receipt.lines[1]).toMatchObject({ detail: c.code });
    expect(receipt.total).toBe(q.total);
    // Used once by this driver: the quote, signed in, says so; signed out it cannot know.
    const again = (await call(driver, "GET", quoteUrl(plan.id, { coupon_code: c.code }))).json<PlanQuote>();
    expect(again.coupon).toMatchObject({
      applied: false,
      message: "You have already used this coupon as many times as it allows",
    });
    expect(again.total).toBe(plain.total);
    // A coupon a pass used is in use: the back office cannot delete it (only deactivate it).
    const removed = await call(admin, "DELETE", `/admin/marketplace/coupons/${c.id}`);
    expect(removed.statusCode, removed.body).toBe(409);
  });

  it("refuses a code that is not for passes, in the driver's language, selling nothing", async () => {
    const plan = await plans.planAt();
    const orders = await coupon({ kinds: ["order"] });
    const q = (await call(null, "GET", quoteUrl(plan.id, { coupon_code: orders.code }))).json<PlanQuote>();
    expect(q.coupon).toMatchObject({
      applied: false,
      message: "This coupon does not apply to monthly passes",
    });
    const driver = await fundedUser(db, 100_000_000);
    const res = await call(
      driver,
      "POST",
      "/passes",
      { ...passRequest(plan.id), coupon_code: orders.code },
      "fr",
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: "coupon_refused",
      fields: { coupon_code: "Ce code promo ne s'applique pas aux abonnements mensuels" },
    });
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(100_000_000);
    expect((await call(driver, "GET", "/passes")).json<{ total: number }>().total).toBe(0);
  });
});
