// Paying a monthly pass and a vehicle-document request with a company (decision 030, "Every kind a
// company may pay"): each charged to the company's account under its policy's switch for the kind,
// the receipt naming the company, the policy's 403 and the short account's 402 with nothing moved,
// and a request's cancellation refunded to the company with a credit note naming it. On PGlite and
// PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { userVehicles } from "../../db/schema/index";
import { bearer, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { at, fundedUser } from "../bookings/bookings.test-kit";
import { createDeliveryArea, ngParks, resetDeliverySetup } from "../marketplace/marketplace.test-kit";
import { passPlans, passRequest, type PassPlans } from "../passes/passes.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { addMember, companyBalance, createCompany, setPolicy } from "./companies.test-kit";
import { companyLedgerSum, fundCompany } from "./company-money.test-kit";

let ctx: TestContext;
let db: Db;
let plans: PassPlans;
let pickupPark: number;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  await resetDeliverySetup(db);
  await createDeliveryArea(db);
  [pickupPark] = (await ngParks(db, 1)) as [number];
  plans = await passPlans(ctx);
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

const post = (user: TestUser, url: string, payload?: object, lang = "en") =>
  ctx.app.inject({
    method: "POST",
    url: `/api/v1${url}`,
    headers: { ...bearer(user), "accept-language": lang },
    ...(payload ? { payload } : {}),
  });

/** A funded company with one member (who has a personal wallet too); `policy` is set as given. */
async function team(funds: number, policy: Parameters<typeof setPolicy>[2]) {
  const company = await createCompany(db);
  const member = await fundedUser(db, 100_000_000);
  const memberId = await addMember(db, company.id, member, "member", "Ops");
  if (funds > 0) await fundCompany(db, company.id, company.owner.id, funds, at(0));
  await setPolicy(db, company.id, policy);
  return { company, member: { ...member, memberId } };
}

const chargesOf = async (companyId: number) =>
  (
    await queryRows<{ kind: string; member_id: string; amount_minor: string; ledger_key: string }>(
      db,
      sql`SELECT kind, member_id, amount_minor, ledger_key FROM company_charges
          WHERE company_id = ${companyId} AND kind <> 'topup' ORDER BY id`,
    )
  ).map((r) => ({ ...r, member_id: Number(r.member_id), amount_minor: Number(r.amount_minor) }));

const receiptsOf = (key: string) =>
  queryRows<{ kind: string; total_minor: string; buyer: { companyName: string | null } }>(
    db,
    sql`SELECT kind, total_minor, buyer FROM receipts WHERE ledger_key = ${key}`,
  );

describe("a monthly pass paid by the company", () => {
  const planAt = () => plans.planAt();
  const buy = (user: TestUser, planId: number, companyId: number | null, lang = "en") =>
    post(
      user,
      "/passes",
      { ...passRequest(planId), ...(companyId === null ? {} : { company_id: companyId }) },
      lang,
    );
  const passesOf = async (userId: string) =>
    Number(
      (
        await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM passes WHERE user_id = ${userId}`,
        )
      )[0]!.n,
    );

  it("charges the company's account, not the wallet, with a charge row and a receipt naming the company", async () => {
    const plan = await planAt();
    const { company, member } = await team(100_000_000, { switches: { passes: true } });
    const before = await companyBalance(db, company.id, "NGN");
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const res = await buy(member, plan.id, company.id);
    expect(res.statusCode, res.body).toBe(201);
    const [pass] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM passes WHERE pass_code = ${res.json<{ pass_code: string }>().pass_code}`,
    );
    const key = `pass:${pass!.id}:1`;
    const [receipt] = await receiptsOf(key);
    const total = Number(receipt!.total_minor);
    expect(total).toBeGreaterThan(0);
    expect(receipt).toMatchObject({ kind: "pass", buyer: { companyName: company.name } });
    expect(await companyBalance(db, company.id, "NGN")).toBe(before - total);
    expect(await companyLedgerSum(db, company.id, [key])).toBe(-total);
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    expect(await chargesOf(company.id)).toEqual([
      { kind: "pass", member_id: member.memberId, amount_minor: total, ledger_key: key },
    ]);
  });

  it("refuses when the policy does not pay for passes (403, English and French), or the plan's hours are outside the policy's; nothing moves", async () => {
    const plan = await planAt();
    const { company, member } = await team(100_000_000, { switches: { passes: false } });
    const before = await companyBalance(db, company.id, "NGN");
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const res = await buy(member, plan.id, company.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: "company_refused",
      message: "Your company does not pay for monthly passes",
    });
    const fr = await buy(member, plan.id, company.id, "fr");
    expect(fr.json().message).toBe("Votre entreprise ne paie pas les abonnements mensuels");
    // Allowed, but only 08:00 to 18:00 on weekdays: the plan's 07:00 to 19:00 is not inside.
    await setPolicy(db, company.id, {
      switches: { passes: true },
      hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "08:00", end: "18:00" })),
    });
    const hours = await buy(member, plan.id, company.id);
    expect(hours.statusCode).toBe(403);
    expect(hours.json().message).toBe("Your company does not pay for parking at this time");
    expect(await chargesOf(company.id)).toEqual([]);
    expect(await companyBalance(db, company.id, "NGN")).toBe(before);
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    expect(await passesOf(member.id)).toBe(0);
  });

  it("a company account too short is the 402 naming the company and the pass; nothing moves", async () => {
    const plan = await planAt();
    const { company, member } = await team(100, { switches: { passes: true } });
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const res = await buy(member, plan.id, company.id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: "insufficient_funds" });
    expect(res.json().message).toMatch(
      new RegExp(`^${company.name}'s balance is too low: it needs [0-9.]+ NGN more to pay for this pass$`),
    );
    expect(await companyBalance(db, company.id, "NGN")).toBe(100);
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    expect(await chargesOf(company.id)).toEqual([]);
    expect(await passesOf(member.id)).toBe(0);
  });
});

