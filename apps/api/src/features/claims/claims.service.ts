/**
 * Drivers' claims (decision 057, docs/PRODUCT-RULES.md#claims): a driver reports a problem with a
 * booking or a monthly pass's term; the rules resolve what the park's records prove at once, the
 * rest waits for staff. Every decision's money is the purchase's own refund through the purchase
 * engine (`refundPurchase`, with its credit note, which takes the operator's share back), once:
 * under the lock order of every booking change (the park's capacity row, then the booking, then the
 * claim) or the pass's row, the claim decided in the same transaction. When Parkwell bears a
 * refund, the operator keeps its share (`keepShareOfRefund`).
 */
import type { ClaimCreateBody, ClaimDecisionKind, ClaimReason } from "@parkwell/contract";
import { BOOKING_NOT_FOUND_MESSAGE } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { pgError, SQLSTATE } from "../../lib/pg-error";
import type { PrivateFileStorage } from "../../lib/private-files";
import { readableCode } from "../../lib/readable-code";
import { BOOKING_MOVES } from "../bookings/booking-receipts.service";
import { passTermRefundable, refundPassTerm } from "../passes/pass-refunds.service";
import { CODE_ATTEMPTS, fingerprintOf } from "../purchases/purchases.domain";
import { refundPurchase } from "../purchases/purchases.service";
import { givenBackBy, partOfReversal, reversalOf, type ReceiptBody } from "../receipts/receipts.domain";
import { bodiesOf } from "../receipts/receipts.service";
import { servedCountries } from "../reference/served-countries";
import { keepShareOfRefund } from "../settlements/operator-ledger.service";
import { dueAtOf, parkwellBears, ruleDecision, windowProblem } from "./claims.domain";
import * as repo from "./claims.repo";
import type { ClaimBooking, ClaimPassTerm, ClaimRow } from "./claims.repo";

declare module "../../jobs/mail-job" {
  interface MailKinds {
    /** The driver's claim was decided (by the rules or by staff): its decision and money. */
    claim_decided: { claimId: number };
  }
}

export interface ClaimDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  storage: PrivateFileStorage;
  /** The photo links' signing secret (QR_SIGNING_SECRET). */
  secret: string;
}

export const CLAIM_NOT_FOUND = "Claim not found";
export const PASS_NOT_FOUND = "Pass not found";
export const CLAIM_EXISTS = "A problem was already reported for this parking";
export const CLAIM_BOOKING_CANCELLED = "This booking was cancelled: there is nothing to report on it";
export const CLAIM_DECIDED = "This claim has already been decided";
export const NOTHING_TO_REFUND = "Everything paid for this parking has already been given back";
export const REFUND_TOO_LARGE = "The refund cannot be more than what is left to give back";
export const CLAIM_KEY_REUSED = "This Idempotency-Key was used for another claim";

export const claimNotFound = () => AppError.notFound(CLAIM_NOT_FOUND, "claim_not_found");
const bookingNotFound = () => AppError.notFound(BOOKING_NOT_FOUND_MESSAGE, "booking_not_found");
const passNotFound = () => AppError.notFound(PASS_NOT_FOUND, "pass_not_found");
const claimExists = (code: string) =>
  new AppError(409, "claim_exists", CLAIM_EXISTS, undefined, { claim_code: code });

/** What a decision does, as staff or a rule asks it. */
export interface Decision {
  kind: ClaimDecisionKind;
  /** refund_part: minor units. */
  amountMinor?: number;
  reason?: string | null;
  by: { staffId: string } | { rule: string };
}

/** A claim's subject, locked in its transaction: a booking (after its park's capacity row) or a pass term. */
type Subject = { booking: ClaimBooking } | { term: ClaimPassTerm };

// ------------------------------------------------------------------------------- filing

/**
 * Files a claim for the driver's booking or pass (its current term), or answers the one filed with
 * the same Idempotency-Key. The claim is decided at once when a rule proves it (ruleDecision), in
 * the same transaction.
 */
