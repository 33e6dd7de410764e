// Every POST that takes an Idempotency-Key, sent ten times at once with one key
// (docs/API-CONVENTIONS.md#idempotency): the first answer replayed or 409 idempotency_in_progress,
// never a 5xx, one thing created. PostgreSQL only: PGlite runs one statement at a time.
import { dayOnClock } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../db/client";
import { allDayParks, at, fundedUser, HOUR } from "../features/bookings/bookings.test-kit";
import { addMember, createCompany, setPolicy } from "../features/companies/companies.test-kit";
import { fundCompany } from "../features/companies/company-money.test-kit";
import {
  createCategory,
  createItem,
  createSlots,
  createVariation,
  ngParks,
  resetDeliverySetup,
} from "../features/marketplace/marketplace.test-kit";
import { bearer, createStaff, createUser, type TestUser } from "./factories";
import { TEST_ENGINE } from "./harness";
import { expectOneUnderRace } from "./idempotency-race";
import { ledgerViolations, receiptViolations } from "./ledger-invariants";
import { createPaymentsContext, type PaymentsContext } from "./payments-context";

const onPostgres = TEST_ENGINE === "postgres";

describe.skipIf(!onPostgres)(
  "one Idempotency-Key sent ten times at once (PostgreSQL only: PGlite serialises)",
  () => {
    let ctx: PaymentsContext;
    let db: Db;
    let parks: number[];
    beforeAll(async () => {
      ctx = await createPaymentsContext({ PAYMENT_TIMEOUT_MS: "5000" });
      db = ctx.database.db;
      parks = await allDayParks(db, 3);
    });
    afterAll(() => ctx?.close());
    afterEach(async () => {
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
    });

    /** A Car window from 30 to 32 hours ahead at a park, for one plate. */
    const window = (parkId: number, plate: string) => ({
      park_id: parkId,
      vehicle_type_id: 1,
      plate_number: plate,
      start_time: at(30 * HOUR).toISOString(),
      end_time: at(32 * HOUR).toISOString(),
    });
    const count = async (query: ReturnType<typeof sql>) =>
      Number((await queryRows<{ n: number }>(db, query))[0]!.n);
    /** The ledger moves keyed `<purchase>:…` that touched the user's wallet: what they were charged. */
    const chargesOf = (userId: string, purchase: "booking" | "pass" | "order") =>
      count(
        sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE ${`${purchase}:%`}
          AND id IN (SELECT transaction_id FROM ledger_entries e JOIN wallet_accounts a ON a.id = e.account_id
            WHERE a.key LIKE ${`%${userId}%`})`,
      );
    const post = (user: TestUser, url: string, key: string, payload: object) => () =>
      ctx.app.inject({
        method: "POST",
        url,
        headers: { ...bearer(user), "idempotency-key": key },
        payload,
      });

    it("a company top-up: one payment, one checkout at the provider", async () => {
      const company = await createCompany(db);
      const admin = await createUser(db);
      await addMember(db, company.id, admin, "admin");
      const first = await expectOneUnderRace({
        send: post(admin, `/api/v1/business/companies/${company.id}/top-ups`, "company-race", {
          amount: 5000,
        }),
        created: async () => ({
          payments: await count(
            sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${admin.id} AND reference LIKE 'PWC-%'`,
          ),
          checkouts: ctx.paystack.transactions.size,
        }),
      });
      expect(first.status).toBe(200);
    });

    it("a driver's top-up (add-funds): one payment, one checkout at the provider", async () => {
      const driver = await createUser(db);
      const first = await expectOneUnderRace({
        send: post(driver, "/api/v1/wallet/add-funds", "add-funds-race", { amount: 1000 }),
        created: async () => ({
          payments: await count(sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${driver.id}`),
          checkouts: ctx.paystack.transactions.size,
        }),
      });
      expect(first.status).toBe(200);
    });

    it("a card top-up (create-payment-intent): one payment, one PaymentIntent", async () => {
      const driver = await createUser(db, { countryId: 2 });
      const first = await expectOneUnderRace({
        send: post(driver, "/api/create-payment-intent", "intent-race", { amount: 10, currency: "CAD" }),
        created: async () => ({
          payments: await count(sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${driver.id}`),
          intents: ctx.stripe.intents.size,
        }),
      });
      expect(first.status).toBe(200);
    });

    it("a booking: one booking, charged once", async () => {
      const driver = await fundedUser(db, 100_000_000);
      const first = await expectOneUnderRace({
        send: post(driver, "/api/v1/bookings", "booking-race", window(parks[0]!, "LAG-777-RC")),
        created: async () => ({
          bookings: await count(sql`SELECT count(*)::int AS n FROM bookings WHERE user_id = ${driver.id}`),
          charges: await chargesOf(driver.id, "booking"),
        }),
      });
      expect(first.status).toBe(201);
    });

    it("a hold (pay the difference): one hold, one payment, one checkout at the provider", async () => {
      const driver = await createUser(db);
      const first = await expectOneUnderRace({
        send: post(driver, "/api/v1/bookings/hold", "hold-race", window(parks[1]!, "LAG-778-RC")),
        created: async () => ({
          holds: await count(sql`SELECT count(*)::int AS n FROM booking_holds WHERE user_id = ${driver.id}`),
          payments: await count(sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${driver.id}`),
          checkouts: ctx.paystack.transactions.size,
        }),
      });
      expect(first.status).toBe(201);
    });

    it("a monthly pass: one pass, charged once", async () => {
      const parkId = (await allDayParks(db, 6))[5]!;
      const admin = await createStaff(db, "admin");
      const plan = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/admin/plans",
        headers: bearer(admin),
        payload: {
          park_id: parkId,
          name: { en: "Race commuter", fr: "Navetteur de course" },
          windows: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" })),
          prices: [{ vehicle_type_id: 1, monthly_price: 40_000 }],
          allocation: 1,
          status: "on_sale",
        },
      });
      expect(plan.statusCode, plan.body).toBe(201);
      const planId = plan.json<{ id: number }>().id;
      const driver = await fundedUser(db, 100_000_000);
      const first = await expectOneUnderRace({
        send: post(driver, "/api/v1/passes", "pass-race", {
          plan_id: planId,
          vehicle_type_id: 1,
          plates: ["LAG123AA"],
          // A day ahead on any clock: the sale takes today to 30 days ahead on the park's.
          start_date: dayOnClock(at(48 * HOUR), "Africa/Lagos"),
        }),
        created: async () => ({
          passes: await count(sql`SELECT count(*)::int AS n FROM passes WHERE user_id = ${driver.id}`),
          charges: await chargesOf(driver.id, "pass"),
        }),
      });
      expect(first.status).toBe(201);
    });

    it("a marketplace order: one order, charged once", async () => {
      await resetDeliverySetup(db);
      const category = await createCategory(db);
      const slot = await createSlots(db);
      const [park] = (await ngParks(db, 1)) as [number];
      const item = await createItem(db, { categoryId: category.id, priceMinor: 90_000, stock: null });
      const variation = await createVariation(db, item.id, { priceMinor: 75_000, stock: 5 });
      const buyer = await fundedUser(db, 100_000_000);
      const first = await expectOneUnderRace({
        send: post(buyer, "/api/v1/orders", "order-race", {
          country: "NG",
          order_type: "takeaway",
          park_id: park,
          time_slot: slot,
          lines: [{ item_id: item.id, variation_id: variation.id, quantity: 1 }],
        }),
        created: async () => ({
          orders: await count(sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${buyer.id}`),
          charges: await chargesOf(buyer.id, "order"),
        }),
      });
      expect(first.status).toBe(201);
    });

    it("a company-paid order for the last unit: every retry replays the order its first attempt won (3 rounds)", async () => {
      await resetDeliverySetup(db);
      const category = await createCategory(db);
      const slot = await createSlots(db);
      const [park] = (await ngParks(db, 1)) as [number];
      for (let round = 1; round <= 3; round++) {
        const item = await createItem(db, { categoryId: category.id, priceMinor: 50_000, stock: 1 });
        const company = await createCompany(db);
        const buyer = await createUser(db);
        await addMember(db, company.id, buyer, "member");
        await fundCompany(db, company.id, company.owner.id, 100_000_000, at(0));
        await setPolicy(db, company.id, { switches: { marketplace: true } });
        // The attempts queue on the member's row (locked first in an order's transaction); the
        // first takes the last unit, the others then find it sold out: each must answer the first
        // attempt's order, never "out of stock".
        const first = await expectOneUnderRace({
          send: post(buyer, "/api/v1/orders", `last-unit-race-${round}`, {
            country: "NG",
            order_type: "takeaway",
            park_id: park,
            time_slot: slot,
            company_id: company.id,
            lines: [{ item_id: item.id, quantity: 1 }],
          }),
          created: async () => ({
            orders: await count(sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${buyer.id}`),
          }),
        });
        expect(first.status, JSON.stringify(first.body)).toBe(201);
      }
    });

    it("a vehicle document request: one request, one charge, one receipt", async () => {
      const [park] = (await ngParks(db, 1)) as [number];
      const driver = await fundedUser(db, 100_000_000);
      const [vehicle] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO user_vehicles (user_id, plate_number, vehicle_type_id, make, model, color,
              registration_state_id, engine_cc, vehicle_use)
            VALUES (${driver.id}, ${`KJA${Math.floor(Math.random() * 1e6)}`}, 1, 'Toyota', 'Corolla', 'Silver',
              1, 1800, 'private')
            RETURNING id`,
      );
      const first = await expectOneUnderRace({
        send: post(driver, "/api/v1/vehicle-docs/requests", "vehicle-docs-race", {
          type: "vehicle_papers",
          vehicle_id: vehicle!.id,
          documents: ["vehicle_licence"],
          delivery: { park_id: park },
        }),
        created: async () => ({
          requests: await count(
            sql`SELECT count(*)::int AS n FROM vehicle_doc_requests WHERE user_id = ${driver.id}`,
          ),
          charges: await count(
            sql`SELECT count(*)::int AS n FROM ledger_transactions t
                JOIN vehicle_doc_requests r ON t.idempotency_key = 'vehicle_docs:' || r.id || ':1'
                WHERE r.user_id = ${driver.id}`,
          ),
          receipts: await count(
            sql`SELECT count(*)::int AS n FROM receipts WHERE user_id = ${driver.id} AND kind = 'vehicle_docs'`,
          ),
        }),
      });
      expect(first.status).toBe(201);
    });
  },
);
