/**
 * The renewal of monthly passes (docs/PRODUCT-RULES.md#monthly-passes), run each minute by the
 * `passes-renew` job on its own clock: a pass whose paid term has ended is charged its next term
 * (ledger key `pass:<id>:<period>`), or put in grace, or ended; a few days before, its driver is
 * reminded of the price. Every e-mail is a mail job sent in the transaction that decided it, with a
 * delivery key naming the pass, the period (and the grace day), so each is sent once.
 */
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { MailJob } from "../../jobs/mail-job";
import type { ComposedPush } from "../../jobs/push-job";
import type { Jobs } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { MailMessage } from "../../lib/mailer";
import { translate } from "../../lib/messages";
import { resolveCountry } from "../parks/parks.service";
import { passPurchase } from "../purchases/company-purchases.service";
import {
  allowLaterMove,
  companyNamesOfMoves,
  companyOfMove,
  isCompanyRefusal,
  lockLaterPayer,
  type LaterPayer,
} from "../purchases/later-payer.service";
import { receiptLine, withReceiptLine } from "../receipts/receipts.mail";
import type { ServedCountries } from "../reference/served-countries";
import { servedCountries } from "../reference/served-countries";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { DAY_MS, graceEndOf, nextTerm, PASS_GRACE_DAYS, passDetail } from "./passes.domain";
import { passMail, passReminderPush, queuePassMail, type PassMailFacts } from "./passes.mail";
import { chargeTerm, IDEMPOTENCY_REUSED_MESSAGE, passNotFound } from "./passes.service";
import { planWindows } from "./plans.service";
import * as repo from "./passes.repo";

export interface RenewalDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
}

/** Days before a renewal its reminder goes out. */
export const PASS_REMINDER_DAYS = 3;

export type RenewalOutcome = "renewed" | "grace" | "lapsed" | "ended";

/**
 * The quote of a pass's next term, read inside `tx` (the served countries read through it too),
 * with what it was priced from (`terms`: the plan's price, the park's facts a company's policy reads).
 */
async function quoteIn(db: Db, tx: Tx, pass: repo.PassRow) {
  const terms = await repo.renewalTerms(tx, pass);
  const country = await resolveCountry(servedCountries(db), terms.countryCode, tx);
  return { ...nextTerm(pass, terms, country), country, terms };
}

type Quoted = Awaited<ReturnType<typeof quoteIn>>;

/**
 * Charges the pass's next term `period` (a savepoint: a refused charge leaves nothing behind) to
 * its payer: the company `payer` locked, under its policy asked again for this term (the park's
 * country and type as `quoted` read them, each window of the plan, the per-purchase maximum and
 * the monthly cap), or the driver's wallet (null). Then the term's row, the pass active to its new
 * end, and the mail.
 */
async function renewTerm(
  jobs: Jobs,
  tx: Tx,
  pass: repo.PassRow,
  period: number,
  quoted: Quoted,
  c: { now: Date; payer: LaterPayer | null; idempotencyKey?: string },
): Promise<void> {
  const { term, monthlyMinor: monthly, breakdown, country, terms } = quoted;
  const { now, payer } = c;
  const currency = pass.currency.trim();
  await tx.transaction(async (charge) => {
    const company = payer
      ? await allowLaterMove(
          charge,
          payer,
          await passPurchase(charge, {
            parkId: pass.parkId,
            facts: terms.park,
            hours: await planWindows(charge, pass.planId),
            amountMinor: breakdown.totalMinor,
            currency,
            decimals: country.decimals,
          }),
          now,
        )
      : null;
    await chargeTerm(
      charge,
      { id: pass.id, code: pass.passCode, userId: pass.userId, currency, parkId: pass.parkId },
      period,
      {
        at: now,
        country,
        planName: terms.planName,
        term,
        months: pass.termMonths,
        monthlyMinor: monthly,
        detail: passDetail(pass.plates, terms.vehicleType),
        breakdown,
      },
      company,
    );
  });
  await repo.insertCharge(tx, {
    passId: pass.id,
    period,
    periodStart: term.startsAt,
    periodEnd: term.paidUntil,
    totalMinor: breakdown.totalMinor,
    breakdown: { ...breakdown, taxName: country.taxName },
    chargedAt: now,
    idempotencyKey: c.idempotencyKey ?? null,
  });
  await repo.updatePass(tx, pass.id, {
    status: "active",
    paidUntil: term.paidUntil,
    monthlyMinor: monthly,
    graceNotices: 0,
    updatedAt: now,
  });
  await queuePassMail(jobs, tx, `pass:renewed:${pass.id}:${period}`, "renewed", pass, {
    period,
    amountMinor: breakdown.totalMinor,
    at: term.paidUntil,
    company: payer?.companyName ?? null,
  });
}

