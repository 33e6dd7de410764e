// A monthly pass its company paid renews on the company, under its policy (decision 030, "A pass
// a company paid renews on it"): the renewal job charges the company's account inside the
// renewal's transaction (the member's row locked first, the policy asked again), the receipt names
// the company and the wallet is untouched; a refusal (the policy, the member removed, the monthly
// cap, the company's balance) puts the pass in grace with a mail saying why (a real SMTP peer),
// never the wallet by itself; a top-up leaves it alone; a company that widens its policy within
// the grace pays at the job's next run; the driver may pay it from their wallet (POST
// /passes/{code}/renew, Idempotency-Key), and the pass renews from the wallet from then on; an
// ended pass can no longer be taken over. On PGlite and PostgreSQL.
import { randomUUID } from "node:crypto";
import { dayOnClock, type AdminPlan, type PassDetail, type PassPurchase } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { decodedMail } from "../../test/mailbox";
import { startSmtpPeer } from "../../test/smtp-peer";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { fund, fundedUser } from "../bookings/bookings.test-kit";
import {
  addMember,
  companyBalance,
  createCompany,
  setLimits,
  setPolicy,
} from "../companies/companies.test-kit";
import { chargeCompanyAccount, companyLedgerSum, fundCompany } from "../companies/company-money.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { DAY_MS, PASS_GRACE_DAYS } from "./passes.domain";
import { queueRenewalReminders, renewAfterTopUp, renewDuePasses, renewPass } from "./passes-renewal.service";
import { PASS_ZONE as ZONE, passPlans, type PassPlans } from "./passes.test-kit";

let peer: Awaited<ReturnType<typeof startSmtpPeer>>;

/** A received message's subject and text on one line, its no-break spaces plain. */
function decoded(raw: string): { subject: string; text: string } {
  const mail = decodedMail(raw);
  return {
    subject: mail.subject,
    text: mail.text.replace(/\u00a0|\u202f/g, " ").replace(/\r?\n/g, " "),
  };
}

let ctx: TestContext;
let db: Db;
let now = new Date();
const clock = () => now;
let plans: PassPlans;

beforeAll(async () => {
  peer = await startSmtpPeer();
  ctx = await createTestContext(
    { SMTP_URL: peer.url, MAIL_FROM: "Parkwell <hello@parkwell.test>" },
    { clock },
  );
  db = ctx.database.db;
  plans = await passPlans(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await peer?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

/**
 * A request on the driven clock; the driver's sign-in is kept alive up to it (a month on, a real
 * session would have been renewed by its use).
 */
async function call(user: TestUser, method: "GET" | "POST", url: string, payload?: object, headers = {}) {
  await db.execute(
    sql`UPDATE sessions SET last_used_at = ${now.toISOString()}::timestamptz,
          expires_at = ${now.toISOString()}::timestamptz + interval '30 days'
        WHERE user_id = ${user.id}`,
  );
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(user), ...headers },
    ...(payload ? { payload } : {}),
  });
}
const deps = () => ({ db, clock, jobs: ctx.app.jobs });

/**
 * A plan on sale with room for another pass: the kit's (a park of its own, 40,000 a month for a
 * car, weekdays 07:00-19:00, 5 passes), each shared by up to 4 of this file's passes (the seed has
 * fewer parks for plans than the file buys passes).
 */
let shared: { plan: AdminPlan; passes: number } | undefined;
async function plan(): Promise<AdminPlan> {
  if (!shared || shared.passes >= 4) shared = { plan: await plans.planAt(), passes: 0 };
  shared.passes += 1;
  return shared.plan;
}

/** A funded company paying passes, its member (with a funded wallet of their own) speaking `language`. */
async function team(language: "en" | "fr" = "en") {
  const company = await createCompany(db);
  const member = await fundedUser(db, 100_000_000);
  await db.execute(sql`UPDATE users SET language = ${language} WHERE id = ${member.id}`);
  const memberId = await addMember(db, company.id, member, "member", "Ops");
  await fundCompany(db, company.id, company.owner.id, 100_000_000, now);
  await setPolicy(db, company.id, { switches: { passes: true } });
  return { company, member: { ...member, memberId } };
}

