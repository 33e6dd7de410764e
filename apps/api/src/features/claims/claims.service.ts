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
import {
  BOOKING_NOT_FOUND_MESSAGE,
  CLAIM_CONFIRMABLE,
  CLAIM_DECISION_HOURS_DEFAULT,
  CLAIM_NOT_AT_GATE_MESSAGE,
  CLAIM_NOT_CONFIRMABLE_MESSAGE,
  CLAIM_REBOOK_OVER_MESSAGE,
  CLAIM_REBOOK_PASS_MESSAGE,
  CLAIM_REBOOK_REASON_MESSAGE,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { pgError, SQLSTATE } from "../../lib/pg-error";
import type { PrivateFileStorage } from "../../lib/private-files";
import { readableCode } from "../../lib/readable-code";
import { readParkWithCountry } from "../bookings/booking-core.service";
import { priorRebooking } from "../bookings/rebook.service";
import type { DifferencePayer } from "../guarantee/guarantee.domain";
import { freeAlternatives, rebookWithGuarantee, type Alternative } from "../guarantee/guarantee.service";
import { CODE_ATTEMPTS, fingerprintOf } from "../purchases/purchases.domain";
import { servedCountries } from "../reference/served-countries";
import { keepShareOfRefund } from "../settlements/operator-ledger.service";
import {
  ATTENDANT_CONFIRMED,
  atGate,
  dueAtOf,
  parkwellBears,
  rebookable,
  rebookWindow,
  ruleDecision,
  windowProblem,
} from "./claims.domain";
import { refundable, refundSubject, type Subject } from "./claims-refund.service";
import * as repo from "./claims.repo";
import type { ClaimBooking, ClaimPassTerm, ClaimRow } from "./claims.repo";

/** A claim's row, for the back office's decision (its audit entry). */
export type { ClaimRow } from "./claims.repo";

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
export const CLAIM_REBOOK_BOOKING =
  "Only an active booking whose car is not in yet can be rebooked: refund the claim instead";

export const claimNotFound = () => AppError.notFound(CLAIM_NOT_FOUND, "claim_not_found");
const bookingNotFound = () => AppError.notFound(BOOKING_NOT_FOUND_MESSAGE, "booking_not_found");
const passNotFound = () => AppError.notFound(PASS_NOT_FOUND, "pass_not_found");
const claimDecided = () => new AppError(409, "claim_decided", CLAIM_DECIDED);
const claimExists = (code: string) =>
  new AppError(409, "claim_exists", CLAIM_EXISTS, undefined, { claim_code: code });

/** What a decision does, as staff or a rule asks it. */
export interface Decision {
  /** A rebooking is rebookClaim's (the space guarantee's transaction), not a refund's. */
  kind: Exclude<ClaimDecisionKind, "rebook">;
  /** refund_part: minor units. */
  amountMinor?: number;
  reason?: string | null;
  by: DecidedBy;
}

/**
 * Who decides: staff in the back office, a rule on the park's records, or the park's attendant
 * confirming the driver's problem at the gate (with the confirmation's Idempotency-Key).
 */
export type DecidedBy =
  { staffId: string } | { rule: string } | { attendantId: string; key?: string | undefined };

/** The claim's provenance columns for `by`. */
function provenance(by: DecidedBy): Pick<ClaimRow, "decidedBy" | "decidedByRule" | "decisionKey"> {
  if ("staffId" in by) return { decidedBy: by.staffId, decidedByRule: null, decisionKey: null };
  if ("rule" in by) return { decidedBy: null, decidedByRule: by.rule, decisionKey: null };
  return { decidedBy: by.attendantId, decidedByRule: ATTENDANT_CONFIRMED, decisionKey: by.key ?? null };
}

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
    // Only when asked, so the keys of claims filed before the choice existed still replay.
    ...(body.remedy ? [body.remedy] : []),
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
  const hours = country?.claimDecisionHours ?? CLAIM_DECISION_HOURS_DEFAULT;
  try {
    const { id, rebookFirst } = await deps.db.transaction(async (tx) => {
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
        remedy: body.remedy ?? null,
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
      // park_full with "Find me a space nearby": the rule's proof is acted on once the filing commits.
      if (rule && body.remedy === "rebook" && "booking" in subject) {
        return { id: claim.id, rebookFirst: { rule: rule.rule } };
      }
      if (rule) {
        await decideInTx(deps, tx, claim, subject, { kind: rule.decision, by: { rule: rule.rule } }, now);
      }
      return { id: claim.id, rebookFirst: null };
    });
    if (rebookFirst) await rebookOrRefundByRule(deps, id, rebookFirst);
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
    if (claim.status !== "open") throw claimDecided();
    const after = await decideInTx(deps, tx, claim, subject, decision, now);
    await inTx?.(tx, claim, after);
  });
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
    ...provenance(d.by),
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
  await queueDecisionMail(deps, tx, claim.id);
  return { ...claim, ...set };
}

