import { formatZonedDateTime, type Booking } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { payments } from "../../db/schema/index";
import { systemClock } from "../../lib/clock";
import { createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { allDayPark, at, book, fundedUser, HOUR } from "../bookings/bookings.test-kit";
import { composeBookingMail } from "../bookings/bookings-mail.service";
import { composeReceiptMail } from "../payments/settle.service";
import { servedCountries } from "../reference/served-countries";
import { creditTopUp } from "../wallet/ledger.service";
import { issueReceipt } from "./receipts.service";
import { ledgerTaken, numberOf } from "./receipts.test-kit";

/**
 * A purchase's e-mail names its receipt, numbered first: "Receipt NG-2026-000123: <link>", in the
 * mail's language; without a receipt (older data) the mail has no such line.
 */
describe("e-mails link the receipt", () => {
  let ctx: TestContext;
  let db: Db;
  const PUBLIC = "http://parkwell.test";
  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
  });
  afterAll(() => ctx?.close());
  const deps = () => ({
    db,
    clock: systemClock,
    countries: servedCountries(db),
    publicUrl: PUBLIC,
    qrSecret: "test-qr-secret",
  });

  /**
   * A settled top-up of ₦5,000 as settle.service leaves it: its ledger move (with its receipt) and
   * its payment, settled at `paidAt` (its updated_at).
   */
  const topUp = (user: TestUser, ref: string, paidAt = new Date(at(0))) =>
    db.transaction(async (tx) => {
      const move = await creditTopUp(servedCountries(db), tx, {
        userId: user.id,
        currency: "NGN",
        amountMinor: 5_000_00,
        provider: "paystack",
        idempotencyKey: `topup:paystack:${ref}`,
        reference: `PW-${ref}`,
        at: at(0),
      });
      const [p] = await tx
        .insert(payments)
        .values({
          reference: `PW-${ref}`,
          userId: user.id,
          provider: "paystack",
          providerReference: ref,
          currency: "NGN",
          amountMinor: 5_000_00,
          status: "succeeded",
          ledgerTransactionId: move.transactionId,
          updatedAt: paidAt,
        })
        .returning();
      return p!.id;
    });

  it("the booking confirmation, in English and in French", async () => {
    const user = await fundedUser(db);
    const park = await allDayPark(db);
    const res = await book(ctx.app, user, { park_id: park, start: at(2 * HOUR), end: at(4 * HOUR) });
    expect(res.statusCode).toBe(201);
    const b = res.json<Booking>();
    const key = `booking:${b.id}:1`;
    // The booking path issues it (once wired); issueReceipt is idempotent per ledger key.
    const taken = await ledgerTaken(db, key);
    await db.transaction((tx) =>
      issueReceipt(tx, {
        kind: "booking",
        userId: user.id,
        ledgerKey: key,
        reference: b.booking_code,
        countryId: 1,
        parkId: park,
        issuedAt: new Date(),
        currency: "NGN",
        decimals: 2,
        body: { lines: [{ kind: "parking", amountMinor: taken }], taxes: [] },
        expectedMinor: taken,
      }),
    );
    const job = {
      key,
      type: "booking" as const,
      template: "booked" as const,
      bookingId: b.id,
      endTime: b.end_time,
      paidMinor: taken,
      refundMinor: 0,
    };
    const mail = (await composeBookingMail(deps(), job))!;
    const number = (await numberOf(db, key))!; // numbered by the mail
    expect(number).toMatch(/^NG-\d{4}-\d{6}$/);
    expect(mail.text).toContain(`\n\nReceipt ${number}: ${PUBLIC}/receipts/${number}\n\nParkwell`);
    expect(mail.html).toContain(`<a href="${PUBLIC}/receipts/${number}">Receipt ${number}</a>`);

    await db.execute(sql`UPDATE users SET language = 'fr' WHERE id = ${user.id}`);
    const fr = (await composeBookingMail(deps(), job))!;
    expect(fr.text).toContain(`Reçu ${number}\u00a0: ${PUBLIC}/receipts/${number}`);

    // A change without a receipt (its move has none): no line.
    const none = (await composeBookingMail(deps(), { ...job, key: `booking:${b.id}:9` }))!;
    expect(none.text).not.toContain("/receipts/");
    expect(none.text).not.toContain("Reçu");
  });

  it("the top-up receipt mail names the receipt the wallet wrote with the money", async () => {
    const user = await createUser(db);
    const paid = await topUp(user, "MAIL-T1");
    const mail = (await composeReceiptMail(deps(), paid))!;
    const number = (await numberOf(db, "topup:paystack:MAIL-T1"))!;
    expect(mail.text).toContain(`Receipt ${number}: ${PUBLIC}/receipts/${number}`);
    await db.execute(sql`UPDATE users SET language = 'fr' WHERE id = ${user.id}`);
    expect((await composeReceiptMail(deps(), paid))!.text).toContain(
      `Reçu ${number}\u00a0: ${PUBLIC}/receipts/${number}`,
    );
  });

  it("the top-up receipt mail writes its time on the clock of the currency's country, not in UTC", async () => {
    const user = await createUser(db);
    const paidAt = new Date(at(0));
    const id = await topUp(user, "MAIL-T2", paidAt);
    const lagos = (await servedCountries(db).byCode("NG"))!.timezone;
    const en = (await composeReceiptMail(deps(), id))!;
    expect(en.text).toContain(`Date: ${formatZonedDateTime(paidAt.toISOString(), "en", lagos)}\n`);
    expect(en.text).not.toContain("UTC");
    await db.execute(sql`UPDATE users SET language = 'fr' WHERE id = ${user.id}`);
    const fr = (await composeReceiptMail(deps(), id))!;
    expect(fr.text).toContain(`Date\u00a0: ${formatZonedDateTime(paidAt.toISOString(), "fr", lagos)}\n`);
    expect(fr.text).toContain("Montant\u00a0: ");
  });
});