const emailOf = async (user: TestUser) =>
  (await queryRows<{ email: string }>(db, sql`SELECT email FROM users WHERE id = ${user.id}`))[0]!.email;

/** The messages to `user`, after running the mail jobs due; each read once. */
async function mailsTo(user: TestUser) {
  await ctx.app.jobs.runDue(["mail"]);
  const email = await emailOf(user);
  const mine = peer.received.filter((m) => m.to.includes(email));
  peer.received.splice(0, peer.received.length, ...peer.received.filter((m) => !m.to.includes(email)));
  return mine.map((m) => decoded(m.raw));
}

/** A pass bought now, paid by the company; its first term's total. */
async function companyPass(member: TestUser, companyId: number, planId?: number) {
  now = new Date();
  const res = await call(member, "POST", "/passes", {
    plan_id: planId ?? (await plan()).id,
    vehicle_type_id: 1,
    plates: ["CORP123AA"],
    start_date: dayOnClock(now, ZONE),
    company_id: companyId,
  });
  expect(res.statusCode, res.body).toBe(201);
  const pass = res.json<PassPurchase>();
  expect(pass.paid_by_company).not.toBeNull();
  // The confirmation says the company paid, and that it pays the renewals within its policy.
  const [confirmation, ...more] = await mailsTo(member);
  expect(more).toEqual([]);
  const name = pass.paid_by_company!;
  expect(confirmation!.text).toMatch(new RegExp(`${name} (paid|a payé)`));
  expect(confirmation!.text).toMatch(new RegExp(`(paid by|payé par) ${name}`));
  expect(confirmation!.text).not.toMatch(/wallet|portefeuille/);
  return { pass, totalMinor: Math.round(pass.charged.amount * 100) };
}

const passRow = async (id: string) =>
  (
    await queryRows<{ status: string; grace_notices: number }>(
      db,
      sql`SELECT status, grace_notices FROM passes WHERE id = ${id}`,
    )
  )[0]!;
const companyCharges = (companyId: number) =>
  queryRows<{ kind: string; member_id: string; amount_minor: string; ledger_key: string }>(
    db,
    sql`SELECT kind, member_id, amount_minor, ledger_key FROM company_charges
        WHERE company_id = ${companyId} AND kind <> 'topup' ORDER BY id`,
  );
const receiptOf = async (key: string) =>
  (
    await queryRows<{ kind: string; total_minor: string; buyer: { companyName: string | null } }>(
      db,
      sql`SELECT kind, total_minor, buyer FROM receipts WHERE ledger_key = ${key}`,
    )
  )[0];