describe("a vehicle-document request paid by the company", () => {
  async function vehicleOf(user: TestUser): Promise<number> {
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
  const request = async (user: TestUser, companyId: number | null, lang = "en") =>
    post(
      user,
      "/vehicle-docs/requests",
      {
        type: "vehicle_papers",
        vehicle_id: await vehicleOf(user),
        documents: ["vehicle_licence", "third_party_insurance"],
        delivery: { park_id: pickupPark },
        ...(companyId === null ? {} : { company_id: companyId }),
      },
      lang,
    );
  const requestsOf = async (userId: string) =>
    Number(
      (
        await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM vehicle_doc_requests WHERE user_id = ${userId}`,
        )
      )[0]!.n,
    );

  it("charges the company, names it on the receipt, and a cancellation refunds the company with a credit note naming it", async () => {
    const { company, member } = await team(100_000_000, { switches: { vehicle_docs: true } });
    const before = await companyBalance(db, company.id, "NGN");
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const res = await request(member, company.id);
    expect(res.statusCode, res.body).toBe(201);
    const code = res.json<{ code: string }>().code;
    const [row] = await queryRows<{ id: string; total_minor: string }>(
      db,
      sql`SELECT id, total_minor FROM vehicle_doc_requests WHERE code = ${code}`,
    );
    const total = Number(row!.total_minor);
    const key = `vehicle_docs:${row!.id}:1`;
    expect(await companyBalance(db, company.id, "NGN")).toBe(before - total);
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    expect(await chargesOf(company.id)).toEqual([
      { kind: "vehicle_docs", member_id: member.memberId, amount_minor: total, ledger_key: key },
    ]);
    expect(await receiptsOf(key)).toMatchObject([
      { kind: "vehicle_docs", buyer: { companyName: company.name } },
    ]);

    const cancelled = await post(member, `/vehicle-docs/requests/${code}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ stage: "cancelled", refunded: total / 100 });
    expect(await companyBalance(db, company.id, "NGN")).toBe(before);
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    expect((await chargesOf(company.id)).map((c) => [c.kind, c.amount_minor])).toEqual([
      ["vehicle_docs", total],
      ["refund", -total],
    ]);
    const notes = await queryRows<{ total_minor: string; buyer: { companyName: string | null } }>(
      db,
      sql`SELECT total_minor, buyer FROM receipts WHERE reference = ${code} AND kind = 'credit_note'`,
    );
    expect(notes.map((n) => [Number(n.total_minor), n.buyer.companyName])).toEqual([[-total, company.name]]);
  });

  it("refuses when the policy does not pay for vehicle documents (403, English and French); nothing moves", async () => {
    const { company, member } = await team(100_000_000, { switches: { vehicle_docs: false } });
    const before = await companyBalance(db, company.id, "NGN");
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const res = await request(member, company.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: "company_refused",
      message: "Your company does not pay for vehicle documents",
    });
    const fr = await request(member, company.id, "fr");
    expect(fr.json().message).toBe("Votre entreprise ne paie pas les documents de véhicule");
    expect(await chargesOf(company.id)).toEqual([]);
    expect(await companyBalance(db, company.id, "NGN")).toBe(before);
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    expect(await requestsOf(member.id)).toBe(0);
  });

  it("a company account too short is the 402 naming the company and the request; nothing moves", async () => {
    const { company, member } = await team(100, { switches: { vehicle_docs: true } });
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const res = await request(member, company.id);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(
      new RegExp(`^${company.name}'s balance is too low: it needs [0-9.]+ NGN more to pay for this request$`),
    );
    expect(await companyBalance(db, company.id, "NGN")).toBe(100);
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    expect(await chargesOf(company.id)).toEqual([]);
    expect(await requestsOf(member.id)).toBe(0);
  });
});