export async function fileClaim(
  deps: ClaimDeps,
  userId: string,
  body: ClaimCreateBody,
  idempotencyKey: string | undefined,
): Promise<{ id: number; replayed: boolean }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fileClaimOnce(deps, userId, body, idempotencyKey);
    } catch (err) {
      // Two claims drew the same code (one in 850 billion): draw again.
      if (pgError(err).constraint === "claims_code_key" && attempt < CODE_ATTEMPTS) continue;
      throw err;
    }
  }
}

async function fileClaimOnce(
  deps: ClaimDeps,
  userId: string,
  body: ClaimCreateBody,
  idempotencyKey: string | undefined,
): Promise<{ id: number; replayed: boolean }> {
  const hash = fingerprintOf([
    body.booking_id ?? null,
    body.pass_id ?? null,
    body.reason,
    body.details ?? null,
    body.location ?? null,
  ]);
  const replay = async () => {
    if (!idempotencyKey) return null;
    const found = await repo.claimOfKey(deps.db, userId, idempotencyKey);
    if (!found) return null;
    if (found.requestHash !== hash) throw new AppError(422, "idempotency_key_reused", CLAIM_KEY_REUSED);
    return found.id;
  };
  const first = await replay();
  if (first !== null) return { id: first, replayed: true };
  const now = deps.clock();
  // Read first, unlocked: which park to lock, and the country's facts from the served countries.
  const seen = body.booking_id
    ? await repo.bookingOfDriver(deps.db, userId, body.booking_id)
    : await repo.passTermOfDriver(deps.db, userId, body.pass_id!, now);
  if (!seen) throw body.booking_id ? bookingNotFound() : passNotFound();
  const country = await servedCountries(deps.db).byId(seen.countryId);
  const hours = country?.claimDecisionHours ?? 48;
  try {
    const id = await deps.db.transaction(async (tx) => {
      const subject = await lockSubject(tx, userId, body, now);
      if ("booking" in subject && subject.booking.status === "cancelled") {
        throw new AppError(409, "booking_cancelled", CLAIM_BOOKING_CANCELLED);
      }
      const problem = windowProblem(body.reason, windowOf(subject), now);
      if (problem) throw new AppError(409, "claim_window_closed", problem);
      const existing = await repo.claimCodeOf(tx, subjectKey(subject));
      if (existing) throw claimExists(existing);
      const claim = await repo.insertClaim(tx, {
        code: readableCode("CL-", 8),
        userId,
        bookingId: "booking" in subject ? subject.booking.id : null,
        passId: "term" in subject ? subject.term.id : null,
        passPeriod: "term" in subject ? subject.term.period : null,
        parkId: parkOf(subject).parkId,
        countryId: parkOf(subject).countryId,
        reason: body.reason,
        details: body.details?.trim() || null,
        latitude: body.location?.latitude ?? null,
        longitude: body.location?.longitude ?? null,
        currency: parkOf(subject).currency,
        status: "open",
        filedAt: now,
        dueAt: dueAtOf(now, hours),
        idempotencyKey: idempotencyKey ?? null,
        requestHash: idempotencyKey ? hash : null,
      });
      const p = parkOf(subject);
      const own = "booking" in subject ? subject.booking : null;
      // A car already inside on this booking found its space: only the others fill the park.
      const live =
        body.reason !== "park_full" || own?.checkedInAt
          ? null
          : await repo.liveOccupancy(tx, p.parkId, p.vehicleTypeId, own?.id ?? null);
      const rule = live && ruleDecision(body.reason, live);
      if (rule) {
        await decideInTx(deps, tx, claim, subject, { kind: rule.decision, by: { rule: rule.rule } }, now);
      }
      return claim.id;
    });
    return { id, replayed: false };
  } catch (err) {
    const { code, constraint } = pgError(err);
    if (code === SQLSTATE.uniqueViolation) {
      if (constraint === "claims_idempotency_key") {
        const again = await replay();
        if (again !== null) return { id: again, replayed: true };
      }
      // Another claim for the same booking or term committed first.
      if (constraint === "claims_booking_key" || constraint === "claims_pass_term_key") {
        const again = await replay();
        if (again !== null) return { id: again, replayed: true };
        const existing = await repo.claimCodeOf(
          deps.db,
          body.booking_id
            ? { bookingId: seen.id }
            : { passId: seen.id, period: (seen as ClaimPassTerm).period },
        );
        throw claimExists(existing ?? "");
      }
    }
    if (err instanceof AppError && idempotencyKey) {
      const again = await replay();
      if (again !== null) return { id: again, replayed: true };
    }
    throw err;
  }
}