const detail = async (user: TestUser, code: string) => {
  const res = await call(user, "GET", `/passes/${code}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PassDetail>();
};

describe("a company-paid pass's renewal", () => {
  it("charges the company's account (its charge row, a receipt naming it), never the wallet; the mail and the page say the company paid", async () => {
    const { company, member } = await team();
    const { pass, totalMinor } = await companyPass(member, company.id);
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const balance = await companyBalance(db, company.id, "NGN");
    now = new Date(new Date(pass.paid_until).getTime() + 60_000);
    expect(await renewPass(deps(), pass.id)).toBe("renewed");
    const key = `pass:${pass.id}:2`;
    expect(await companyLedgerSum(db, company.id, [key])).toBe(-totalMinor);
    expect(await companyBalance(db, company.id, "NGN")).toBe(balance - totalMinor);
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    expect(await receiptOf(key)).toMatchObject({ kind: "pass", buyer: { companyName: company.name } });
    expect(
      (await companyCharges(company.id)).map((c) => [c.kind, Number(c.member_id), c.ledger_key]),
    ).toEqual([
      ["pass", member.memberId, `pass:${pass.id}:1`],
      ["pass", member.memberId, key],
    ]);
    const mails = await mailsTo(member);
    expect(mails.map((m) => m.subject)).toEqual([`Your Parkwell monthly pass ${pass.pass_code} is renewed`]);
    expect(mails[0]!.text).toContain(`${company.name} paid`);
    expect(mails[0]!.text).not.toContain("wallet");
    const read = await detail(member, pass.pass_code);
    expect(read).toMatchObject({ status: "active", paid_by_company: company.name });
  });

  it("the reminder before a renewal says the company will be asked to pay it", async () => {
    const { company, member } = await team();
    const { pass } = await companyPass(member, company.id);
    now = new Date(new Date(pass.paid_until).getTime() - 3 * 24 * 3_600_000 + 60_000);
    expect(await queueRenewalReminders(deps())).toBeGreaterThanOrEqual(1);
    const mails = await mailsTo(member);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`Your Parkwell monthly pass ${pass.pass_code} renews on`);
    expect(mails[0]!.text).toContain(`${company.name} will be asked to pay`);
    expect(mails[0]!.text).not.toContain("wallet");
  });

  const refusals: {
    name: string;
    refuse: (t: Awaited<ReturnType<typeof team>>, totalMinor: number) => Promise<void>;
    reason: RegExp;
  }[] = [
    {
      name: "the policy no longer pays for passes",
      refuse: ({ company }) => setPolicy(db, company.id, { switches: { passes: false } }),
      reason: /Your company does not pay for monthly passes\./,
    },
    {
      name: "the driver is no longer a member",
      refuse: async ({ member }) => {
        await db.execute(sql`UPDATE company_members SET removed_at = now() WHERE id = ${member.memberId}`);
      },
      reason: /You are not an active member of this company\./,
    },
    {
      name: "the term is over the monthly cap",
      refuse: ({ company }, total) => setLimits(db, company.id, "NGN", { perMemberMonthMinor: total - 1 }),
      reason: /Your company allows up to .+ per member each month; .+ is already spent\./,
    },
    {
      name: "the term is over the per-purchase maximum",
      refuse: ({ company }, total) => setLimits(db, company.id, "NGN", { perBookingMinor: total - 1 }),
      reason: /Your company allows passes up to .+\./,
    },
    {
      name: "the company's balance is short",
      refuse: async ({ company }) => {
        const balance = await companyBalance(db, company.id, "NGN");
        await chargeCompanyAccount(db, company.id, `test:drain:${randomUUID()}`, balance);
      },
      reason: /'s balance is too low: it needs [0-9.,]+ NGN more to pay for this pass\./,
    },
  ];

  it.each(refusals)(
    "refused ($name): the pass goes into grace, the mail says why, nothing moves, and a top-up does not renew it from the wallet",
    async ({ refuse, reason }) => {
      const t = await team();
      const { company, member } = t;
      const { pass, totalMinor } = await companyPass(member, company.id);
      await refuse(t, totalMinor);
      const wallet = await walletBalanceMinor(db, member.id, "NGN");
      const balance = await companyBalance(db, company.id, "NGN");
      now = new Date(new Date(pass.paid_until).getTime() + 60_000);
      expect(await renewPass(deps(), pass.id)).toBe("grace");
      expect(await passRow(pass.id)).toMatchObject({ status: "grace" });
      const mails = await mailsTo(member);
      expect(mails.map((m) => m.subject)).toEqual([
        `${company.name} did not pay the renewal of your Parkwell monthly pass ${pass.pass_code}`,
      ]);
      expect(mails[0]!.text).toMatch(reason);
      expect(mails[0]!.text).toContain(`http://parkwell.test/passes/${pass.pass_code}`);
      // The driver's wallet, flush, is not touched: by the job again, nor by a top-up's job.
      expect(await renewPass(deps(), pass.id)).toBe("grace");
      expect(await renewAfterTopUp(deps(), member.id, "NGN")).toBe(0);
      expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
      expect(await companyBalance(db, company.id, "NGN")).toBe(balance);
      expect((await companyCharges(company.id)).map((c) => c.ledger_key)).toEqual([`pass:${pass.id}:1`]);
      expect(await mailsTo(member)).toEqual([]);
      const read = await detail(member, pass.pass_code);
      expect(read).toMatchObject({ status: "grace", paid_by_company: company.name });
    },
  );

  it("the refusal's mail is in the driver's language (French)", async () => {
    const { company, member } = await team("fr");
    const { pass } = await companyPass(member, company.id);
    await setPolicy(db, company.id, { switches: { passes: false } });
    now = new Date(new Date(pass.paid_until).getTime() + 60_000);
    expect(await renewPass(deps(), pass.id)).toBe("grace");
    const [mail] = await mailsTo(member);
    expect(mail!.subject).toBe(
      `${company.name} n'a pas payé le renouvellement de votre abonnement mensuel Parkwell ${pass.pass_code}`,
    );
    expect(mail!.text).toContain("Votre entreprise ne paie pas les abonnements mensuels.");
    expect(mail!.text).toContain("Renouveler depuis mon portefeuille");
  });

  it("the driver pays the refused renewal from their wallet (Idempotency-Key, replayed once), and the pass renews from the wallet from then on", async () => {
    const { company, member } = await team();
    const { pass, totalMinor } = await companyPass(member, company.id);
    const other = await companyPass(member, company.id);
    await setPolicy(db, company.id, { switches: { passes: false } });
    now = new Date(new Date(pass.paid_until).getTime() + 60_000);
    expect(await renewPass(deps(), pass.id)).toBe("grace");
    await mailsTo(member);
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const balance = await companyBalance(db, company.id, "NGN");
    const key = randomUUID();
    const renew = (code: string, k: string) =>
      call(member, "POST", `/passes/${code}/renew`, undefined, { "idempotency-key": k });

    const paid = await renew(pass.pass_code, key);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.headers["idempotent-replayed"]).toBeUndefined();
    expect(paid.json<PassDetail>()).toMatchObject({ status: "active", paid_by_company: null, grace: null });
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet - totalMinor);
    expect(await companyBalance(db, company.id, "NGN")).toBe(balance);
    expect(await receiptOf(`pass:${pass.id}:2`)).toMatchObject({
      kind: "pass",
      buyer: { companyName: null },
    });
    const mails = await mailsTo(member);
    expect(mails.map((m) => m.subject)).toEqual([`Your Parkwell monthly pass ${pass.pass_code} is renewed`]);
    expect(mails[0]!.text).toContain("paid from your wallet");

    // The same key again: the same answer, nothing charged twice.
    const again = await renew(pass.pass_code, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json<PassDetail>().paid_until).toBe(paid.json<PassDetail>().paid_until);
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet - totalMinor);
    // The key on another pass is a 422; another key on a pass not in grace is a 409.
    const reused = await renew(other.pass.pass_code, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: "idempotency_key_reused" });
    const notDue = await renew(pass.pass_code, randomUUID());
    expect(notDue.statusCode).toBe(409);
    expect(notDue.json()).toMatchObject({
      code: "pass_not_in_grace",
      message: "This pass has no renewal waiting to be paid",
    });

    // The next term: from the wallet, though the company would pay again.
    await setPolicy(db, company.id, { switches: { passes: true } });
    const after = new Date(paid.json<PassDetail>().paid_until);
    now = new Date(after.getTime() + 60_000);
    expect(await renewPass(deps(), pass.id)).toBe("renewed");
    expect(await receiptOf(`pass:${pass.id}:3`)).toMatchObject({ buyer: { companyName: null } });
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBeLessThan(wallet - totalMinor);
    expect(await companyBalance(db, company.id, "NGN")).toBe(balance);
  });

  it("a wallet too short to take the renewal over is the 402 with what it lacks; the pass stays in grace", async () => {
    const { company } = await team();
    const poor = await fundedUser(db, 0);
    await addMember(db, company.id, poor);
    const { pass } = await companyPass(poor, company.id);
    await setPolicy(db, company.id, { switches: { passes: false } });
    now = new Date(new Date(pass.paid_until).getTime() + 60_000);
    expect(await renewPass(deps(), pass.id)).toBe("grace");
    const res = await call(poor, "POST", `/passes/${pass.pass_code}/renew`, undefined, {
      "idempotency-key": randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ code: "insufficient_funds" });
    expect(await passRow(pass.id)).toMatchObject({ status: "grace" });
    expect(await detail(poor, pass.pass_code)).toMatchObject({ paid_by_company: company.name });
  });

  it("a top-up renews the driver's own pass in grace but leaves their company's to the company: no charge, no notice of its own, and the run's notice once a day", async () => {
    const { company } = await team();
    const driver = await fundedUser(db, 0);
    await fund(db, driver.id, 5_000_000);
    await addMember(db, company.id, driver);
    const { pass } = await companyPass(driver, company.id);
    // A pass of their own, from the wallet, which it leaves short for its renewal.
    const own = await call(driver, "POST", "/passes", {
      plan_id: (await plan()).id,
      vehicle_type_id: 1,
      plates: ["OWN123AA"],
      start_date: dayOnClock(now, ZONE),
    });
    expect(own.statusCode, own.body).toBe(201);
    const mine = own.json<PassPurchase>();
    expect(mine.paid_until).toBe(pass.paid_until);
    await mailsTo(driver);
    await setPolicy(db, company.id, { switches: { passes: false } });
    const end = new Date(pass.paid_until);
    now = new Date(end.getTime() + 60_000);
    expect(await renewPass(deps(), pass.id)).toBe("grace");
    expect(await renewPass(deps(), mine.id)).toBe("grace");
    expect((await mailsTo(driver)).map((m) => m.subject).sort()).toEqual([
      `${company.name} did not pay the renewal of your Parkwell monthly pass ${pass.pass_code}`,
      `Your Parkwell monthly pass ${mine.pass_code} could not renew`,
    ]);

    // Grace day 2: the driver tops up before the minute's run.
    now = new Date(end.getTime() + DAY_MS + 60_000);
    const balance = await companyBalance(db, company.id, "NGN");
    await fund(db, driver.id, 10_000_000);
    const wallet = await walletBalanceMinor(db, driver.id, "NGN");
    expect(await renewAfterTopUp(deps(), driver.id, "NGN")).toBe(1);
    expect(await passRow(mine.id)).toMatchObject({ status: "active" });
    const ownTerm = await receiptOf(`pass:${mine.id}:2`);
    expect(ownTerm).toMatchObject({ buyer: { companyName: null } });
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(wallet - Number(ownTerm!.total_minor));
    // The company's pass: untouched by the top-up, its day-2 notice not sent by it.
    expect(await passRow(pass.id)).toEqual({ status: "grace", grace_notices: 1 });
    expect(await receiptOf(`pass:${pass.id}:2`)).toBeUndefined();
    expect((await mailsTo(driver)).map((m) => m.subject)).toEqual([
      `Your Parkwell monthly pass ${mine.pass_code} is renewed`,
    ]);
    // The minute's run asks the company again: refused, the day's notice, once.
    expect(await renewPass(deps(), pass.id)).toBe("grace");
    expect(await renewAfterTopUp(deps(), driver.id, "NGN")).toBe(0);
    expect(await passRow(pass.id)).toEqual({ status: "grace", grace_notices: 2 });
    expect((await mailsTo(driver)).map((m) => m.subject)).toEqual([
      `${company.name} did not pay the renewal of your Parkwell monthly pass ${pass.pass_code}`,
    ]);
    // Nothing moved for the company's pass, from the company or the wallet.
    expect(await companyBalance(db, company.id, "NGN")).toBe(balance);
    expect((await companyCharges(company.id)).map((c) => c.ledger_key)).toEqual([`pass:${pass.id}:1`]);
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(wallet - Number(ownTerm!.total_minor));
  });

  const widenings: {
    name: string;
    refuse: (companyId: number, totalMinor: number) => Promise<void>;
    widen: (companyId: number, totalMinor: number) => Promise<void>;
  }[] = [
    {
      name: "passes allowed again",
      refuse: (id) => setPolicy(db, id, { switches: { passes: false } }),
      widen: (id) => setPolicy(db, id, { switches: { passes: true } }),
    },
    {
      name: "a higher monthly cap",
      refuse: (id, total) => setLimits(db, id, "NGN", { perMemberMonthMinor: total - 1 }),
      widen: (id, total) => setLimits(db, id, "NGN", { perMemberMonthMinor: total * 3 }),
    },
  ];

  it.each(widenings)(
    "a company that refused and then widens its policy ($name) before the grace ends pays at the job's next run: the receipt names it, the wallet is untouched",
    async ({ refuse, widen }) => {
      const { company, member } = await team();
      const { pass, totalMinor } = await companyPass(member, company.id);
      await refuse(company.id, totalMinor);
      const end = new Date(pass.paid_until);
      now = new Date(end.getTime() + 60_000);
      await renewDuePasses(deps());
      expect(await passRow(pass.id)).toMatchObject({ status: "grace", grace_notices: 1 });
      expect((await mailsTo(member)).map((m) => m.subject)).toEqual([
        `${company.name} did not pay the renewal of your Parkwell monthly pass ${pass.pass_code}`,
      ]);
      const wallet = await walletBalanceMinor(db, member.id, "NGN");
      const balance = await companyBalance(db, company.id, "NGN");

      await widen(company.id, totalMinor);
      now = new Date(end.getTime() + (PASS_GRACE_DAYS - 1) * DAY_MS + 60_000);
      await renewDuePasses(deps());
      const key = `pass:${pass.id}:2`;
      expect(await passRow(pass.id)).toMatchObject({ status: "active", grace_notices: 0 });
      const term = await receiptOf(key);
      expect(term).toMatchObject({ kind: "pass", buyer: { companyName: company.name } });
      expect(await companyLedgerSum(db, company.id, [key])).toBe(-Number(term!.total_minor));
      expect(await companyBalance(db, company.id, "NGN")).toBe(balance - Number(term!.total_minor));
      expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
      expect(
        (await companyCharges(company.id)).map((c) => [c.kind, Number(c.member_id), c.ledger_key]),
      ).toEqual([
        ["pass", member.memberId, `pass:${pass.id}:1`],
        ["pass", member.memberId, key],
      ]);
      const mails = await mailsTo(member);
      expect(mails.map((m) => m.subject)).toEqual([
        `Your Parkwell monthly pass ${pass.pass_code} is renewed`,
      ]);
      expect(mails[0]!.text).toContain(`${company.name} paid`);
      expect(await detail(member, pass.pass_code)).toMatchObject({
        status: "active",
        grace: null,
        paid_by_company: company.name,
      });
    },
  );

  it("a pass that has ended cannot be taken over: POST /passes/{code}/renew is the 409 pass_ended, and nothing is charged", async () => {
    const { company, member } = await team();
    const { pass } = await companyPass(member, company.id);
    await setPolicy(db, company.id, { switches: { passes: false } });
    const end = new Date(pass.paid_until);
    now = new Date(end.getTime() + 60_000);
    expect(await renewPass(deps(), pass.id)).toBe("grace");
    now = new Date(end.getTime() + PASS_GRACE_DAYS * DAY_MS + 60_000);
    expect(await renewPass(deps(), pass.id)).toBe("lapsed");
    await mailsTo(member);
    const wallet = await walletBalanceMinor(db, member.id, "NGN");
    const balance = await companyBalance(db, company.id, "NGN");

    const res = await call(member, "POST", `/passes/${pass.pass_code}/renew`, undefined, {
      "idempotency-key": randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: "pass_ended", message: "This pass has ended" });
    expect(await walletBalanceMinor(db, member.id, "NGN")).toBe(wallet);
    expect(await companyBalance(db, company.id, "NGN")).toBe(balance);
    expect(await receiptOf(`pass:${pass.id}:2`)).toBeUndefined();
    const [terms] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM pass_charges WHERE pass_id = ${pass.id}`,
    );
    expect(terms!.n).toBe(1);
    expect(await mailsTo(member)).toEqual([]);
    expect(await detail(member, pass.pass_code)).toMatchObject({ status: "ended", ended_reason: "lapsed" });
  });
});
