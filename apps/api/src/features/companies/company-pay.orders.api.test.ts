// Paying a marketplace order with a company (decision 030, "Paying with a company"): the order
// charged to the company's account under its policy (marketplace orders allowed) and limits, each
// refusal in English and French with nothing moved, the receipt naming the company, and a
// cancellation's refund going back to the company with a credit note. On PGlite and PostgreSQL;
// the monthly cap under concurrent orders on PostgreSQL only.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { systemClock } from "../../lib/clock";
import { moneyText } from "../../lib/money";
import { at, fundedUser } from "../bookings/bookings.test-kit";
import {
  createCategory,
  createItem,
  createSlots,
  marketViolations,
  ngParks,
  placeOrder,
  resetDeliverySetup,
  stockOf,
} from "../marketplace/marketplace.test-kit";
import { moveOrder } from "../marketplace/order-stages.service";
import { composeOrderMail } from "../marketplace/orders.mail";
import { servedCountries } from "../reference/served-countries";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { addMember, companyBalance, createCompany, setLimits, setPolicy } from "./companies.test-kit";
import { companyLedgerSum, fundCompany } from "./company-money.test-kit";

let ctx: TestContext;
let db: Db;
let park: number;
let itemId: number;
let slot: { slot_id: number; date: string };

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  await resetDeliverySetup(db);
  const category = await createCategory(db);
  slot = await createSlots(db);
  [park] = (await ngParks(db, 1)) as [number];
  itemId = (await createItem(db, { categoryId: category.id, priceMinor: 12_345, stock: 10_000 })).id;
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
  expect(await marketViolations(db)).toEqual([]);
});

/** A takeaway order of `quantity` units at the park, paid by `companyId` (null: the wallet). */
const orderWith = (user: TestUser, companyId: number | null, quantity = 1, language = "en") =>
  placeOrder(
    ctx.app,
    user,
    {
      country: "NG",
      order_type: "takeaway",
      park_id: park,
      time_slot: slot,
      lines: [{ item_id: itemId, quantity }],
      ...(companyId === null ? {} : { company_id: companyId }),
    },
    undefined,
    language,
  );

/** A funded company that pays marketplace orders, with one member (who has a personal wallet too). */
async function team(funds = 100_000_000, marketplaceAllowed = true) {
  const company = await createCompany(db);
  const member = await fundedUser(db, 1_000_000);
  const memberId = await addMember(db, company.id, member, "member", "Sales");
  if (funds > 0) await fundCompany(db, company.id, company.owner.id, funds, at(0));
  if (marketplaceAllowed) await setPolicy(db, company.id, { switches: { marketplace: true } });
  return { company, member: { ...member, memberId } };
}

const chargesOf = async (companyId: number) =>
  (
    await queryRows<{
      kind: string;
      member_id: string;
      cost_centre: string;
      amount_minor: string;
      ledger_key: string;
    }>(
      db,
      sql`SELECT kind, member_id, cost_centre, amount_minor, ledger_key FROM company_charges
          WHERE company_id = ${companyId} AND kind <> 'topup' ORDER BY id`,
    )
  ).map((r) => ({ ...r, member_id: Number(r.member_id), amount_minor: Number(r.amount_minor) }));

const orderRow = async (code: string) => {
  const [row] = await queryRows<{ id: string; total_minor: string }>(
    db,
    sql`SELECT id, total_minor FROM orders WHERE order_code = ${code}`,
  );
  return { id: row!.id, totalMinor: Number(row!.total_minor) };
};

