// Paying the difference for every kind on the engine (decision 026, "Every kind"): a driver whose
// wallet is short of an order, a monthly pass or a vehicle-document request starts a top-up of what
// is missing; its confirmation makes the purchase once through the engine with the checkout's
// Idempotency-Key. The demo provider's verify and Paystack's webhook (the fake); a purchase refused
// at confirmation leaves the money in the wallet. On PGlite and PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { userVehicles } from "../../db/schema/index";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { usePaymentsContext } from "../../test/payments-context";
import { fundedUser } from "../bookings/bookings.test-kit";
import {
  createCategory,
  createDeliveryArea,
  createItem,
  createSlots,
  marketViolations,
  ngParks,
  resetDeliverySetup,
} from "../marketplace/marketplace.test-kit";
import { passPlans, passRequest, type PassPlans } from "../passes/passes.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";

/** What an order's and a document request's requests need in a fresh database: a park for pickups, an item. */
async function setUp(db: Db) {
  await resetDeliverySetup(db);
  await createDeliveryArea(db);
  const [park] = (await ngParks(db, 1)) as [number];
  const category = await createCategory(db);
  const slot = await createSlots(db);
  const itemId = (await createItem(db, { categoryId: category.id, priceMinor: 12_345, stock: 10_000 })).id;
  return { park, slot, itemId };
}

async function vehicleOf(db: Db, user: TestUser): Promise<number> {
  const [row] = await db
    .insert(userVehicles)
    .values({
      userId: user.id,
      plateNumber: `LAG${Math.floor(Math.random() * 1e6)}`,
      vehicleTypeId: 1,
      make: "Toyota",
      model: "Corolla",
      color: "Silver",
      registrationStateId: 1,
      engineCc: 1800,
      vehicleUse: "private",
    })
    .returning({ id: userVehicles.id });
  return row!.id;
}

