// A verification already running for a payment (decision 005: one 60 s lease per payment): every
// other verify or credit of it answers pending, "in progress", in the caller's language, calls no
// provider and credits nothing; the running one, or the first after the lease runs out on the
// app's clock, credits once. On PGlite and PostgreSQL, without timing: the provider fake holds the
// running verification's call open, or the lease is written on the row.
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { holdRequests } from "../../test/fakes/fake-server";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { createPaymentsContext, walletClient, type PaymentsContext } from "../../test/payments-context";
import { addMember, companyBalance, createCompany } from "../companies/companies.test-kit";
import { COMPANY_CREDITED, IN_PROGRESS } from "./verify.service";

const IN_PROGRESS_FR = "La vérification du paiement est déjà en cours";
const LEASE_MS = 60_000;

let now = new Date("2026-11-14T09:00:00Z");
let ctx: PaymentsContext;
beforeAll(async () => {
  // A provider call held open for the whole test must not time out meanwhile.
  ctx = await createPaymentsContext({ PAYMENT_TIMEOUT_MS: "30000" }, { clock: () => now });
});
afterAll(() => ctx?.close());
afterEach(async () => {
  ctx.paystack.behaviour.hold?.release(); // a test that failed while holding one
  expect(await ledgerViolations(ctx.database.db)).toEqual([]);
  expect(await receiptViolations(ctx.database.db)).toEqual([]);
});

const client = () => walletClient(ctx);
const verify = (u: TestUser, reference: string, language = "en") =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/wallet/verify-payment",
    headers: { ...bearer(u), "accept-language": language },
    query: { payment_reference: reference, payment_provider: "paystack" },
  });
const credit = (u: TestUser, reference: string, amount: number, language = "en") =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/wallet/credit",
    headers: { ...bearer(u), "accept-language": language },
    query: { reference, amount: String(amount) },
  });
/** The provider's verify calls for this reference so far. */
const providerChecks = (reference: string) =>
  ctx.paystack.requests.filter((r) => r.path === `/transaction/verify/${encodeURIComponent(reference)}`)
    .length;
/** The lease a verification that never finished left on the row, until `until`. */
const leaveLease = (reference: string, until: Date) =>
  queryRows(
    ctx.database.db,
    sql`UPDATE payments SET verify_lease_until = ${until.toISOString()}::timestamptz
        WHERE reference = ${reference} RETURNING id`,
  );

async function startTopUp(u: TestUser, amount: number): Promise<string> {
  const res = await client().addFunds(u, amount);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.reference as string;
}

/** The answer of a busy verify or credit: pending, in progress, the payment without a balance. */
function expectInProgress(res: Awaited<ReturnType<typeof verify>>, message: string, reference: string) {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({
    status: "pending",
    message,
    data: { reference, provider: "paystack", currency: "NGN", verifying: true },
  });
  expect(body.data).not.toHaveProperty("new_balance");
  expect(body.data).not.toHaveProperty("credited");
}