/**
 * Renews one due pass, in one transaction under its row's lock (SKIP LOCKED: another process
 * renewing it at once skips it): a pass cancelled at its term's end ends; else its next term is
 * charged (nextTerm, the price the pass's reader and the reminder quote too), once, to whoever paid
 * the last term: the company (its member's row locked first, its policy asked again) or the
 * driver's wallet. A short wallet, or the company's refusal (its policy, the driver no longer its
 * member, its balance), puts it in grace, where it keeps its space and is tried again at each run,
 * with one notice per grace day (grace_notices counts them; a company's says why it did not pay);
 * it lapses when the grace is over. A company's pass never falls to the wallet by itself: only the
 * driver's own request (payRenewalMyself) pays it from there. Undefined when there was nothing to do
 * (or a term was charged since the last term was read: the next run renews it on from there).
 */
export async function renewPass(deps: RenewalDeps, id: string): Promise<RenewalOutcome | undefined> {
  const { db, jobs } = deps;
  const now = deps.clock();
  // The last term's payer pays the next: the last term read once, its company checked before the
  // transaction, as the engine checks a purchase's payer, then its member's row locked first,
  // before the pass's; the pass is locked only while that term is still its last (its paid_until
  // unchanged), so the period after it is the one to charge.
  const last = await repo.lastTermOf(db, id);
  if (!last) return undefined;
  const checked = await companyOfMove(db, last.ledgerKey, last.userId);
  return db.transaction(async (tx): Promise<RenewalOutcome | undefined> => {
    const payer = checked ? await lockLaterPayer(tx, checked, last.userId) : null;
    const pass = await repo.lockDuePass(tx, id, now, last.paidUntil);
    if (!pass) return undefined;
    if (pass.cancelAtPeriodEnd) {
      await repo.updatePass(tx, pass.id, { status: "ended", endedReason: "cancelled", updatedAt: now });
      return "ended";
    }
    const quoted = await quoteIn(db, tx, pass);
    const period = last.period + 1;
    const graceEnd = graceEndOf(pass.paidUntil);
    const currency = pass.currency.trim();
    try {
      await renewTerm(jobs, tx, pass, period, quoted, { now, payer });
      return "renewed";
    } catch (err) {
      // A short wallet, or the company's refusal when a company pays: grace; anything else throws.
      const refused = payer
        ? isCompanyRefusal(err)
        : err instanceof AppError && err.code === "insufficient_funds";
      if (!refused || !(err instanceof AppError)) throw err;
      const amountMinor = quoted.breakdown.totalMinor;
      if (now >= graceEnd) {
        await repo.updatePass(tx, pass.id, {
          status: "ended",
          endedReason: "lapsed",
          heldUntil: graceEnd,
          updatedAt: now,
        });
        await queuePassMail(jobs, tx, `pass:lapsed:${pass.id}:${period}`, "lapsed", pass, {
          period,
          amountMinor,
          at: graceEnd,
        });
        return "lapsed";
      }
      // Grace day 1 starts at the term's end, day 2 a day later…: one notice each.
      const day = Math.min(
        PASS_GRACE_DAYS,
        Math.floor((now.getTime() - pass.paidUntil.getTime()) / DAY_MS) + 1,
      );
      if (pass.graceNotices < day) {
        // What the wallet lacks (a company's refusal says why instead: nothing to read).
        const missingMinor = payer
          ? 0
          : Math.max(amountMinor - (await walletBalanceMinor(tx, pass.userId, currency)), 1);
        await queuePassMail(
          jobs,
          tx,
          `pass:grace:${pass.id}:${period}:${day}`,
          payer ? "company_refused" : "grace",
          pass,
          {
            period,
            amountMinor,
            missingMinor,
            at: graceEnd,
            // The company's refusal as the API says it (English; the mail says it in the driver's language).
            ...(payer ? { company: payer.companyName, reason: err.message } : {}),
          },
        );
        await repo.updatePass(tx, pass.id, { status: "grace", graceNotices: day, updatedAt: now });
      } else if (pass.status !== "grace") {
        await repo.updatePass(tx, pass.id, { status: "grace", updatedAt: now });
      }
      return "grace";
    }
  });
}

