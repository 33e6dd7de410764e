import { randomUUID } from "node:crypto";
import type { Availability } from "@parkwell/contract";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type Db } from "../../db/client";
import { bookings, users } from "../../db/schema/index";
import { DEMO_ACCOUNTS, DEMO_COMPANY } from "../../db/seed/accounts";
import { itemId } from "../../db/seed/marketplace";
import { hashPassword } from "../../lib/passwords";
import { bearer, seededUser, type TestUser } from "../../test/factories";
import { createTestContext, TEST_ENGINE, withTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { allDayParks, at, book, fund, fundedUser, HOUR, setCapacity } from "../bookings/bookings.test-kit";
import { addMember, companyBalance, setLimits, setPolicy } from "../companies/companies.test-kit";
import { chargeCompanyAccount, fundCompany } from "../companies/company-money.test-kit";
import { syncFloor } from "../companies/company-wallet.service";
import { marketViolations, placeOrder } from "../marketplace/marketplace.test-kit";
import { passPlans, passRequest } from "../passes/passes.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { DEMO_RESET_EVERY_MS } from "./demo.domain";
import { resetDemoData, resetDemoDataWhenDue } from "./demo.service";

const [DRIVER, ADMIN] = DEMO_ACCOUNTS;

const demoBookings = async (db: Db, ids: string[]) =>
  (await db.select({ id: bookings.id }).from(bookings).where(inArray(bookings.userId, ids))).length;

describe("resetting the demo data", () => {
  let ctx: TestContext;
  let db: Db;
  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
  });
  afterAll(() => ctx?.close());
  afterEach(async () => {
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  /** A top-up through the demo provider, as the in-app payment page makes it. */
  async function demoTopUp(user: TestUser, amount: number, verify = true) {
    const { data } = (
      await ctx.app.inject({
        method: "POST",
        url: "/api/v1/wallet/add-funds",
        headers: { ...bearer(user), "idempotency-key": randomUUID() },
        payload: { amount },
      })
    ).json<{ data: { reference: string; provider: string } }>();
    expect(data.provider).toBe("demo");
    if (verify) {
      const res = await verifyTopUp(user, data.reference);
      expect(res.statusCode).toBe(200);
    }
    return data.reference;
  }
  const verifyTopUp = (user: TestUser, reference: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/verify-payment",
      headers: bearer(user),
      query: { payment_reference: reference, payment_provider: "demo" },
    });
  const available = async (parkId: number, start: Date, end: Date) =>
    (
      await ctx.app.inject({
        url: `/api/v1/front/parks/${parkId}/availability?start_time=${start.toISOString()}&end_time=${end.toISOString()}`,
      })
    ).json<Availability>().available;

  it("puts the demo accounts' bookings, wallets and accounts back as seeded, and nobody else's", async () => {
    const [demoPark, otherPark] = await allDayParks(db, 2);
    await setCapacity(db, demoPark!, 1, 1);
    const start = at(2 * HOUR);
    const end = at(4 * HOUR);
    const driver = await seededUser(db, DRIVER.email);
    const admin = await seededUser(db, ADMIN.email);

    await demoTopUp(driver, 20_000);
    await demoTopUp(admin, 5_000);
    expect((await book(ctx.app, driver, { park_id: demoPark!, start, end })).statusCode).toBe(201);
    expect(await available(demoPark!, start, end)).toBe(0);
    // A top-up started before the reset must not credit after it.
    const open = await demoTopUp(driver, 1_000, false);
    // A visitor renamed the demo driver and changed the published password.
    await db
      .update(users)
      .set({ firstName: "Mallory", passwordHash: await hashPassword("not-the-published-one") })
      .where(eq(users.email, DRIVER.email));

    const other = await fundedUser(db, 10_000_000);
    expect((await book(ctx.app, other, { park_id: otherPark!, start, end })).statusCode).toBe(201);
    const otherBalance = await walletBalanceMinor(db, other.id, "NGN");
    // A visitor's phone and another driver's subscribed to their reminders (decision 066); both
    // saved a card and turned its automatic reload on (decision 069).
    for (const [u, device] of [
      [driver, "demo-visitor"],
      [other, "other-driver"],
    ] as const) {
      await db.execute(sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, reminders)
        VALUES (${u.id}, ${`https://push.example/${device}/${u.id}`}, 'k', 'a', ARRAY['booking_start'])`);
    }
    const rowsOf = async (table: string, u: { id: string }) =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE user_id = ${u.id}`,
        )
      )[0]!.n;

    for (const u of [driver, other]) {
      await db.execute(sql`WITH card AS (
          INSERT INTO saved_cards (user_id, provider, method_ref, brand, last4, currency)
          VALUES (${u.id}, 'demo', ${`demo_card_${u.id}`}, 'visa', '4242', 'NGN') RETURNING id)
        INSERT INTO auto_reloads (user_id, card_id, currency, threshold_minor, amount_minor)
        SELECT ${u.id}, id, 'NGN', 100000, 200000 FROM card`);
    }
    await resetDemoData(db, () => new Date());
    for (const table of ["push_subscriptions", "saved_cards", "auto_reloads"]) {
      expect([table, await rowsOf(table, driver), await rowsOf(table, other)]).toEqual([table, 0, 1]);
    }

    expect(await demoBookings(db, [driver.id, admin.id])).toBe(0);
    expect(await available(demoPark!, start, end)).toBe(1);
    for (const u of [driver, admin]) {
      const wallet = (await ctx.app.inject({ url: "/api/v1/wallet", headers: bearer(u) })).json();
      expect(wallet.data.balance).toBe(0);
    }
    const late = await verifyTopUp(driver, open);
    expect(late.statusCode).toBe(422);
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(0);

    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { identifier: DRIVER.email, password: DRIVER.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ first_name: DRIVER.firstName });

    expect(await demoBookings(db, [other.id])).toBe(1);
    expect(await walletBalanceMinor(db, other.id, "NGN")).toBe(otherBalance);
    // The demo driver may top up and book again straight away.
    await demoTopUp(driver, 20_000);
    expect((await book(ctx.app, driver, { park_id: demoPark!, start, end })).statusCode).toBe(201);
  });

  it("puts the demo company back as seeded: balance, billing, policy, people, invitations and charges", async () => {
    const [company] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM companies WHERE name = ${DEMO_COMPANY.name}`,
    );
    const id = Number(company!.id);
    const owner = await seededUser(db, DEMO_COMPANY.owner);
    const driver = await seededUser(db, DEMO_COMPANY.member);
    const visitor = await fundedUser(db, 0);
    // A visitor tops the company up, pays with it, switches it to invoice billing and owes money,
    // sets a policy and limits, removes the demo driver, adds someone and leaves an invitation open.
    await fundCompany(db, id, owner.id, 1_000_00, new Date());
    await db.execute(
      sql`UPDATE companies SET billing = 'invoice', credit_limit_minor = 500000 WHERE id = ${id}`,
    );
    await db.transaction((tx) => syncFloor(tx, id));
    await chargeCompanyAccount(db, id, `demo-reset:company:${id}:${Date.now()}`, 3_000_00);
    expect(await companyBalance(db, id, "NGN")).toBe(-2_000_00);
    await setPolicy(db, id, { switches: { extensions: false }, countryIds: [2] });
    await setLimits(db, id, "NGN", { perBookingMinor: 100 });
    await db.execute(sql`UPDATE company_members SET removed_at = now()
      WHERE company_id = ${id} AND user_id = ${driver.id}`);
    await addMember(db, id, visitor, "admin", "Visitors");
    const invited = await ctx.app.inject({
      method: "POST",
      url: `/api/v1/business/companies/${id}/invitations`,
      headers: bearer(owner),
      payload: { email: "someone@visitor.test" },
    });
    expect(invited.statusCode).toBe(201);

    await resetDemoData(db, () => new Date());

    expect(await companyBalance(db, id, "NGN")).toBe(0);
    const [row] = await queryRows<{ billing: string; credit: string | number; floor: string | number }>(
      db,
      sql`SELECT co.billing, co.credit_limit_minor AS credit, a.credit_limit_minor AS floor
          FROM companies co JOIN wallet_accounts a ON a.key = ${`company:${id}:NGN`} WHERE co.id = ${id}`,
    );
    expect({ billing: row!.billing, credit: Number(row!.credit), floor: Number(row!.floor) }).toEqual({
      billing: "wallet",
      credit: 0,
      floor: 0,
    });
    const left = await queryRows<{ n: number }>(
      db,
      sql`SELECT (SELECT count(*) FROM company_policies WHERE company_id = ${id})
          + (SELECT count(*) FROM company_limits WHERE company_id = ${id})
          + (SELECT count(*) FROM company_charges WHERE company_id = ${id})
          + (SELECT count(*) FROM company_invitations WHERE company_id = ${id} AND revoked_at IS NULL
              AND accepted_at IS NULL) AS n`,
    );
    expect(Number(left[0]!.n)).toBe(0);
    const people = await queryRows<{ email: string; role: string; cost_centre: string }>(
      db,
      sql`SELECT u.email, m.role, m.cost_centre FROM company_members m JOIN users u ON u.id = m.user_id
          WHERE m.company_id = ${id} AND m.removed_at IS NULL ORDER BY u.email`,
    );
    expect(people).toEqual(
      [
        { email: DEMO_COMPANY.member, role: "member", cost_centre: DEMO_COMPANY.costCentre },
        { email: DEMO_COMPANY.owner, role: "owner", cost_centre: "" },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
  });

  it("keeps the company's charge of a visitor's running pass, so the pass is not renewed from the visitor's wallet", async () => {
    const [company] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM companies WHERE name = ${DEMO_COMPANY.name}`,
    );
    const id = Number(company!.id);
    const owner = await seededUser(db, DEMO_COMPANY.owner);
    const visitor = await fundedUser(db, 0);
    await addMember(db, id, visitor, "member", "Visitors");
    await fundCompany(db, id, owner.id, 1_000_000_00, new Date());
    await setPolicy(db, id, { switches: { passes: true } });
    const plan = await (await passPlans(ctx)).planAt();
    const bought = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/passes",
      headers: { ...bearer(visitor), "idempotency-key": randomUUID() },
      payload: { ...passRequest(plan.id), company_id: id },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const charges = () =>
      queryRows<{ kind: string }>(db, sql`SELECT kind FROM company_charges WHERE company_id = ${id}`);
    expect(await charges()).toContainEqual({ kind: "pass" });

    await resetDemoData(db, () => new Date());

    // The pass still names its payer; the visitor is no longer a member, so its renewal is refused.
    expect(await charges()).toEqual([{ kind: "pass" }]);
    // Once the pass has ended, the next reset clears its charge like any other.
    await db.execute(
      sql`UPDATE passes SET status = 'ended', ended_reason = 'cancelled' WHERE user_id = ${visitor.id}`,
    );
    await resetDemoData(db, () => new Date());
    expect(await charges()).toEqual([]);
  });

  it("frees the space a demo account holds while paying the difference, and its payment can no longer book", async () => {
    const [park] = await allDayParks(db, 3, { minCapacity: 1 }).then((ids) => ids.slice(2));
    await setCapacity(db, park!, 1, 1);
    const start = at(6 * HOUR);
    const end = at(7 * HOUR);
    const driver = await seededUser(db, DRIVER.email);
    // An empty wallet, as seeded.
    await resetDemoData(db, () => new Date());
    const held = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/bookings/hold",
      headers: bearer(driver),
      payload: {
        park_id: park,
        vehicle_type_id: 1,
        start_time: start.toISOString(),
        end_time: end.toISOString(),
      },
    });
    expect(held.statusCode).toBe(201);
    expect(await available(park!, start, end)).toBe(0);

    await resetDemoData(db, () => new Date());

    expect(await available(park!, start, end)).toBe(1);
    expect((await verifyTopUp(driver, held.json().payment.reference)).statusCode).toBe(422);
    expect(await demoBookings(db, [driver.id])).toBe(0);
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(0);
  });

  it("deletes a demo account's charger booking and charger hold, frees the charger and keeps the group", async () => {
    const [park] = await allDayParks(db, 4, { minCapacity: 1 }).then((ids) => ids.slice(3));
    const [group] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO park_chargers (park_id, connector, power_kw, count, price_unit, price_minor)
        VALUES (${park!}, 'type2', 22, 1, 'hour', 150000) RETURNING id`,
    );
    const chargerId = Number(group!.id);
    const heldAt = async (start: Date, end: Date) =>
      Number(
        (
          await queryRows<{ n: number }>(
            db,
            sql`SELECT charger_peak(${chargerId}::int, ${start.toISOString()}::timestamptz,
              ${end.toISOString()}::timestamptz, NULL::uuid, now()) AS n`,
          )
        )[0]!.n,
      );
    const driver = await seededUser(db, DRIVER.email);
    await resetDemoData(db, () => new Date());
    // A hold with an empty wallet, then a booking once topped up: both name the group.
    const held = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/bookings/hold",
      headers: bearer(driver),
      payload: {
        park_id: park,
        vehicle_type_id: 1,
        charger_id: chargerId,
        start_time: at(30 * HOUR).toISOString(),
        end_time: at(31 * HOUR).toISOString(),
      },
    });
    expect(held.statusCode, held.body).toBe(201);
    await demoTopUp(driver, 20_000);
    const start = at(8 * HOUR);
    const end = at(9 * HOUR);
    const booked = await book(ctx.app, driver, { park_id: park!, charger_id: chargerId, start, end });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await heldAt(start, at(31 * HOUR))).toBe(1);

    // The bookings and holds point to the group (ON DELETE RESTRICT): deleting them is fine, the
    // group stays, as the operator's data.
    await resetDemoData(db, () => new Date());

    expect(await demoBookings(db, [driver.id])).toBe(0);
    expect(await heldAt(start, at(31 * HOUR))).toBe(0);
    const [kept] = await queryRows<{ status: string }>(
      db,
      sql`SELECT status FROM park_chargers WHERE id = ${chargerId}`,
    );
    expect(kept).toEqual({ status: "active" });
    await demoTopUp(driver, 20_000);
    const again = await book(ctx.app, driver, { park_id: park!, charger_id: chargerId, start, end });
    expect(again.statusCode, again.body).toBe(201);
    await resetDemoData(db, () => new Date());
  });
});

describe("a demo driver's marketplace orders", () => {
  let ctx: TestContext;
  let db: Db;
  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
  });
  afterAll(() => ctx?.close());

  const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(db, query))[0]!;
  const stockOf = async () => ({
    variation: (
      await one<{ stock: number }>(
        sql`SELECT stock FROM market_variations WHERE item_id = ${itemId(1, 1)} AND position = 0`,
      )
    ).stock,
    towels: (await one<{ stock: number }>(sql`SELECT stock FROM market_items WHERE id = ${itemId(1, 7)}`))
      .stock,
  });

  /** An order as placing it leaves it: the stock and the service's jobs taken, a line per item. */
  async function order(
    userId: string,
    stage: string,
    parkId: number,
    day: string,
    lines: { item: number; variation?: number; kind?: string; quantity: number; returned?: number }[],
  ): Promise<string> {
    const code = `OR-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const { id } = await one<{ id: string }>(
      sql`INSERT INTO orders (order_code, user_id, country_id, currency, order_type, stage, park_id, slot_date,
          subtotal_minor, offer_discount_minor, coupon_discount_minor, delivery_minor, tax_minor, tax_name,
          total_minor)
        VALUES (${code}, ${userId}, 1, 'NGN', 'takeaway', ${stage}, ${parkId}, ${day}, 1000000, 0, 0, 0, 0,
          'VAT', 1000000)
        RETURNING id`,
    );
    // Its purchase engine's row, as every order has (a coupon's use is keyed by it).
    await db.execute(
      sql`INSERT INTO purchases (id, kind, code, user_id, created_at) VALUES (${id}, 'order', ${code}, ${userId}, now())`,
    );
    for (const [position, l] of lines.entries()) {
      await db.execute(
        sql`INSERT INTO order_lines (order_id, position, item_id, variation_id, kind, name, addons, quantity,
            unit_price_minor, unit_offer_minor, coupon_share_minor, tax_share_minor, returned_quantity)
          VALUES (${id}, ${position}, ${l.item}, ${l.variation ?? null}, ${l.kind ?? "product"}, '{"en":"x","fr":"x"}',
            '[]', ${l.quantity}, 100000, 0, 0, 0, ${l.returned ?? 0})`,
      );
      if (stage === "canceled" || stage === "rejected") continue;
      if (l.kind === "service") {
        await db.execute(
          sql`INSERT INTO service_days (item_id, park_id, day, taken) VALUES (${l.item}, ${parkId}, ${day}, ${l.quantity})
            ON CONFLICT (item_id, park_id, day) DO UPDATE SET taken = service_days.taken + excluded.taken`,
        );
      } else if (l.variation) {
        await db.execute(
          sql`UPDATE market_variations SET stock = stock - ${l.quantity - (l.returned ?? 0)} WHERE id = ${l.variation}`,
        );
      } else {
        await db.execute(
          sql`UPDATE market_items SET stock = stock - ${l.quantity - (l.returned ?? 0)} WHERE id = ${l.item}`,
        );
      }
    }
    return id;
  }

  it("placed through the API are undone by the reset: stock, service day and coupon use come back", async () => {
    const driver = await seededUser(db, DRIVER.email);
    await fund(db, driver.id, 50_000_000);
    const wash = itemId(1, 21);
    const { park_id: parkId } = await one<{ park_id: number }>(
      sql`SELECT park_id FROM market_item_parks WHERE item_id = ${wash} ORDER BY park_id LIMIT 1`,
    );
    const { id: variation } = await one<{ id: number }>(
      sql`SELECT id FROM market_variations WHERE item_id = ${itemId(1, 1)} AND position = 0`,
    );
    // Tomorrow on Lagos's clock (UTC+1), in its last slot.
    const tomorrow = new Date(Date.now() + 86_400_000 + 3_600_000);
    const { id: slotId } = await one<{ id: number }>(
      sql`SELECT id FROM time_slots WHERE country_id = 1 AND day = ${tomorrow.getUTCDay()} AND status = 'active'
        ORDER BY opening_time DESC LIMIT 1`,
    );
    const jobs = async () =>
      (
        await one<{ n: number }>(
          sql`SELECT coalesce(sum(taken), 0)::int AS n FROM service_days WHERE item_id = ${wash}`,
        )
      ).n;
    const before = { stock: await stockOf(), jobs: await jobs() };
    const body = {
      country: "NG",
      order_type: "takeaway",
      park_id: parkId,
      coupon_code: "PARKWELL10",
      time_slot: { slot_id: slotId, date: tomorrow.toISOString().slice(0, 10) },
      lines: [
        { item_id: itemId(1, 1), variation_id: variation, quantity: 2 },
        { item_id: itemId(1, 7), quantity: 3 },
        { item_id: wash, quantity: 1 },
      ],
    };
    const placed = await placeOrder(ctx.app, driver, body as never, "demo-reset-order-1");
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stockOf()).toEqual({
      variation: before.stock.variation - 2,
      towels: before.stock.towels - 3,
    });
    expect(await jobs()).toBe(before.jobs + 1);

    await resetDemoData(db, () => new Date());

    expect({ stock: await stockOf(), jobs: await jobs() }).toEqual(before);
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
    expect(await marketViolations(db)).toEqual([]);
    // The coupon is the driver's to use again, with a new wallet top-up.
    await fund(db, driver.id, 50_000_000);
    const again = await placeOrder(ctx.app, driver, body as never, "demo-reset-order-2");
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ coupon_code: "PARKWELL10" });
    await resetDemoData(db, () => new Date());
    expect(await stockOf()).toEqual(before.stock);
  });

  it("are deleted with their addresses, giving back the stock and service jobs they held; nobody else's", async () => {
    const driver = await seededUser(db, DRIVER.email);
    const other = await fundedUser(db, 1_000_000);
    const before = await stockOf();
    const wash = itemId(1, 21);
    const { park_id: parkId } = await one<{ park_id: number }>(
      sql`SELECT park_id FROM market_item_parks WHERE item_id = ${wash} ORDER BY park_id LIMIT 1`,
    );
    const { id: variation } = await one<{ id: number }>(
      sql`SELECT id FROM market_variations WHERE item_id = ${itemId(1, 1)} AND position = 0`,
    );
    const day = "2026-12-01";
    const placed = await order(driver.id, "placed", parkId, day, [
      { item: itemId(1, 1), variation, quantity: 2 },
      { item: itemId(1, 7), quantity: 3 },
      { item: wash, kind: "service", quantity: 1 },
    ]);
    await order(driver.id, "canceled", parkId, day, [{ item: itemId(1, 7), quantity: 1 }]);
    await order(driver.id, "returned", parkId, day, [{ item: itemId(1, 7), quantity: 4, returned: 1 }]);
    await order(other.id, "placed", parkId, day, [
      { item: itemId(1, 7), quantity: 5 },
      { item: wash, kind: "service", quantity: 2 },
    ]);
    await db.execute(
      sql`INSERT INTO coupon_uses (coupon_id, user_id, purchase_id)
        SELECT id, ${driver.id}, ${placed} FROM coupons WHERE country_id = 1 AND code = 'PARKWELL10'`,
    );
    for (const userId of [driver.id, other.id]) {
      await db.execute(
        sql`INSERT INTO addresses (user_id, country_id, label, address, city, lat, lng, phone)
          VALUES (${userId}, 1, 'home', '12 Allen Avenue', 'Lagos', 6.6018, 3.3515, '+2348012345678')`,
      );
    }
    expect(await stockOf()).toEqual({ variation: before.variation - 2, towels: before.towels - 3 - 3 - 5 });

    await resetDemoData(db, () => new Date());

    const count = async (table: string, userId: string) =>
      (
        await one<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE user_id = ${userId}`,
        )
      ).n;
    for (const table of ["orders", "addresses", "coupon_uses"]) expect(await count(table, driver.id)).toBe(0);
    expect(await count("orders", other.id)).toBe(1);
    expect(await count("addresses", other.id)).toBe(1);
    const [lines] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM order_lines WHERE order_id = ${placed}`,
    );
    expect(lines!.n).toBe(0);
    expect(await stockOf()).toEqual({ variation: before.variation, towels: before.towels - 5 });
    const { taken } = await one<{ taken: number }>(
      sql`SELECT taken FROM service_days WHERE item_id = ${wash} AND park_id = ${parkId} AND day = ${day}`,
    );
    expect(taken).toBe(2);
  });
});