/** The driver's e-mail of a decision, in the decision's transaction (once per claim: its key). */
async function queueDecisionMail(deps: Pick<ClaimDeps, "jobs">, tx: Tx, claimId: number): Promise<void> {
  await deps.jobs.send(tx, "mail", {
    key: `claim_decided:${claimId}`,
    type: "claim_decided",
    claimId,
  });
}

// ------------------------------------------------------------------------------- rebooking

/** A `rebook` decision: the park chosen, the words the driver reads, who decided. */
export interface RebookDecision {
  parkId: number;
  reason?: string | null;
  by: Decision["by"];
  /** Staff's Idempotency-Key: a replay answers the decision made rather than "already decided". */
  idempotencyKey?: string | undefined;
}

/** What a claim's rebooking moves: its booking, the window it takes, who pays the difference. */
export interface RebookTarget {
  booking: ClaimBooking;
  window: { start: Date; end: Date };
  payer: DifferencePayer;
}

/**
 * What a claim's rebooking would move at `now`, read unlocked (the rebooking checks the booking
 * and the claim again under its locks): a booking's claim (not a pass's) of a reason a space
 * mends, still open, its booking active with its car not in, and what is left of its window. The
 * difference is the claimed park's operator's (the problems at the park are its own, decision
 * 057), Parkwell's for a park Parkwell runs.
 */
export async function rebookTarget(
  deps: Pick<ClaimDeps, "db">,
  c: ClaimRow,
  now: Date,
): Promise<RebookTarget> {
  if (!c.bookingId) {
    throw AppError.validation({ decision: CLAIM_REBOOK_PASS_MESSAGE }, CLAIM_REBOOK_PASS_MESSAGE);
  }
  if (!rebookable(c.reason as ClaimReason)) {
    throw AppError.validation({ decision: CLAIM_REBOOK_REASON_MESSAGE }, CLAIM_REBOOK_REASON_MESSAGE);
  }
  if (c.status !== "open") throw claimDecided();
  const booking = await repo.bookingOfDriver(deps.db, c.userId, c.bookingId);
  if (!booking) throw bookingNotFound();
  if (booking.status !== "active" || booking.checkedInAt) {
    throw new AppError(409, "booking_not_rebookable", CLAIM_REBOOK_BOOKING);
  }
  const window = rebookWindow(booking, now);
  if (!window) throw new AppError(409, "claim_window_over", CLAIM_REBOOK_OVER_MESSAGE);
  const operatorId = await repo.parkOperator(deps.db, c.parkId);
  return {
    booking,
    window,
    payer: operatorId === null ? { kind: "parkwell" } : { kind: "operator", operatorId },
  };
}

/**
 * The parks a claim's booking may move to for what is left of its window, nearest first, with
 * their price: the space guarantee's own list (freeAlternatives), for that window.
 */
export async function rebookParks(
  deps: Pick<ClaimDeps, "db" | "clock">,
  c: ClaimRow,
): Promise<RebookTarget & { alternatives: Alternative[]; decimals: number }> {
  const now = deps.clock();
  const target = await rebookTarget(deps, c, now);
  const b = target.booking;
  const fromPark = await readParkWithCountry(deps.db, b.parkId, b.vehicleTypeId);
  const alternatives = fromPark
    ? await freeAlternatives(deps.db, { ...b, startTime: target.window.start }, fromPark, now)
    : [];
  return { ...target, alternatives, decimals: fromPark?.decimals ?? 0 };
}

/**
 * A claim decided `rebook`: the space guarantee's rebooking (decision 058) of the claimed booking
 * at `d.parkId` for what is left of its window, the claimed park's operator paying the difference,
 * in one transaction: under the rebooking's locks (the new park's capacity row, the booking) the
 * claim is locked and refused when already decided (`check`), and decided with the new booking
 * in `settle`, with the driver's e-mail and the caller's `inTx` (the audit entry). A cancellation
 * or another decision racing it finds the booking cancelled or the claim decided: settled once.
 * A replay with the same Idempotency-Key answers the decision made (`replayed`).
 */