/** For the race test's negative control only: never set in production. */
export const unsafeOptions = { unsafeSkipRenewalKeyLock: false };

/**
 * The driver pays a pass's renewal in grace from their own wallet (POST /passes/{code}/renew,
 * Idempotency-Key as a purchase's): the term the renewal job could not charge (their company
 * refused it, or their wallet was short) is charged to the wallet now through the engine's charge
 * (`pass:<id>:<period>`, the 402 naming what the wallet lacks), and from then on the pass renews
 * from the wallet (the last term's payer pays the next). The same key again answers the pass
 * (`replayed`); the key used on another pass is a 422. A pass not in grace is a 409.
 */
export async function payRenewalMyself(
  deps: RenewalDeps,
  userId: string,
  code: string,
  idempotencyKey: string | undefined,
): Promise<{ replayed: boolean }> {
  const { db, jobs } = deps;
  const now = deps.clock();
  return db.transaction(async (tx) => {
    const pass = await repo.ownPass(tx, userId, code, true);
    if (!pass) throw passNotFound();
    if (idempotencyKey) {
      // Under the key's lock: the same key sent twice at once pays once; the second replays it on
      // the same pass, or is the 422 on another.
      if (!unsafeOptions.unsafeSkipRenewalKeyLock) await repo.lockRenewalKey(tx, userId, idempotencyKey);
      const keyed = await repo.chargeByKey(tx, userId, idempotencyKey);
      if (keyed && keyed.passId !== pass.id) {
        throw new AppError(422, "idempotency_key_reused", IDEMPOTENCY_REUSED_MESSAGE);
      }
      if (keyed) return { replayed: true };
    }
    if (pass.status === "ended") throw new AppError(409, "pass_ended", "This pass has ended");
    if (pass.status !== "grace") throw new AppError(409, "pass_not_in_grace", PASS_NOT_IN_GRACE_MESSAGE);
    const quoted = await quoteIn(db, tx, pass);
    const period = (await repo.lastPeriod(tx, pass.id)) + 1;
    await renewTerm(jobs, tx, pass, period, quoted, {
      now,
      payer: null,
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
    return { replayed: false };
  });
}

/** A pass with no renewal waiting to be paid (not in grace). */
const PASS_NOT_IN_GRACE_MESSAGE = "This pass has no renewal waiting to be paid";

/**
 * Queues the reminder of each pass renewing within PASS_REMINDER_DAYS (not one cancelled at its
 * term's end), once per period: `reminded_period` is set in the transaction that sends the job,
 * so running the job again, or in two processes at once, reminds once. Answers how many.
 */
export async function queueRenewalReminders(deps: RenewalDeps): Promise<number> {
  const { db, jobs } = deps;
  const now = deps.clock();
  const until = new Date(now.getTime() + PASS_REMINDER_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const due = await repo.lockDueReminders(tx, now, until, 500);
    // Who will be asked to pay: the last term's payer (a company, else the wallet).
    const keys = await repo.lastTermKeysOf(
      tx,
      due.map((p) => p.id),
    );
    const payers = await companyNamesOfMoves(tx, [...keys.values()]);
    for (const pass of due) {
      const { breakdown } = await quoteIn(db, tx, pass);
      await queuePassMail(jobs, tx, `pass:reminder:${pass.id}:${pass.nextPeriod}`, "reminder", pass, {
        period: pass.nextPeriod,
        amountMinor: breakdown.totalMinor,
        at: pass.paidUntil,
        company: payers.get(keys.get(pass.id) ?? "") ?? null,
      });
      await repo.updatePass(tx, pass.id, { remindedPeriod: pass.nextPeriod });
    }
    return due.length;
  });
}

/**
 * The renewal job's run: every pass due now, one at a time (renewed, put in grace or ended), then
 * the reminders due; the number of passes it acted on. A pass whose renewal fails (its own
 * transaction rolled back) does not stop the others: the run goes on, then fails naming each one
 * (the queue logs it), and the next minute's run tries them again.
 */
export async function renewDuePasses(deps: RenewalDeps): Promise<number> {
  let done = 0;
  const failed: Error[] = [];
  for (const id of await repo.duePasses(deps.db, deps.clock(), 500)) {
    try {
      if (await renewPass(deps, id)) done += 1;
    } catch (err) {
      failed.push(new Error(`pass ${id} could not be renewed`, { cause: err }));
    }
  }
  done += await queueRenewalReminders(deps);
  if (failed.length > 0) {
    throw new AggregateError(
      failed,
      `${failed.length} of the due passes could not be renewed; the others were`,
    );
  }
  return done;
}

/**
 * After a top-up credit commits (the `passes-topped-up` job the payment sends with it): the
 * driver's passes in grace in that currency that their wallet pays are renewed at once, by
 * renewPass. A pass whose last term a company paid is left alone: the top-up is not its payer, and
 * the minute's run asks its company again (it renews on the company, or stays in grace, with its
 * one notice a day); only the driver's own request (payRenewalMyself) moves it to the wallet. The
 * number renewed.
 */
export async function renewAfterTopUp(deps: RenewalDeps, userId: string, currency: string): Promise<number> {
  let renewed = 0;
  for (const id of await repo.walletGracePassesOf(deps.db, userId, currency)) {
    if ((await renewPass(deps, id)) === "renewed") renewed += 1;
  }
  return renewed;
}

export interface PassMailDeps {
  db: Db;
  countries: ServedCountries;
  publicUrl: string;
}

/**
 * What a pass mail job is about, read when it runs; null when it no longer applies: a reminder for
 * a pass cancelled, ended or renewed meanwhile, a grace notice for a pass out of grace.
 */
async function passJobFacts(d: PassMailDeps, job: Extract<MailJob, { type: "pass" }>) {
  const found = await repo.passForMail(d.db, job.passId);
  if (!found) return null;
  const { row, email, language } = found;
  const at = new Date(job.at);
  if (
    job.template === "reminder" &&
    (row.status !== "active" || row.cancelAtPeriodEnd || row.paidUntil.getTime() !== at.getTime())
  )
    return null;
  if ((job.template === "grace" || job.template === "company_refused") && row.status !== "grace") return null;
  const context = (await repo.contextOf(d.db, [row])).get(row.id)!;
  const lang = language === "fr" ? "fr" : "en";
  const currency = row.currency.trim();
  const facts: PassMailFacts = {
    code: row.passCode,
    park: context.park.name,
    timeZone: context.park.timeZone,
    planName: context.planName[lang],
    plates: row.plates,
    currency,
    decimals: d.countries.decimalsOf(currency),
    amountMinor: job.amountMinor,
    missingMinor: job.missingMinor,
    at,
    startsAt: row.startsAt,
    publicUrl: d.publicUrl,
    company: job.company ?? null,
    ...(job.reason ? { reason: translate(job.reason, lang) } : {}),
    ...(job.days ? { days: job.days } : {}),
  };
  return { userId: row.userId, email, lang, facts } as const;
}

/** A pass mail job's message, composed when it runs; null when it no longer applies (passJobFacts). */
export async function composePassMail(
  d: PassMailDeps,
  job: Extract<MailJob, { type: "pass" }>,
): Promise<MailMessage | null> {
  const found = await passJobFacts(d, job);
  if (!found) return null;
  // The term's charge (`pass:<id>:<period>`) has a receipt once paid; a reminder or grace has none.
  // A closure's refund names its credit note.
  const ledgerKey = job.ledgerKey ?? `pass:${job.passId}:${job.period}`;
  const receipt = await receiptLine(d, { ledgerKey }, found.lang);
  return withReceiptLine(passMail(job.template, found.lang, found.email, found.facts), receipt);
}

/**
 * A renewal's reminder as a push notification (decision 066), for the driver's devices that chose
 * it; null when it no longer applies, as the e-mail, and for the other pass mails (e-mail only). A
 * device that was off gets it until the renewal, not after.
 */
export async function composePassPush(
  d: PassMailDeps & { clock: Clock },
  job: Extract<MailJob, { type: "pass" }>,
): Promise<ComposedPush | null> {
  if (job.template !== "reminder") return null;
  const found = await passJobFacts(d, job);
  if (!found) return null;
  return {
    userId: found.userId,
    reminder: "pass_renewal",
    message: passReminderPush(found.lang, found.facts),
    ttlSeconds: Math.max(60, Math.floor((found.facts.at.getTime() - d.clock().getTime()) / 1000)),
  };
}