describe("a verification already running", () => {
  it("while one verify is at the provider, the others (verify and credit, en and fr) answer in progress; it credits once", async () => {
    const u = await client().user();
    const reference = await startTopUp(u, 1000);
    ctx.paystack.complete(reference);
    const held = holdRequests(ctx.paystack);
    const running = verify(u, reference);
    await held.arrived;
    expect(providerChecks(reference)).toBe(1);

    expectInProgress(await verify(u, reference), IN_PROGRESS, reference);
    expectInProgress(await verify(u, reference, "fr"), IN_PROGRESS_FR, reference);
    expectInProgress(await credit(u, reference, 1000), IN_PROGRESS, reference);
    expectInProgress(await credit(u, reference, 1000, "fr-FR,fr;q=0.9"), IN_PROGRESS_FR, reference);
    // None of them asked the provider or moved money.
    expect(providerChecks(reference)).toBe(1);
    expect(await ctx.ledgerTransactionsFor(reference)).toBe(0);
    expect(await client().balance(u)).toBe(0);

    held.release();
    expect((await running).json()).toMatchObject({
      status: "success",
      data: { credited: true, new_balance: 1000 },
    });
    expect((await verify(u, reference)).json()).toMatchObject({
      status: "success",
      data: { credited: false, new_balance: 1000 },
    });
    expect((await credit(u, reference, 1000)).json().code).toBe("already_credited");
    expect(await ctx.ledgerTransactionsFor(reference)).toBe(1);
    expect(await client().balance(u)).toBe(1000);
  });

  it("a lease left behind answers in progress until it runs out on the app's clock; then one verify credits once", async () => {
    const u = await client().user();
    const reference = await startTopUp(u, 700);
    ctx.paystack.complete(reference);
    await leaveLease(reference, new Date(now.getTime() + LEASE_MS));

    expectInProgress(await verify(u, reference), IN_PROGRESS, reference);
    expectInProgress(await verify(u, reference, "fr"), IN_PROGRESS_FR, reference);
    expectInProgress(await credit(u, reference, 700), IN_PROGRESS, reference);
    now = new Date(now.getTime() + LEASE_MS); // the lease's last instant: still held
    expectInProgress(await verify(u, reference), IN_PROGRESS, reference);
    expect(providerChecks(reference)).toBe(0);
    expect(await ctx.ledgerTransactionsFor(reference)).toBe(0);
    expect(await client().balance(u)).toBe(0);

    now = new Date(now.getTime() + 1000);
    expect((await verify(u, reference)).json()).toMatchObject({
      status: "success",
      message: "Payment verified and your wallet was credited",
      data: { credited: true, new_balance: 700 },
    });
    expect((await verify(u, reference)).json()).toMatchObject({ data: { credited: false } });
    expect(providerChecks(reference)).toBe(1);
    expect(await ctx.ledgerTransactionsFor(reference)).toBe(1);
    expect(await client().balance(u)).toBe(700);
  });

  it("credit: in progress only while the lease is held; a payment the provider has not confirmed is still 409", async () => {
    const u = await client().user();
    const reference = await startTopUp(u, 900);
    await leaveLease(reference, new Date(now.getTime() + LEASE_MS));
    expectInProgress(await credit(u, reference, 900), IN_PROGRESS, reference);

    now = new Date(now.getTime() + LEASE_MS + 1000);
    const unpaid = await credit(u, reference, 900);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().code).toBe("payment_not_confirmed");
    ctx.paystack.complete(reference);
    expect((await credit(u, reference, 900)).json()).toMatchObject({
      status: "success",
      data: { credited: true, new_balance: 900 },
    });
    expect((await credit(u, reference, 900)).json().code).toBe("already_credited");
    expect(await ctx.ledgerTransactionsFor(reference)).toBe(1);
    expect(await client().balance(u)).toBe(900);
  });

  it("a company's top-up: its verify route and /wallet/credit answer in progress while held; then credit credits the company once", async () => {
    const company = await createCompany(ctx.database.db);
    const admin = await createUser(ctx.database.db);
    await addMember(ctx.database.db, company.id, admin, "admin");
    const start = await ctx.app.inject({
      method: "POST",
      url: `/api/v1/business/companies/${company.id}/top-ups`,
      headers: { ...bearer(admin), "idempotency-key": `busy-${company.id}` },
      payload: { amount: 5000 },
    });
    expect(start.statusCode, start.body).toBe(200);
    const { reference } = start.json().data;
    ctx.paystack.complete(reference);
    await leaveLease(reference, new Date(now.getTime() + LEASE_MS));
    const companyVerify = (language = "en") =>
      ctx.app.inject({
        method: "POST",
        url: `/api/v1/business/companies/${company.id}/top-ups/${reference}/verify`,
        headers: { ...bearer(admin), "accept-language": language },
      });

    expectInProgress(await companyVerify(), IN_PROGRESS, reference);
    expectInProgress(await companyVerify("fr"), IN_PROGRESS_FR, reference);
    expectInProgress(await credit(admin, reference, 5000), IN_PROGRESS, reference);
    expectInProgress(await credit(admin, reference, 5000, "fr"), IN_PROGRESS_FR, reference);
    expect(await companyBalance(ctx.database.db, company.id, "NGN")).toBe(0);
    expect(await ctx.ledgerTransactionsFor(reference)).toBe(0);

    now = new Date(now.getTime() + LEASE_MS + 1000);
    expect((await credit(admin, reference, 5000)).json()).toMatchObject({
      status: "success",
      message: COMPANY_CREDITED,
      data: { credited: true, new_balance: 5000 },
    });
    expect((await companyVerify()).json()).toMatchObject({ status: "success", data: { credited: false } });
    expect(await companyBalance(ctx.database.db, company.id, "NGN")).toBe(500_000);
    expect(await client().balance(admin)).toBe(0);
    expect(await ctx.ledgerTransactionsFor(reference)).toBe(1);
  });
});