/** The subject's row locked: a booking after its park's capacity row (every booking change's order), or a pass. */
async function lockSubject(
  tx: Tx,
  userId: string,
  ref: { booking_id?: string | undefined; pass_id?: string | undefined },
  now: Date,
  period?: number,
): Promise<Subject> {
  if (ref.booking_id) {
    const seen = await repo.bookingOfDriver(tx, userId, ref.booking_id);
    if (!seen) throw bookingNotFound();
    await repo.lockCapacity(tx, seen.parkId, seen.vehicleTypeId);
    const booking = await repo.bookingOfDriver(tx, userId, ref.booking_id, true);
    if (!booking) throw bookingNotFound();
    return { booking };
  }
  const term = await repo.passTermOfDriver(tx, userId, ref.pass_id!, now, true, period);
  if (!term) throw passNotFound();
  return { term };
}

function windowOf(s: Subject) {
  return "booking" in s
    ? { start: s.booking.startTime, end: s.booking.endTime, boughtAt: s.booking.createdAt }
    : { start: s.term.periodStart, end: s.term.periodEnd, boughtAt: s.term.chargedAt };
}

function parkOf(s: Subject) {
  return "booking" in s ? s.booking : s.term;
}

const subjectKey = (s: Subject) =>
  "booking" in s ? { bookingId: s.booking.id } : { passId: s.term.id, period: s.term.period };

// ------------------------------------------------------------------------------- deciding

/**
 * Staff's decision on a claim (the back office checked its scope and read its row, `c`): its
 * subject and the claim locked in the order of every booking change, a claim decided already
 * refused, then the money.
 */
export async function decideClaim(
  deps: ClaimDeps,
  c: Pick<ClaimRow, "id" | "userId" | "bookingId" | "passId" | "passPeriod">,
  decision: Decision,
  inTx?: (tx: Tx, before: ClaimRow, after: ClaimRow) => Promise<void>,
): Promise<void> {
  const now = deps.clock();
  const claimId = c.id;
  await deps.db.transaction(async (tx) => {
    const subject = await lockSubject(
      tx,
      c.userId,
      c.bookingId ? { booking_id: c.bookingId } : { pass_id: c.passId! },
      now,
      c.passPeriod ?? undefined,
    );
    const claim = await repo.lockClaim(tx, claimId);
    if (!claim) throw claimNotFound();
    if (claim.status !== "open") throw new AppError(409, "claim_decided", CLAIM_DECIDED);
    const after = await decideInTx(deps, tx, claim, subject, decision, now);
    await inTx?.(tx, claim, after);
  });
}

/** What a refund of the subject could give back now, and the credit note's body for `amountMinor` of it. */
async function refundable(
  tx: Tx,
  subject: Subject,
): Promise<{ remaining: number; note: (amountMinor: number) => ReceiptBody | null }> {
  if ("booking" in subject) {
    const b = subject.booking;
    const bodies = await bodiesOf(tx, b.userId, b.code);
    if (bodies.length === 0) return { remaining: b.paidMinor, note: () => null };
    const reversal = reversalOf(bodies);
    return { remaining: givenBackBy(reversal), note: (amount) => partOfReversal(reversal, amount) };
  }
  // A pass term's: what its charge still holds (a closure's refund of it taken off).
  return passTermRefundable(tx, subject.term);
}