export async function rebookClaim(
  deps: ClaimDeps,
  c: ClaimRow,
  d: RebookDecision,
  inTx?: (tx: Tx, before: ClaimRow, after: ClaimRow) => Promise<void>,
  /** rebookTarget's answer when the caller has just read it (rebookParks). */
  known?: RebookTarget,
): Promise<{ replayed: boolean }> {
  // Staff's key, scoped to the claim: the rebooking's purchases row holds it under the driver.
  const key = d.idempotencyKey ? `claim:${c.id}:${d.idempotencyKey}` : undefined;
  if (key && c.bookingId) {
    const prior = await priorRebooking(deps.db, {
      userId: c.userId,
      bookingId: c.bookingId,
      parkId: d.parkId,
      idempotencyKey: key,
    });
    if (prior) return { replayed: true };
  }
  const target = known ?? (await rebookTarget(deps, c, deps.clock()));
  let before: ClaimRow | undefined;
  const { replayed } = await rebookWithGuarantee(deps, {
    userId: c.userId,
    bookingId: target.booking.id,
    parkId: d.parkId,
    payer: target.payer,
    closedParkId: c.parkId,
    idempotencyKey: key,
    startTime: target.window.start,
    // The booking's own confirmation: the claim's decision e-mail says why it was moved.
    mail: "booked",
    check: async (tx) => {
      before = await repo.lockClaim(tx, c.id);
      if (!before) throw claimNotFound();
      if (before.status !== "open") throw claimDecided();
    },
    settle: async (tx, done) => {
      const set: Partial<ClaimRow> = {
        status: "rebooked",
        decision: "rebook",
        decisionReason: d.reason?.trim() || null,
        ...provenance(d.by),
        decidedAt: done.at,
        rebookedBookingId: done.booking.id,
      };
      await repo.updateClaim(tx, c.id, set);
      await queueDecisionMail(deps, tx, c.id);
      await inTx?.(tx, before!, { ...before!, ...set });
    },
  });
  return { replayed };
}

/** `run`'s answer, or null when it was refused (an AppError). */
async function unlessRefused<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return null;
  }
}

/**
 * The driver's "Find me a space nearby" acted on: rebooked at once at the nearest park free for
 * what is left of the window; when none can take it (none listed, or the nearest filled or refused
 * meanwhile), refunded in full. A claim decided in between is refused as decided.
 */
async function rebookOrRefund(
  deps: ClaimDeps,
  c: ClaimRow,
  by: DecidedBy,
  inTx?: (tx: Tx, before: ClaimRow, after: ClaimRow) => Promise<void>,
): Promise<void> {
  const found = await unlessRefused(() => rebookParks(deps, c));
  const nearest = found?.alternatives[0];
  if (
    nearest &&
    (await unlessRefused(() => rebookClaim(deps, c, { parkId: nearest.park.id, by }, inTx, found)))
  )
    return;
  const latest = (await repo.claimView(deps.db, c.id))?.row;
  if (!latest) throw claimNotFound();
  if (latest.status !== "open") throw claimDecided();
  await decideClaim(deps, latest, { kind: "refund_full", by }, inTx);
}

/**
 * The rule's path when the driver asked for a space nearby (park_full, the gate's records proving
 * it full): rebookOrRefund. A claim staff decided in between stays as they decided it; anything
 * else refused leaves the claim open for staff.
 */
async function rebookOrRefundByRule(deps: ClaimDeps, claimId: number, by: { rule: string }): Promise<void> {
  const c = (await repo.claimView(deps.db, claimId))?.row;
  if (!c || c.status !== "open") return;
  await unlessRefused(() => rebookOrRefund(deps, c, by));
}

// ------------------------------------------------------------------------------- the attendant

/**
 * The park's attendant confirms a driver's problem at the gate (a claim of a reason the gate sees,
 * filed within GATE_CLAIM_HOURS; the caller checked the park's scope): decided at once as the
 * park_full rule decides, `decided_by_rule` `attendant_confirmed` and `decided_by` the attendant.
 * The driver's remedy: `rebook` is rebookOrRefund, anything else a full refund, both through the
 * decision paths above (their lock order: a staff decision or a cancellation racing it settles
 * once). A replay with the same Idempotency-Key answers the decision made (`replayed`).
 */
export async function confirmClaim(
  deps: ClaimDeps,
  c: ClaimRow,
  attendantId: string,
  key: string | undefined,
  /** The caller's part of the decision's transaction (the audit entry). */
  inTx?: (tx: Tx, before: ClaimRow, after: ClaimRow) => Promise<void>,
): Promise<{ replayed: boolean }> {
  const isReplay = (row: ClaimRow | undefined) =>
    !!key && !!row && row.status !== "open" && row.decisionKey === key && row.decidedBy === attendantId;
  if (isReplay(c)) return { replayed: true };
  if (!CLAIM_CONFIRMABLE[c.reason as ClaimReason]) {
    throw new AppError(422, "claim_not_confirmable", CLAIM_NOT_CONFIRMABLE_MESSAGE);
  }
  if (c.status !== "open") throw claimDecided();
  if (!atGate(c, deps.clock())) throw new AppError(409, "claim_not_at_gate", CLAIM_NOT_AT_GATE_MESSAGE);
  const by = { attendantId, key };
  try {
    if (c.remedy === "rebook" && c.bookingId) await rebookOrRefund(deps, c, by, inTx);
    else await decideClaim(deps, c, { kind: "refund_full", by }, inTx);
  } catch (err) {
    if (err instanceof AppError && isReplay((await repo.claimView(deps.db, c.id))?.row)) {
      return { replayed: true };
    }
    throw err;
  }
  return { replayed: false };
}