describe("a demo account that is missing", () => {
  it("is created again, as seeded", () =>
    withTestContext({}, async (ctx) => {
      const db = ctx.database.db;
      await db.delete(users).where(eq(users.email, ADMIN.email));
      await resetDemoData(db, () => new Date());
      const login = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { identifier: ADMIN.email, password: ADMIN.password },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user).toMatchObject({ role: "admin" });
    }));
});

describe("the 30-minute schedule", () => {
  it("resets when 30 minutes have passed since the last reset, and not before", () =>
    withTestContext({}, async (ctx) => {
      const db = ctx.database.db;
      expect(DEMO_RESET_EVERY_MS).toBe(30 * 60_000);
      const t0 = Date.parse("2031-01-01T00:00:00Z");
      const tick = (ms: number) => resetDemoDataWhenDue(db, () => new Date(t0 + ms));
      const driver = await seededUser(db, DRIVER.email);
      await fund(db, driver.id, 50_000);
      // The first check starts the clock: the seeded data is fresh.
      expect(await tick(0)).toBe(false);
      expect(await tick(DEMO_RESET_EVERY_MS - 1_000)).toBe(false);
      expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(50_000);
      expect(await tick(DEMO_RESET_EVERY_MS)).toBe(true);
      expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(0);
      await fund(db, driver.id, 7_000);
      expect(await tick(DEMO_RESET_EVERY_MS + 60_000)).toBe(false);
      expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(7_000);
      expect(await tick(2 * DEMO_RESET_EVERY_MS)).toBe(true);
      expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(0);
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
    }));

  it.runIf(TEST_ENGINE === "postgres")("runs once across processes on one PostgreSQL database", () =>
    withTestContext({}, async (ctx) => {
      const db = ctx.database.db;
      const second = await openDatabase({ url: ctx.url!, poolSize: 5 });
      try {
        const t0 = Date.parse("2032-01-01T00:00:00Z");
        const driver = await seededUser(db, DRIVER.email);
        expect(await resetDemoDataWhenDue(db, () => new Date(t0))).toBe(false);
        for (let round = 1; round <= 5; round += 1) {
          await fund(db, driver.id, 10_000 * round);
          const now = () => new Date(t0 + round * DEMO_RESET_EVERY_MS);
          const ran = await Promise.all([
            resetDemoDataWhenDue(db, now),
            resetDemoDataWhenDue(second.db, now),
            resetDemoDataWhenDue(db, now),
            resetDemoDataWhenDue(second.db, now),
          ]);
          expect(ran.filter(Boolean)).toHaveLength(1);
          expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(0);
        }
        const [resets] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'demo_reset'`,
        );
        expect(Number(resets?.n)).toBe(5);
        expect(await ledgerViolations(db)).toEqual([]);
        expect(await receiptViolations(db)).toEqual([]);
      } finally {
        await second.close();
      }
    }),
  );
});