/**
 * The decision in the caller's transaction, its subject and claim locked: a refund through the
 * purchase engine (the booking's next move, or the pass term's own `claim:<id>` move), the
 * operator's share kept when Parkwell bears it, the claim's row, the driver's e-mail.
 */
async function decideInTx(
  deps: Pick<ClaimDeps, "jobs">,
  tx: Tx,
  claim: ClaimRow,
  subject: Subject,
  d: Decision,
  now: Date,
): Promise<ClaimRow> {
  const decided = {
    decision: d.kind,
    decisionReason: d.reason?.trim() || null,
    decidedBy: "staffId" in d.by ? d.by.staffId : null,
    decidedByRule: "rule" in d.by ? d.by.rule : null,
    decidedAt: now,
  };
  let set: Partial<ClaimRow>;
  if (d.kind === "decline") {
    set = { ...decided, status: "declined" };
  } else {
    const { remaining, note } = await refundable(tx, subject);
    if (remaining <= 0) throw new AppError(409, "nothing_to_refund", NOTHING_TO_REFUND);
    const amount = d.kind === "refund_full" ? remaining : d.amountMinor!;
    if (amount > remaining) throw AppError.validation({ amount: REFUND_TOO_LARGE });
    // A booking's full refund is the engine's own reversal of all its receipts; a part of it, or a
    // pass term's (whose purchase holds every term's receipts), the body made for that amount.
    const body = "booking" in subject && amount === remaining ? null : note(amount);
    const refundKey = await refundSubject(tx, claim, subject, amount, body, now);
    let keptKey: string | null = null;
    if (parkwellBears(claim.reason as ClaimReason)) {
      const ledgerKey = `claim:${claim.id}:kept`;
      const kept = await keepShareOfRefund(tx, {
        refundKey,
        ledgerKey,
        reference: claim.code,
        note: `Claim ${claim.code}: Parkwell bears the refund`,
        occurredAt: now,
      });
      if (kept) keptKey = ledgerKey;
    }
    set = {
      ...decided,
      status: "refunded",
      refundMinor: amount,
      refundLedgerKey: refundKey,
      keptLedgerKey: keptKey,
    };
  }
  await repo.updateClaim(tx, claim.id, set);
  await deps.jobs.send(tx, "mail", {
    key: `claim_decided:${claim.id}`,
    type: "claim_decided",
    claimId: claim.id,
  });
  return { ...claim, ...set };
}

/**
 * The refund's move through the purchase engine; its ledger key. `body`: the credit note's body,
 * or null for the engine's reversal of everything the purchase's receipts hold.
 */
async function refundSubject(
  tx: Tx,
  claim: ClaimRow,
  subject: Subject,
  amountMinor: number,
  body: ReceiptBody | null,
  now: Date,
): Promise<string> {
  const description = `Claim refund ${claim.code}`;
  if ("booking" in subject) {
    const b = subject.booking;
    const move = b.moves + 1;
    await refundPurchase(
      tx,
      BOOKING_MOVES,
      {
        id: b.id,
        code: b.code,
        userId: b.userId,
        currency: b.currency,
        countryId: b.countryId,
        parkId: b.parkId,
      },
      { move, amountMinor, description, at: now, ...(body ? { creditNote: () => body } : {}) },
    );
    await repo.bookingRefunded(tx, b.id, {
      paidMinor: Math.max(0, b.paidMinor - amountMinor),
      moves: move,
      at: now,
    });
    return `${BOOKING_MOVES.ledgerPrefix}:${b.id}:${move}`;
  }
  const refunded = await refundPassTerm(tx, subject.term, {
    move: `claim:${claim.id}`,
    amountMinor,
    description,
    at: now,
    body,
  });
  return refunded.ledgerKey;
}