describe("pay the difference for an order, a pass, a document request (demo provider)", () => {
  let ctx: TestContext;
  let db: Db;
  let s: Awaited<ReturnType<typeof setUp>>;
  let plans: PassPlans;

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
    s = await setUp(db);
    plans = await passPlans(ctx);
  });
  afterAll(() => ctx?.close());
  afterEach(async () => {
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
    expect(await marketViolations(db)).toEqual([]);
  });

  const post = (u: TestUser, url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: "POST", url: `/api/v1${url}`, headers: { ...bearer(u), ...headers }, payload });
  const checkout = (u: TestUser, kind: string, request: object, key?: string) =>
    post(u, "/purchases/checkout", { kind, request }, key ? { "idempotency-key": key } : {});
  const verify = (u: TestUser, reference: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/verify-payment",
      headers: bearer(u),
      query: { payment_reference: reference, payment_provider: "demo" },
    });

  const planAt = (allocation = 5) => plans.planAt({ allocation });
  const orderBody = () => ({
    country: "NG",
    order_type: "takeaway",
    park_id: s.park,
    time_slot: s.slot,
    lines: [{ item_id: s.itemId, quantity: 2 }],
  });
  const docsBody = async (u: TestUser) => ({
    type: "vehicle_papers",
    vehicle_id: await vehicleOf(db, u),
    documents: ["vehicle_licence", "third_party_insurance"],
    delivery: { park_id: s.park },
  });

  /** The kind's own route with an empty wallet is the 402; the checkout pays the difference; verify makes it. */
  async function paysTheDifference(
    kind: "order" | "pass" | "vehicle_docs",
    route: string,
    body: (u: TestUser) => Promise<object>,
    purchasesOf: (userId: string) => Promise<string[]>,
  ) {
    const u = await createUser(db);
    const request = await body(u);
    const short = await post(u, route, request);
    expect(short.statusCode, short.body).toBe(402);
    const missing = Number(short.json().fields.amount_missing);

    const key = `checkout-${kind}-${u.id}`;
    const res = await checkout(u, kind, request, key);
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      kind,
      status: "pending",
      currency: "NGN",
      balance: 0,
      total: missing,
      amount_missing: missing,
      payment: { provider: "demo", currency: "NGN" },
    });
    expect(c.top_up_amount).toBeGreaterThanOrEqual(missing);
    // The same key answers the same checkout; nothing is bought before the payment.
    const again = await checkout(u, kind, request, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().payment.reference).toBe(c.payment.reference);
    expect(await purchasesOf(u.id)).toEqual([]);

    const paid = await verify(u, c.payment.reference);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      status: "success",
      data: { credited: true, purchase: { kind, status: "made", code: expect.any(String) } },
    });
    const code = paid.json().data.purchase.code as string;
    expect(await purchasesOf(u.id)).toEqual([code]);
    // A second verify finds it paid and made: nothing more is charged or bought.
    const twice = await verify(u, c.payment.reference);
    expect(twice.json().data).toMatchObject({ credited: false, purchase: { status: "made", code } });
    expect(await purchasesOf(u.id)).toEqual([code]);
    const decimals = 2;
    expect(await walletBalanceMinor(db, u.id, "NGN")).toBe(
      Math.round((c.top_up_amount - missing) * 10 ** decimals),
    );
    // Made with the checkout's key: the kind's own route with it answers the same purchase.
    const replayed = await post(u, route, request, { "idempotency-key": key });
    expect(replayed.statusCode, replayed.body).toBe(201);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    return { u, code };
  }

  const codesOf = (table: string, column: string) => async (userId: string) =>
    (
      await queryRows<{ code: string }>(
        db,
        sql`SELECT ${sql.identifier(column)} AS code FROM ${sql.identifier(table)} WHERE user_id = ${userId} ORDER BY created_at`,
      )
    ).map((r) => r.code);

  it("a marketplace order", async () => {
    await paysTheDifference("order", "/orders", async () => orderBody(), codesOf("orders", "order_code"));
  });

  it("a monthly pass", async () => {
    const plan = await planAt();
    await paysTheDifference(
      "pass",
      "/passes",
      async () => passRequest(plan.id),
      codesOf("passes", "pass_code"),
    );
  });

  it("a vehicle-document request", async () => {
    await paysTheDifference(
      "vehicle_docs",
      "/vehicle-docs/requests",
      docsBody,
      codesOf("vehicle_doc_requests", "code"),
    );
  });

  it("a pass sold out while the payment was awaited: not made, the money stays in the wallet", async () => {
    const plan = await planAt(1);
    const u = await createUser(db);
    const res = await checkout(u, "pass", passRequest(plan.id));
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    const other = await fundedUser(db, 100_000_000);
    expect((await post(other, "/passes", passRequest(plan.id))).statusCode).toBe(201);
    const paid = await verify(u, c.payment.reference);
    expect(paid.json()).toMatchObject({
      status: "success",
      message: "Payment verified, but your pass could not be bought: the money is in your wallet",
      data: { purchase: { kind: "pass", status: "not_made", code: null, reason: "plan_sold_out" } },
    });
    expect(await walletBalanceMinor(db, u.id, "NGN")).toBe(Math.round(c.top_up_amount * 100));
    expect(await codesOf("passes", "pass_code")(u.id)).toEqual([]);
  });

  it("refuses what it cannot pay the difference for: a covered wallet, a company, a bad kind or request, the kind's refusals", async () => {
    const rich = await fundedUser(db, 100_000_000);
    const covered = await checkout(rich, "order", orderBody());
    expect(covered.statusCode).toBe(409);
    expect(covered.json().code).toBe("funds_available");
    const u = await createUser(db);
    const company = await checkout(u, "order", { ...orderBody(), company_id: 1 });
    expect(company.statusCode).toBe(422);
    expect(company.json().fields).toHaveProperty(["request.company_id"]);
    const kind = await checkout(u, "booking", orderBody());
    expect(kind.statusCode).toBe(422);
    const bad = await checkout(u, "pass", { plan_id: "x" });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fields)).toContain("request.plan_id");
    // The kind's own refusal, before any payment: an unknown plan.
    const unknown = await checkout(u, "pass", passRequest(999_999));
    expect(unknown.statusCode).toBe(404);
    const payments = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${u.id}`,
    );
    expect(Number(payments[0]!.n)).toBe(0);
  });
});

describe("pay the difference through a provider's webhook (Paystack fake)", () => {
  const payments = usePaymentsContext();

  it("the webhook sends the document request; a second webhook and verify make nothing more", async () => {
    const ctx = payments.ctx;
    const db = ctx.database.db;
    const s = await setUp(db);
    const u = await createUser(db);
    const request = {
      type: "vehicle_papers",
      vehicle_id: await vehicleOf(db, u),
      documents: ["vehicle_licence"],
      delivery: { park_id: s.park },
    };
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/purchases/checkout",
      headers: bearer(u),
      payload: { kind: "vehicle_docs", request },
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    expect(c.payment.provider).toBe("paystack");
    ctx.paystack.complete(c.payment.reference);
    expect(await ctx.paystack.sendWebhook(c.payment.reference, ctx.webhookUrl("paystack"))).toBe(200);
    expect(await ctx.paystack.sendWebhook(c.payment.reference, ctx.webhookUrl("paystack"))).toBe(200);
    const verified = await payments.verify(u, c.payment.reference, "paystack");
    expect(verified.json()).toMatchObject({
      status: "success",
      data: { credited: false, purchase: { kind: "vehicle_docs", status: "made" } },
    });
    const code = verified.json().data.purchase.code as string;
    expect(verified.json().message).toBe(`Payment verified: your request ${code} is sent`);
    const rows = await queryRows<{ code: string }>(
      db,
      sql`SELECT code FROM vehicle_doc_requests WHERE user_id = ${u.id}`,
    );
    expect(rows.map((r) => r.code)).toEqual([code]);
    expect(await payments.balance(u)).toBeCloseTo(c.top_up_amount - c.total, 6);
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });
});