const ordersOf = async (userId: string) =>
  Number(
    (
      await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${userId}`)
    )[0]!.n,
  );

describe("paying a marketplace order with the company", () => {
  it("charges the company's account, leaves the personal wallet alone, writes the charge row and a receipt naming the company", async () => {
    const { company, member } = await team();
    const before = await companyBalance(db, company.id, "NGN");
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const res = await orderWith(member, company.id, 2);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ paid_by_company: string | null }>().paid_by_company).toBe(company.name);
    const order = await orderRow(res.json<{ order_code: string }>().order_code);
    const key = `order:${order.id}:1`;
    expect(order.totalMinor).toBeGreaterThan(0);
    expect(await companyBalance(db, company.id, "NGN")).toBe(before - order.totalMinor);
    expect(await companyLedgerSum(db, company.id, [key])).toBe(-order.totalMinor);
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    expect(await chargesOf(company.id)).toEqual([
      {
        kind: "order",
        member_id: member.memberId,
        cost_centre: "Sales",
        amount_minor: order.totalMinor,
        ledger_key: key,
      },
    ]);
    const [receipt] = await queryRows<{
      kind: string;
      total_minor: string;
      buyer: { name: string; companyName: string | null };
    }>(db, sql`SELECT kind, total_minor, buyer FROM receipts WHERE ledger_key = ${key}`);
    expect(receipt!.kind).toBe("order");
    expect(Number(receipt!.total_minor)).toBe(order.totalMinor);
    expect(receipt!.buyer.companyName).toBe(company.name);
    // On the month's statement (the company's clock, Lagos), its total what the account paid.
    const [month] = await queryRows<{ m: string }>(
      db,
      sql`SELECT to_char(at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM') AS m FROM company_charges WHERE ledger_key = ${key}`,
    );
    const csv = await ctx.app.inject({
      url: `/api/v1/business/companies/${company.id}/statements/${month!.m}.csv`,
      headers: bearer(company.owner),
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((l) => l.split(","));
    expect(rows.filter((r) => r[0] === "purchase").map((r) => r[7])).toEqual(["Sales"]);
    expect(rows.find((r) => r[0] === "total")![12]).toBe((order.totalMinor / 100).toFixed(2));
    // Without company_id the wallet pays, as before.
    const own = await orderWith(member, null);
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json<{ paid_by_company: string | null }>().paid_by_company).toBeNull();
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBeLessThan(wallet);
    expect(await chargesOf(company.id)).toHaveLength(1);
  });

  it("refuses when the policy does not pay for marketplace orders, in English and French, and nothing moves", async () => {
    const { company, member } = await team(100_000_000, false);
    const before = await companyBalance(db, company.id, "NGN");
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const stock = await stockOf(db, "item", itemId);
    const res = await orderWith(member, company.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: "company_refused",
      message: "Your company does not pay for marketplace orders",
    });
    const fr = await orderWith(member, company.id, 1, "fr");
    expect(fr.statusCode).toBe(403);
    expect(fr.json().message).toBe("Votre entreprise ne paie pas les commandes de la boutique");
    expect(await chargesOf(company.id)).toEqual([]);
    expect(await companyBalance(db, company.id, "NGN")).toBe(before);
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    expect(await stockOf(db, "item", itemId)).toBe(stock);
    expect(await ordersOf(member.id)).toBe(0);
  });

  it("refuses someone who is not an active member, before anything moves", async () => {
    const { company } = await team();
    const stranger = await fundedUser(db, 1_000_000);
    const wallet = await walletBalanceMinor(db, stranger.id, "NGN");
    const res = await orderWith(stranger, company.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: "company_not_member",
      message: "You are not an active member of this company",
    });
    const fr = await orderWith(stranger, company.id, 1, "fr");
    expect(fr.json().message).toBe("Vous n'êtes pas membre actif de cette entreprise");
    expect(await walletBalanceMinor(db, stranger.id, "NGN")).toBe(wallet);
    expect(await chargesOf(company.id)).toEqual([]);
    expect(await ordersOf(stranger.id)).toBe(0);
  });

  it("gives a cancellation's refund back to the company, with a credit note naming it", async () => {
    const { company, member } = await team();
    const res = await orderWith(member, company.id, 3);
    expect(res.statusCode, res.body).toBe(201);
    const code = res.json<{ order_code: string }>().order_code;
    const order = await orderRow(code);
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const afterOrder = await companyBalance(db, company.id, "NGN");
    const cancelled = await ctx.app.inject({
      method: "POST",
      url: `/api/v1/orders/${code}/cancel`,
      headers: bearer(member),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<{ paid_by_company: string | null }>().paid_by_company).toBe(company.name);
    const charges = await chargesOf(company.id);
    expect(charges.map((c) => [c.kind, c.amount_minor, c.cost_centre])).toEqual([
      ["order", order.totalMinor, "Sales"],
      ["refund", -order.totalMinor, "Sales"],
    ]);
    expect(charges[1]!.ledger_key).toBe(`order:${order.id}:2`);
    expect(await companyBalance(db, company.id, "NGN")).toBe(afterOrder + order.totalMinor);
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    const [note] = await queryRows<{
      kind: string;
      total_minor: string;
      buyer: { companyName: string | null };
    }>(db, sql`SELECT kind, total_minor, buyer FROM receipts WHERE ledger_key = ${charges[1]!.ledger_key}`);
    expect(note!.kind).toBe("credit_note");
    expect(Number(note!.total_minor)).toBe(-order.totalMinor);
    expect(note!.buyer.companyName).toBe(company.name);
    // The driver's e-mails say the company paid and got the refund.
    const countries = servedCountries(db);
    await countries.load();
    const mail = (template: "placed" | "canceled", refundMinor: number) =>
      composeOrderMail(
        { db, countries, publicUrl: "https://parkwell.test" },
        { key: `order:${order.id}:${template}`, type: "order", template, orderId: order.id, refundMinor },
      );
    expect((await mail("placed", 0))!.text).toContain(`paid by ${company.name} (`);
    expect((await mail("canceled", order.totalMinor))!.text).toContain(`Refunded to ${company.name}: `);
  });

  it("gives a return's share back to the company, with a credit note naming it", async () => {
    const { company, member } = await team();
    const res = await orderWith(member, company.id, 2);
    expect(res.statusCode, res.body).toBe(201);
    const code = res.json<{ order_code: string }>().order_code;
    const order = await orderRow(code);
    await db.execute(sql`UPDATE orders SET stage = 'delivered' WHERE order_code = ${code}`);
    const staff = await createUser(db);
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const afterOrder = await companyBalance(db, company.id, "NGN");
    const returned = await moveOrder(
      { db, jobs: ctx.app.jobs, clock: systemClock },
      {
        orderCode: code,
        to: "returned",
        actor: { role: "staff", userId: staff.id },
        returns: [{ position: 0, quantity: 1 }],
      },
    );
    expect(returned.refundedMinor).toBeGreaterThan(0);
    expect(returned.refundedMinor).toBeLessThan(order.totalMinor);
    const charges = await chargesOf(company.id);
    expect(charges.map((c) => [c.kind, c.amount_minor])).toEqual([
      ["order", order.totalMinor],
      ["refund", -returned.refundedMinor],
    ]);
    expect(await companyBalance(db, company.id, "NGN")).toBe(afterOrder + returned.refundedMinor);
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    const [note] = await queryRows<{
      kind: string;
      total_minor: string;
      buyer: { companyName: string | null };
    }>(db, sql`SELECT kind, total_minor, buyer FROM receipts WHERE ledger_key = ${charges[1]!.ledger_key}`);
    expect(note!.kind).toBe("credit_note");
    expect(Number(note!.total_minor)).toBe(-returned.refundedMinor);
    expect(note!.buyer.companyName).toBe(company.name);
  });

  it("refuses an order above the per-purchase maximum, in English and French", async () => {
    const { company, member } = await team();
    await setLimits(db, company.id, "NGN", { perBookingMinor: 100 });
    const res = await orderWith(member, company.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Your company allows orders up to ₦1");
    const fr = await orderWith(member, company.id, 1, "fr");
    expect(fr.json().message).toMatch(/^Votre entreprise autorise les commandes jusqu'à 1\s₦$/);
    expect(await chargesOf(company.id)).toEqual([]);
    expect(await ordersOf(member.id)).toBe(0);
  });

  it("counts orders in the member's monthly cap, saying what is spent", async () => {
    const { company, member } = await team();
    const first = await orderWith(member, company.id);
    expect(first.statusCode, first.body).toBe(201);
    const [spent] = await chargesOf(company.id);
    await setLimits(db, company.id, "NGN", { perMemberMonthMinor: spent!.amount_minor + 1 });
    const before = await companyBalance(db, company.id, "NGN");
    const res = await orderWith(member, company.id);
    expect(res.statusCode).toBe(403);
    const money = (minor: number) => moneyText(minor, "NGN", 2);
    expect(res.json().message).toBe(
      `Your company allows up to ${money(spent!.amount_minor + 1)} per member each month; ${money(spent!.amount_minor)} is already spent`,
    );
    const fr = await orderWith(member, company.id, 1, "fr");
    expect(fr.json().message).toMatch(
      /^Votre entreprise autorise jusqu'à .+ par membre et par mois ; .+ est déjà dépensé$/,
    );
    expect((await chargesOf(company.id)).length).toBe(1);
    expect(await companyBalance(db, company.id, "NGN")).toBe(before);
  });

  it("refuses an order in a country the policy leaves out, naming it as an order's", async () => {
    const { company, member } = await team();
    await setPolicy(db, company.id, { countryIds: [2] });
    const res = await orderWith(member, company.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^Your company does not pay for orders in \S/);
    const fr = await orderWith(member, company.id, 1, "fr");
    expect(fr.json().message).toMatch(/^Votre entreprise ne paie pas les commandes dans ce pays\u00a0: \S/);
    expect(await chargesOf(company.id)).toEqual([]);
  });

  it("names the company when its account is short, in English and French", async () => {
    const { company, member } = await team(0);
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const res = await orderWith(member, company.id);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(
      new RegExp(`^${company.name}'s balance is too low: it needs .+ NGN more to pay for this order$`),
    );
    const fr = await orderWith(member, company.id, 1, "fr");
    expect(fr.json().message).toMatch(
      new RegExp(
        `^Le solde de ${company.name} est insuffisant\u00a0: il manque .+ NGN pour payer cette commande$`,
      ),
    );
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    expect(await ordersOf(member.id)).toBe(0);
  });
});

// The member's row is locked before the month is summed, so one member's concurrent orders
// serialize there. PostgreSQL only: PGlite runs one query at a time.
describe.skipIf(TEST_ENGINE !== "postgres")("company-paid orders under concurrency", () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await anotherApp(ctx, {}, 12));
  });
  afterAll(async () => {
    await close?.();
  });

  it("ten concurrent orders of one member: exactly the three that fit the monthly cap pass", async () => {
    const { company, member } = await team();
    const first = await orderWith(member, company.id);
    expect(first.statusCode, first.body).toBe(201);
    const [spent] = await chargesOf(company.id);
    const cap = 4 * spent!.amount_minor;
    await setLimits(db, company.id, "NGN", { perMemberMonthMinor: cap });
    const body = {
      country: "NG",
      order_type: "takeaway" as const,
      park_id: park,
      time_slot: slot,
      lines: [{ item_id: itemId, quantity: 1 }],
      company_id: company.id,
    };
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => placeOrder(app, member, body)))).map(
      (r) => r.statusCode,
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 403)).toHaveLength(7);
    expect((await chargesOf(company.id)).reduce((s, c) => s + c.amount_minor, 0)).toBe(cap);
  });
});
