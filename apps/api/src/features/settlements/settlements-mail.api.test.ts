// A closed statement's e-mail (issue #65), sent through the mail queue to a real SMTP server: to
// each of the operator's branch managers in their language, with the statement's totals and its
// link in the back office, once however often the close runs. On PGlite and PostgreSQL.
import { formatMoney } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { decodedMail } from "../../test/mailbox";
import { startSmtpPeer } from "../../test/smtp-peer";
import { book, fundedUser } from "../bookings/bookings.test-kit";
import { closeDuePeriods } from "./settlements.service";
import { newOperator, statementsOf } from "./settlements.test-kit";

const HOUR = 3_600_000;
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let ctx: TestContext;
let now = new Date("2026-09-10T09:00:00Z");
const db = () => ctx.database.db;
const plain = (s: string) => s.replace(/\u00a0|\u202f/g, " ");

beforeAll(async () => {
  peer = await startSmtpPeer();
  ctx = await createTestContext(
    { SMTP_URL: peer.url, MAIL_FROM: "Parkwell <hello@parkwell.test>" },
    { clock: () => now },
  );
});
afterAll(async () => {
  await ctx?.close();
  await peer?.close();
});

/** The messages to `email`, after running the mail jobs due. */
async function mailsTo(email: string) {
  await ctx.app.jobs.runDue(["mail"]);
  return peer.received
    .filter((m) => m.to.includes(email))
    .map((m) => decodedMail(m.raw))
    .map((m) => ({ subject: m.subject, text: plain(m.text) }));
}

describe("a closed statement's e-mail", () => {
  it("goes to each branch manager of the operator, in their language, with its totals and link, once", async () => {
    const op = await newOperator(db(), { period: "monthly", name: "Statement Mail Parking" });
    const en = await createStaff(db(), "branch_manager", { operatorId: op.id });
    const fr = await createStaff(db(), "branch_manager", { operatorId: op.id });
    await db().execute(sql`UPDATE users SET language = 'fr' WHERE id = ${fr.id}`);
    const employee = await createStaff(db(), "employee", { operatorId: op.id });
    const otherManager = await createStaff(db(), "branch_manager", {
      operatorId: (await newOperator(db(), { period: "monthly" })).id,
    });
    const driver = await fundedUser(db());
    const start = new Date(now.getTime() + 2 * HOUR);
    const booked = await book(ctx.app, driver, {
      park_id: op.parkIds[0]!,
      start,
      end: new Date(start.getTime() + 2 * HOUR),
    });
    expect(booked.statusCode, booked.body).toBe(201);

    now = new Date("2026-10-01T00:05:00Z");
    await closeDuePeriods({ db: db(), jobs: ctx.app.jobs }, now);
    const [s] = await statementsOf(db(), op.id);
    expect(s!.mailed_at).toBe(now.toISOString());

    const toEn = await mailsTo(en.email);
    const toFr = await mailsTo(fr.email);
    expect(toEn).toHaveLength(1);
    expect(toFr).toHaveLength(1);
    expect(await mailsTo(employee.email)).toEqual([]);
    expect(await mailsTo(otherManager.email)).toEqual([]);

    const naira = (minor: number, lang: string) => plain(formatMoney(minor / 100, "NGN", lang));
    expect(toEn[0]!.subject).toBe("Your Parkwell statement for September 2026 (NGN)");
    expect(toEn[0]!.text).toContain(
      "Statement Mail Parking's statement for September 2026 in NGN is closed.",
    );
    expect(toEn[0]!.text).toContain(`Parking sold: ${naira(s!.sales_minor, "en")}`);
    expect(toEn[0]!.text).toContain(`Parkwell's commission: ${naira(-s!.commission_minor, "en")}`);
    expect(toEn[0]!.text).toContain(`Closing balance: ${naira(s!.closing_minor, "en")}`);
    expect(toEn[0]!.text).toContain(`http://parkwell.test/admin/settlements/${s!.id}`);
    expect(toFr[0]!.subject).toBe("Votre relevé Parkwell pour septembre 2026 (NGN)");
    expect(toFr[0]!.text).toContain(`Solde de clôture : ${naira(s!.closing_minor, "fr")}`);
    expect(toFr[0]!.text).toContain(`http://parkwell.test/admin/settlements/${s!.id}`);

    // The close run again (a second process, a retry) sends nothing more.
    await closeDuePeriods({ db: db(), jobs: ctx.app.jobs }, now);
    expect(await mailsTo(en.email)).toHaveLength(1);
    expect(await mailsTo(fr.email)).toHaveLength(1);
  });
});
