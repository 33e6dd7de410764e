/**
 * The space guarantee (docs/PRODUCT-RULES.md "The space guarantee", decision 058): what a park's
 * closure hits (listed before it is saved), the offers made when it is confirmed (one per booking,
 * with its e-mail), the driver's choice (a space at another park for the same window through
 * bookings' rebookBooking, or a full refund through cancelInFull), the refund made by itself when
 * the window starts (the guarantee-refund job), and what each park's offers cost.
 */
import { AppError } from "../../lib/app-error";
import {
  GUARANTEE_ALTERNATIVES,
  OFFER_NOT_FOUND_MESSAGE,
  OFFER_SETTLED_MESSAGE,
  type ClosureAffected,
  type GuaranteeCause,
  type GuaranteePayer,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";
import { toMajor } from "../../lib/money";
import { listPage, offsetOf } from "../../lib/pagination";
import { cancelInFull } from "../bookings/bookings.service";
import { queueOfferMail } from "../bookings/bookings-mail.service";
import { priceRebooking, rebookBooking, rebookingRules, type Rebooked } from "../bookings/rebook.service";
import {
  readParksWithCountry,
  readParkWithCountry,
  type BookingDeps,
  type ParkForBooking,
} from "../bookings/booking-core.service";
import { getBookingByCode } from "../bookings/bookings.service";
import { freeSpacesOf } from "../capacity/capacity.service";
import { postOperatorMove } from "../settlements/operator-ledger.service";
import { marketingKey } from "../wallet/ledger.domain";
import { revenueShard } from "../wallet/ledger.service";
import { distanceKm, type DifferencePayer } from "./guarantee.domain";
import { owePassRefunds, sharesOf, sumOf } from "./pass-closures.service";
import * as repo from "./guarantee.repo";

export type GuaranteeDeps = Pick<BookingDeps, "db" | "clock" | "jobs">;

const offerNotFound = () => AppError.notFound(OFFER_NOT_FOUND_MESSAGE, "booking_offer_not_found");
const offerSettled = () => new AppError(409, "offer_settled", OFFER_SETTLED_MESSAGE);

/**
 * What new closure days hit at a park, with the bookings to offer the guarantee to and the monthly
 * pass terms owed their closed days (each pass listed with what confirming gives back at once, in
 * the park's currency: `money`).
 */
export async function closureHits(
  tx: Tx,
  parkId: number,
  added: readonly string[],
  now: Date,
  payer: GuaranteePayer,
  money: { currency: string; decimals: number },
): Promise<{ affected: ClosureAffected; bookings: repo.HitBooking[]; passTerms: repo.HitPassTerm[] }> {
  const bookings = added.length ? await repo.bookingsHit(tx, parkId, added, now) : [];
  const passes = added.length ? await repo.passesHit(tx, parkId, added, now) : [];
  const passTerms = added.length ? await repo.passTermsHit(tx, parkId, added, now) : [];
  const events = added.length ? await repo.eventsHit(tx, parkId, added, now) : [];
  const iso = (d: Date | string) => new Date(d).toISOString();
  const owed = new Map(passTerms.map((t) => [t.pass_code, sharesOf(t)]));
  return {
    bookings,
    passTerms,
    affected: {
      total: bookings.length + passes.length + events.length,
      bookings: bookings.slice(0, 200).map((b) => ({
        booking_code: b.booking_code,
        start_time: iso(b.start_time),
        end_time: iso(b.end_time),
        plate_number: b.plate_number,
      })),
      passes: passes.map((p) => ({
        ...p,
        refund: toMajor(sumOf(owed.get(p.pass_code) ?? []), money.decimals),
        currency: money.currency,
      })),
      events: events.map((e) => ({
        event_id: Number(e.event_id),
        name: e.name,
        window_start: iso(e.window_start),
      })),
      payer,
    },
  };
}

/**
 * A park edit's new closure days (`added`), in its transaction under the park's row lock
 * (decisions 058 and 060): what they hit, refused with `conflict` (the 409's list) until
 * `confirmed`; then each booking hit offered the guarantee, and each monthly pass term hit owed its
 * closed days (paid after the commit: payClosedPassDays). Answers how many offers and pass days.
 */
export async function closeDays(
  jobs: Jobs,
  tx: Tx,
  o: {
    parkId: number;
    added: readonly string[];
    payer: DifferencePayer;
    confirmed: boolean;
    createdBy: string | null;
    now: Date;
    money: { currency: string; decimals: number };
    conflict: (affected: ClosureAffected) => Error;
  },
): Promise<{ offered: number; owed: number }> {
  const hits = await closureHits(tx, o.parkId, o.added, o.now, o.payer.kind, o.money);
  if (hits.affected.total > 0 && !o.confirmed) throw o.conflict(hits.affected);
  const offered = await offerGuarantee(jobs, tx, {
    parkId: o.parkId,
    cause: "closure",
    payer: o.payer,
    createdBy: o.createdBy,
    now: o.now,
    bookings: hits.bookings,
  });
  const owed = await owePassRefunds(tx, {
    parkId: o.parkId,
    createdBy: o.createdBy,
    now: o.now,
    terms: hits.passTerms,
  });
  return { offered, owed };
}

/**
 * Offers the guarantee to each booking hit, in the change's transaction (the park's row locked):
 * one offer per booking (a booking already offered keeps its first offer), its e-mail queued with it.
 * Returns how many were offered.
 */
export async function offerGuarantee(
  jobs: Jobs,
  tx: Tx,
  o: {
    parkId: number;
    cause: GuaranteeCause;
    payer: DifferencePayer;
    createdBy: string | null;
    now: Date;
    bookings: repo.HitBooking[];
  },
): Promise<number> {
  const made = await repo.insertOffers(
    tx,
    o.bookings.map((b) => ({
      bookingId: b.id,
      parkId: o.parkId,
      cause: o.cause,
      payer: o.payer.kind,
      operatorId: o.payer.kind === "operator" ? o.payer.operatorId : null,
      currency: b.currency,
      createdBy: o.createdBy,
      createdAt: o.now,
    })),
  );
  const offered = new Set(made.map((m) => m.bookingId));
  for (const b of o.bookings) {
    if (!offered.has(b.id)) continue;
    await queueOfferMail(
      jobs,
      tx,
      { id: b.id, endTime: new Date(b.end_time), paidMinor: Number(b.paid_minor) },
      o.cause,
    );
  }
  return offered.size;
}

/**
 * The operator's part of a rebooking's difference, in the rebooking's transaction, after the new
 * booking's charge (the lock order of every booking: revenue shards, then the operator's): its
 * account gives back to Parkwell's marketing account what it fronted to the driver's wallet.
 */
async function operatorPays(tx: Tx, payer: DifferencePayer, parkId: number, done: Rebooked): Promise<void> {
  if (payer.kind !== "operator" || done.differenceMinor <= 0) return;
  const currency = done.booking.currency.trim();
  await postOperatorMove(tx, {
    operatorId: payer.operatorId,
    currency,
    kind: "guarantee",
    ledgerKind: "operator_adjustment",
    ledgerKey: `guarantee:${done.first.id}:operator`,
    shard: 0,
    counterAccount: {
      key: marketingKey(currency, revenueShard(done.first.id)),
      kind: "marketing_spend",
      currency,
    },
    amountMinor: -done.differenceMinor,
    grossMinor: 0,
    commissionMinor: 0,
    parkId,
    reference: done.first.bookingCode,
    note: `Space guarantee: ${done.first.bookingCode} moved to ${done.booking.bookingCode}`,
    description: `Space guarantee ${done.first.bookingCode}`,
    occurredAt: done.at,
  });
}

/**
 * A rebooking with the guarantee's difference paid by `payer` (Parkwell, or the operator whose
 * park `parkId` closed): bookings' rebookBooking, with the operator's part posted in its
 * transaction. For the offers below, and for another feature's decision (a driver's claim).
 */
export function rebookWithGuarantee(
  deps: GuaranteeDeps,
  r: {
    userId: string;
    bookingId: string;
    parkId: number;
    payer: DifferencePayer;
    /** The park whose operator pays, named on its line. */
    closedParkId: number;
    idempotencyKey?: string | undefined;
    /** What is left of a window already begun: the new booking's start (a claim's rebooking). */
    startTime?: Date | undefined;
    /** The new booking's e-mail when not the guarantee's `rebooked` (a claim's: `booked`). */
    mail?: "booked" | "rebooked" | undefined;
    check?: (tx: Tx, first: Rebooked["first"]) => Promise<void>;
    settle?: (tx: Tx, done: Rebooked) => Promise<void>;
  },
) {
  return rebookBooking(deps, {
    userId: r.userId,
    bookingId: r.bookingId,
    parkId: r.parkId,
    idempotencyKey: r.idempotencyKey,
    startTime: r.startTime,
    mail: r.mail,
    check: r.check,
    settle: async (tx, done) => {
      await operatorPays(tx, r.payer, r.closedParkId, done);
      await r.settle?.(tx, done);
    },
  });
}

const payerOf = (o: repo.OfferRow): DifferencePayer =>
  o.payer === "operator" && o.operatorId !== null
    ? { kind: "operator", operatorId: o.operatorId }
    : { kind: "parkwell" };

/** The driver's choice of another park: the offer locked after the booking, settled once. */
export async function rebookOffer(
  deps: GuaranteeDeps,
  userId: string,
  code: string,
  parkId: number,
  idempotencyKey: string | undefined,
) {
  const found = await repo.offerByCode(deps.db, userId, code.toUpperCase());
  if (!found) throw offerNotFound();
  const offer = await repo.offerOf(deps.db, found.booking_id);
  if (!offer) throw offerNotFound();
  return rebookWithGuarantee(deps, {
    userId,
    bookingId: found.booking_id,
    parkId,
    payer: payerOf(offer),
    closedParkId: offer.parkId,
    idempotencyKey,
    check: async (tx, first) => {
      const locked = await repo.lockOffer(tx, first.id);
      if (!locked || locked.status !== "open") throw offerSettled();
    },
    settle: async (tx, done) => {
      await repo.settleOffer(tx, offer.id, {
        status: "rebooked",
        settledAt: done.at,
        refundedMinor: done.refundedMinor,
        differenceMinor: done.differenceMinor,
        rebookedBookingId: done.booking.id,
      });
    },
  });
}

/**
 * The refund of an offer's booking, in full, fees included: asked by the driver, or made by the
 * job when the window starts. The offer is locked after the booking and settled once; a booking no
 * longer active (cancelled by its driver, its car in) lapses the offer, nothing moved.
 */
async function refundOfferBooking(
  deps: GuaranteeDeps,
  target: { bookingId: string; parkId: number; vehicleTypeId: number; cause: GuaranteeCause },
  settledAnswer: () => AppError | null,
): Promise<boolean> {
  return cancelInFull(
    deps,
    { id: target.bookingId, parkId: target.parkId, vehicleTypeId: target.vehicleTypeId },
    {
      template: target.cause === "capacity" ? "capacity_refunded" : "closure_refunded",
      description: "Space guarantee: refund",
      guard: async (tx, b, now) => {
        const offer = await repo.lockOffer(tx, target.bookingId);
        if (!offer || offer.status !== "open") {
          const refusal = settledAnswer();
          if (refusal) throw refusal;
          return false;
        }
        if (!b || b.checkedInAt) {
          await repo.settleOffer(tx, offer.id, { status: "lapsed", settledAt: now });
          return false;
        }
        return true;
      },
      after: async (tx, b, refundedMinor, now) => {
        const offer = (await repo.offerOf(tx, b.id))!;
        await repo.settleOffer(tx, offer.id, { status: "refunded", settledAt: now, refundedMinor });
      },
    },
  );
}

/** POST /booking-offers/{code}/refund: the driver takes the refund. */
export async function refundOffer(deps: GuaranteeDeps, userId: string, code: string): Promise<void> {
  const found = await repo.offerByCode(deps.db, userId, code.toUpperCase());
  if (!found) throw offerNotFound();
  await refundOfferBooking(
    deps,
    {
      bookingId: found.booking_id,
      parkId: found.park_id,
      vehicleTypeId: found.vehicle_type_id,
      cause: found.cause,
    },
    offerSettled,
  );
}

/**
 * The `guarantee-refund` job (every minute): the open offers whose window has started are refunded,
 * each in its own transaction; run twice or by two processes, each is refunded once. One offer's
 * failure does not hold back the others: the run tries every due offer once, then throws the first
 * error, so the job is retried.
 */
export async function refundDueOffers(deps: GuaranteeDeps): Promise<number> {
  const now = deps.clock();
  let done = 0;
  let first: unknown = null;
  const tried: number[] = [];
  for (;;) {
    const due = await repo.dueOffers(deps.db, now, 50, tried);
    if (due.length === 0) break;
    for (const o of due) {
      tried.push(o.id);
      const target = {
        bookingId: o.booking_id,
        parkId: o.park_id,
        vehicleTypeId: o.vehicle_type_id,
        cause: o.cause,
      };
      try {
        if (await refundOfferBooking(deps, target, () => null)) done += 1;
      } catch (err) {
        first ??= err;
      }
    }
  }
  if (first) throw first;
  return done;
}

/** The driver's offer page: the booking hit, and the parks free for its window, nearest first. */
export async function offerView(deps: Pick<GuaranteeDeps, "db" | "clock">, userId: string, code: string) {
  const { db } = deps;
  const found = await repo.offerByCode(db, userId, code.toUpperCase());
  if (!found) throw offerNotFound();
  const booking = await getBookingByCode(db, userId, code);
  const offer = (await repo.offerOf(db, booking.id))!;
  const now = deps.clock();
  const open = offer.status === "open" && booking.status === "active" && !booking.checkedInAt;
  const fromPark = await readParkWithCountry(db, booking.parkId, booking.vehicleTypeId);
  const alternatives = open && fromPark ? await freeAlternatives(db, booking, fromPark, now) : [];
  return {
    booking,
    offer,
    parkName: found.park_name,
    timeZone: found.time_zone,
    vehicleType: found.vehicle_type,
    decimals: fromPark?.decimals ?? 0,
    alternatives,
    rebookedCode: await repo.bookingCodeOf(db, offer.rebookedBookingId),
  };
}

/**
 * The parks a booking may move to for the window it is given (its own, or what is left of it),
 * nearest first, at most GUARANTEE_ALTERNATIVES: free for the whole window (the capacity engine), open and
 * selling its vehicle type, priced today by priceRebooking, with what the guarantee covers above
 * what was paid or gives back below it. The guarantee's offer page and a claim's rebooking
 * (decision 057) list the same parks.
 */
export async function freeAlternatives(
  db: Db,
  booking: {
    parkId: number;
    vehicleTypeId: number;
    currency: string;
    paidMinor: number;
    startTime: Date;
    endTime: Date;
  },
  fromPark: ParkForBooking,
  now: Date,
): Promise<Alternative[]> {
  const alternatives: Alternative[] = [];
  const here = await repo.parkPoint(db, booking.parkId);
  const candidates = await repo.nearestParks(db, booking.parkId, booking.vehicleTypeId, 20);
  const ids = candidates.map((c) => c.id);
  // The candidates' free spaces and their parks as a booking reads them: one statement each.
  const [free, parks] = await Promise.all([
    freeSpacesOf(db, ids, booking.vehicleTypeId, booking.startTime, booking.endTime),
    readParksWithCountry(db, ids, booking.vehicleTypeId),
  ]);
  // Each priced as the rebooking will be: by the busy-time rule its park would price the window by.
  const rules = await rebookingRules(
    db,
    [...parks.values()],
    { start: booking.startTime, end: booking.endTime },
    free,
  );
  for (const c of candidates) {
    if (alternatives.length >= GUARANTEE_ALTERNATIVES) break;
    const spaces = free.get(c.id)?.available ?? 0;
    if (spaces <= 0) continue;
    try {
      const { breakdown } = priceRebooking(booking, fromPark, parks.get(c.id), now, rules.get(c.id) ?? null);
      alternatives.push({
        park: c,
        distanceKm: here ? distanceKm(here, c) : 0,
        freeSpaces: spaces,
        priceMinor: breakdown.totalMinor,
        coveredMinor: Math.max(0, breakdown.totalMinor - booking.paidMinor),
        returnedMinor: Math.max(0, booking.paidMinor - breakdown.totalMinor),
      });
    } catch (err) {
      // Closed for the window, or not selling this type: not offered.
      if (!(err instanceof AppError)) throw err;
    }
  }
  return alternatives;
}

export interface Alternative {
  park: repo.Candidate;
  distanceKm: number;
  freeSpaces: number;
  priceMinor: number;
  coveredMinor: number;
  returnedMinor: number;
}

/**
 * A park's offers and what its closures cost, per currency (the back office): the offers' refunds
 * and differences, and what monthly passes got back for their closed days.
 */
export async function parkOffers(db: Db, parkId: number, q: { page: number; size: number }) {
  const [rows, offerTotals, passTotals] = await Promise.all([
    repo.parkOffers(db, parkId, q.size, offsetOf(q)),
    repo.parkOfferTotals(db, parkId),
    repo.parkPassRefundTotals(db, parkId),
  ]);
  const total = offerTotals.reduce((n, t) => n + Number(t.n), 0);
  const none = { refunded: 0, operator_paid: 0, parkwell_paid: 0, open: 0 };
  const currencies = [...new Set([...offerTotals, ...passTotals].map((t) => t.currency.trim()))].sort();
  const totals = currencies.map((currency) => ({
    ...none,
    ...offerTotals.find((t) => t.currency.trim() === currency),
    currency,
    passes_refunded: Number(passTotals.find((t) => t.currency.trim() === currency)?.refunded ?? 0),
  }));
  return { page: listPage(rows, total, q), totals };
}
