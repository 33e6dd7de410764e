import { randomUUID } from "node:crypto";
import { dayOnClock, formatMoney, type AdminPlan, type PassPurchase } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { toMajor } from "../../lib/money";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../test/factories";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { createTestContext, type TestContext } from "../../test/harness";
import { decodedMail } from "../../test/mailbox";
import { startSmtpPeer } from "../../test/smtp-peer";
import { fund, fundedUser } from "../bookings/bookings.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { PASS_GRACE_DAYS } from "./passes.domain";
import { renewDuePasses, renewPass } from "./passes-renewal.service";
import { passMailDate } from "./passes.mail";

const ZONE = "Africa/Lagos";
const DAY = 24 * 3_600_000;
const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" }));

let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
/** A received message's subject and text, its no-break spaces plain. */
function decoded(raw: string): { subject: string; text: string } {
  const mail = decodedMail(raw);
  return { subject: mail.subject, text: mail.text.replace(/\u00a0|\u202f/g, " ") };
}

/**
 * A pass's renewal e-mails, sent through the mail queue to a real SMTP server, on a driven clock
 * that the app and the renewal job share: the reminder before a renewal (once, with the price the
 * renewal then charges), one notice each grace day, the lapse, and the renewal after a top-up.
 */
describe("monthly passes: renewal e-mails", () => {
  let ctx: TestContext;
  let db: Db;
  let now = new Date();
  const clock = () => now;
  let manager: TestUser;
  let parks: number[];
  let nextPark = 0;

  const call = (
    user: TestUser,
    method: "GET" | "POST" | "PATCH",
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...bearer(user), ...headers },
      ...(payload ? { payload } : {}),
    });
  const deps = () => ({ db, clock, jobs: ctx.app.jobs });

  async function plan(): Promise<AdminPlan> {
    const res = await call(manager, "POST", "/admin/plans", {
      park_id: parks[nextPark++],
      name: { en: "Commuter", fr: "Navetteur" },
      windows: weekdays,
      prices: [{ vehicle_type_id: 1, monthly_price: 40_000 }],
      allocation: 5,
      status: "on_sale",
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AdminPlan>();
  }
  /** A pass bought today on the plan's park's clock. */
  async function purchase(driver: TestUser): Promise<PassPurchase> {
    now = new Date();
    const res = await call(driver, "POST", "/passes", {
      plan_id: (await plan()).id,
      vehicle_type_id: 1,
      plates: ["MAIL123AA"],
      start_date: dayOnClock(now, ZONE),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<PassPurchase>();
  }
  /** A pass bought, its confirmation checked and set aside: the renewal mails come after it. */
  async function buy(driver: TestUser): Promise<PassPurchase> {
    const pass = await purchase(driver);
    // Every purchase is confirmed by one e-mail; the renewal mails each test looks at come after it.
    const email = await emailOf(driver);
    const confirmations = (await mailsTo(email)).filter((m) => m.text.includes(`/passes/${pass.pass_code}`));
    expect(confirmations, "the purchase's confirmation").toHaveLength(1);
    peer.received.splice(0, peer.received.length, ...peer.received.filter((m) => !m.to.includes(email)));
    return pass;
  }
  /** The messages to `email`, after running the mail jobs due. */
  async function mailsTo(email: string) {
    await ctx.app.jobs.runDue(["mail"]);
    return peer.received.filter((m) => m.to.includes(email)).map((m) => decoded(m.raw));
  }
  const emailOf = async (user: TestUser) =>
    (await queryRows<{ email: string }>(db, sql`SELECT email FROM users WHERE id = ${user.id}`))[0]!.email;
  const chargeOf = async (passId: string, period: number) =>
    Number(
      (
        await queryRows<{ total_minor: string }>(
          db,
          sql`SELECT total_minor FROM pass_charges WHERE pass_id = ${passId} AND period = ${period}`,
        )
      )[0]!.total_minor,
    );
  const naira = (minor: number, lang = "en") =>
    formatMoney(toMajor(minor, 2), "NGN", lang).replace(/\u00a0|\u202f/g, " ");

  beforeAll(async () => {
    peer = await startSmtpPeer();
    ctx = await createTestContext(
      { SMTP_URL: peer.url, MAIL_FROM: "Parkwell <hello@parkwell.test>" },
      { clock },
    );
    db = ctx.database.db;
    const harbourview = await operatorId(db, "Harbourview Parking Ltd");
    const own = await parksOf(db, harbourview, "Lagos");
    parks = (
      await queryRows<{ id: number }>(
        db,
        sql`SELECT p.id FROM parks p WHERE p.id = ANY(${sql.param(own)}::int[]) AND p.status = 'active'
          AND p.time_zone = ${ZONE} ORDER BY p.id`,
      )
    ).map((r) => r.id);
    manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
  });
  afterAll(async () => {
    await ctx?.close();
    await peer?.close();
  });
  afterEach(async () => {
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  it.each(["en", "fr"] as const)(
    "confirms a pass bought by e-mail, in the driver's language (%s), with its days on the park's clock",
    async (lang) => {
      const driver = await fundedUser(db, 100_000_000);
      await db.execute(sql`UPDATE users SET language = ${lang} WHERE id = ${driver.id}`);
      const email = await emailOf(driver);
      const pass = await purchase(driver);
      // Sent by the mail job, once however often the queue runs.
      await ctx.app.jobs.runDue(["mail"]);
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      const { subject, text } = mails[0]!;
      const start = passMailDate(new Date(pass.starts_at), lang, ZONE);
      const end = passMailDate(new Date(pass.paid_until), lang, ZONE);
      const paid = naira(Math.round(pass.charged.amount * 100), lang);
      if (lang === "en") {
        expect(subject).toBe(`Your Parkwell monthly pass ${pass.pass_code} is confirmed`);
        expect(text).toContain(`${paid} (fees and tax included) was paid from your wallet`);
        expect(text).toContain(`valid from ${start} and paid until ${end}`);
      } else {
        expect(end).toMatch(/^\d{1,2} [a-zéû]+ \d{4}$/);
        expect(subject).toBe(`Votre abonnement mensuel Parkwell ${pass.pass_code} est confirmé`);
        expect(text).toContain(`${paid} (frais et taxe compris) ont été payés depuis votre portefeuille`);
        expect(text).toContain(`valable à partir du ${start} et payé jusqu'au ${end}`);
      }
      expect(text).toContain(`/passes/${pass.pass_code}`);
      // Its receipt is named, as every purchase's mail names it.
      expect(text).toMatch(/NG-\d{4}-\d{6}/);
    },
  );

  it("reminds once, three days before, with the price the renewal then charges and how to cancel", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const email = await emailOf(driver);
    const pass = await buy(driver);
    const end = new Date(pass.paid_until);
    // Four days before: not yet.
    now = new Date(end.getTime() - 4 * DAY);
    await renewDuePasses(deps());
    expect(await mailsTo(email)).toHaveLength(0);
    now = new Date(end.getTime() - 3 * DAY + 60_000);
    await renewDuePasses(deps());
    await renewDuePasses(deps());
    now = new Date(end.getTime() - DAY);
    await renewDuePasses(deps());
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const date = passMailDate(end, "en", ZONE);
    expect(mails[0]!.subject).toBe(`Your Parkwell monthly pass ${pass.pass_code} renews on ${date}`);
    expect(mails[0]!.text).toContain("Cancel the pass on its page before");
    expect(mails[0]!.text).toContain(`/passes/${pass.pass_code}`);
    // The renewal charges what the reminder said.
    now = new Date(end.getTime() + 60_000);
    expect(await renewPass(deps(), pass.id)).toBe("renewed");
    const charged = await chargeOf(pass.id, 2);
    expect(charged).toBeGreaterThan(4_000_000);
    expect(mails[0]!.text).toContain(`${naira(charged)} (fees and tax included)`);
    // The renewal's own mail, with the amount charged and the new end.
    const after = await mailsTo(email);
    expect(after).toHaveLength(2);
    expect(after[1]!.subject).toBe(`Your Parkwell monthly pass ${pass.pass_code} is renewed`);
    expect(after[1]!.text).toContain(naira(charged));
  });

  it("writes to a French driver in French, with the date's month in French", async () => {
    const driver = await fundedUser(db, 100_000_000);
    await db.execute(sql`UPDATE users SET language = 'fr' WHERE id = ${driver.id}`);
    const email = await emailOf(driver);
    const pass = await buy(driver);
    const end = new Date(pass.paid_until);
    now = new Date(end.getTime() - 2 * DAY);
    await renewDuePasses(deps());
    const [mail] = await mailsTo(email);
    const date = passMailDate(end, "fr", ZONE);
    expect(date).toMatch(/^\d{1,2} [a-zéû]+ \d{4}$/);
    expect(mail!.subject).toBe(
      `Votre abonnement mensuel Parkwell ${pass.pass_code} se renouvelle le ${date}`,
    );
    expect(mail!.text).toContain("Résiliez l'abonnement sur sa page avant le");
    expect(mail!.text).toContain("frais et taxe compris");
  });

  it("sends no reminder for a pass cancelled at its term's end", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const email = await emailOf(driver);
    const pass = await buy(driver);
    expect((await call(driver, "POST", `/passes/${pass.pass_code}/cancel`)).statusCode).toBe(200);
    const end = new Date(pass.paid_until);
    now = new Date(end.getTime() - 2 * DAY);
    await renewDuePasses(deps());
    now = new Date(end.getTime() + 60_000);
    expect(await renewPass(deps(), pass.id)).toBe("ended");
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("writes each grace day once with what the wallet lacks and the lapse day, then the lapse", async () => {
    const driver = await fundedUser(db, 0);
    await fund(db, driver.id, 5_000_000);
    const email = await emailOf(driver);
    const pass = await buy(driver);
    const end = new Date(pass.paid_until);
    const lapse = passMailDate(new Date(end.getTime() + PASS_GRACE_DAYS * DAY), "en", ZONE);
    const balance = await walletBalanceMinor(db, driver.id, "NGN");
    for (let day = 0; day < PASS_GRACE_DAYS; day += 1) {
      now = new Date(end.getTime() + day * DAY + 60_000);
      expect(await renewPass(deps(), pass.id)).toBe("grace");
      now = new Date(now.getTime() + 3_600_000);
      expect(await renewPass(deps(), pass.id)).toBe("grace");
      expect(await mailsTo(email)).toHaveLength(day + 1);
    }
    const grace = (await mailsTo(email)).filter((m) => m.subject.includes("could not renew"));
    expect(grace).toHaveLength(PASS_GRACE_DAYS);
    for (const m of grace) {
      expect(m.text).toContain(`The pass stays valid until ${lapse}`);
      expect(m.text).toContain("http://parkwell.test/wallet");
    }
    const [notices] = await queryRows<{ n: number }>(
      db,
      sql`SELECT grace_notices AS n FROM passes WHERE id = ${pass.id}`,
    );
    expect(Number(notices!.n)).toBe(PASS_GRACE_DAYS);
    // What is missing: the renewal's price less the balance; the renewal's price is a first term's.
    const missing = /short of (\S+) for the renewal of (\S+?)\.(?=\s)/.exec(grace[0]!.text);
    expect(missing).not.toBeNull();
    const price = Math.round(pass.charged.amount * 100);
    expect(missing![2]).toBe(naira(price));
    expect(missing![1]).toBe(naira(price - balance));
    now = new Date(end.getTime() + PASS_GRACE_DAYS * DAY + 60_000);
    expect(await renewPass(deps(), pass.id)).toBe("lapsed");
    const all = await mailsTo(email);
    expect(all).toHaveLength(PASS_GRACE_DAYS + 1);
    expect(all.at(-1)!.subject).toBe(`Your Parkwell monthly pass ${pass.pass_code} has ended`);
  });

  it("a top-up during grace renews the pass at once (the job the credit sends), and the notices start again", async () => {
    const driver = await fundedUser(db, 0);
    await fund(db, driver.id, 5_000_000);
    const email = await emailOf(driver);
    const pass = await buy(driver);
    const end = new Date(pass.paid_until);
    now = new Date(end.getTime() + 60_000);
    expect(await renewPass(deps(), pass.id)).toBe("grace");
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([
      `Your Parkwell monthly pass ${pass.pass_code} could not renew`,
    ]);
    // A top-up through the demo provider, as the in-app payment page makes it (on the real clock:
    // the driver's sign-in would have expired a month later), then its job runs on the grace's.
    const graceAt = now;
    now = new Date();
    const added = await call(
      driver,
      "POST",
      "/wallet/add-funds",
      { amount: 100_000 },
      { "idempotency-key": randomUUID() },
    );
    expect(added.statusCode, added.body).toBe(200);
    const { data } = added.json<{ data: { reference: string } }>();
    const verified = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/verify-payment",
      headers: bearer(driver),
      query: { payment_reference: data.reference, payment_provider: "demo" },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    now = new Date(graceAt.getTime() + 60_000);
    await ctx.app.jobs.runDue(["passes-topped-up"]);
    const [row] = await queryRows<{ status: string; grace_notices: number }>(
      db,
      sql`SELECT status, grace_notices FROM passes WHERE id = ${pass.id}`,
    );
    expect(row).toMatchObject({ status: "active" });
    expect(Number(row!.grace_notices)).toBe(0);
    const subjects = (await mailsTo(email)).map((m) => m.subject);
    expect(subjects).toContain(`Your Parkwell monthly pass ${pass.pass_code} is renewed`);
  });
});
