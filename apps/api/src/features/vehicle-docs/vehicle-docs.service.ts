/**
 * Vehicle document renewal in Nigeria (docs/PRODUCT-RULES.md#vehicle-documents-nigeria, decision
 * 031): the stage moves under the request's row lock (a refund at most once, through the purchase
 * engine: `vehicle_docs:<id>:<moves + 1>` and its credit note), the request's mails, reading a
 * request (the driver's, the back office's queue) and the expiry dates of issued papers. The quote
 * and the request's purchase are in vehicle-docs-purchase.service.ts, a vehicle's renewal details
 * in vehicle-docs-details.service.ts, the fee and insurer tables in vehicle-docs-tables.service.ts.
 */
import {
  VEHICLE_DOC_CANCELLABLE,
  VEHICLE_DOC_CANCEL_TOO_LATE_MESSAGE,
  VEHICLE_DOC_EXPIRIES_REQUIRED_MESSAGE,
  VEHICLE_DOC_NOT_FOUND_MESSAGE,
  VEHICLE_DOC_STAGE_REFUSED_MESSAGE,
  findVehicleDocTransition,
  type VehicleDocRequest,
  type VehicleDocStage,
  type VehicleDocType,
  type CountryService,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { listPage, offsetOf, type PageQuery } from "../../lib/pagination";
import { releaseCouponUse } from "../purchases/coupons.service";
import { refundPurchase } from "../purchases/purchases.service";
import {
  offers,
  servedCountries,
  type ServedCountries,
  type ServedCountry,
} from "../reference/served-countries";
import { DOCUMENT_NAMES } from "./vehicle-docs.domain";
import { nextStages, presentRequest, presentSummary } from "./vehicle-docs.present";
import * as repo from "./vehicle-docs.repo";
import type { RequestRow } from "./vehicle-docs.repo";

export type { RequestRow } from "./vehicle-docs.repo";

export const NIGERIA_ONLY_MESSAGE = "Vehicle document renewal is for vehicles registered in Nigeria";
export const NOT_REGISTERED_MESSAGE =
  "This vehicle is not registered in a Nigerian state: add its state of registration";
export const VEHICLE_NOT_FOUND_MESSAGE = "Vehicle not found";
export const VEHICLE_REQUIRED_MESSAGE = "Choose the vehicle whose papers to renew";
export const USE_REQUIRED_MESSAGE = "Say whether this vehicle is for private or commercial use";
export const ENGINE_REQUIRED_MESSAGE = "Add this vehicle's engine capacity";
export const STATE_REQUIRED_MESSAGE = "Choose the state that issues your licence";
export const STATE_UNKNOWN_MESSAGE = "This is not a Nigerian state";
export const PARK_UNKNOWN_MESSAGE = "Choose an open park to collect your papers";
export const PRICE_CHANGED_MESSAGE = "The price changed: check the new total before paying";
export const IDEMPOTENCY_REUSED_MESSAGE = "This Idempotency-Key was used for another request";
export const QUESTION_REQUIRED_MESSAGE = "Write the question for the driver";
export const FEE_NOT_FOUND_MESSAGE = "Fee not found";
export const NOT_ISSUED_MESSAGE = "The papers of this request are not issued yet";
/** The stages at which the papers exist: their expiry dates can be recorded. */
const ISSUED_STAGES: readonly VehicleDocStage[] = [
  "ready",
  "out_for_delivery",
  "ready_for_pickup",
  "delivered",
];
export const NOTHING_TO_RECORD_MESSAGE = "This request did not renew {document}";

/** The product line these features serve (a served country's `services`). */
export const VEHICLE_DOCS = "vehicle_docs" satisfies CountryService;

export interface VehicleDocDeps {
  db: Db;
  jobs: Jobs;
  clock: Clock;
}

/** Runs in a change's transaction with the request as it was and as it is: the back office's audit. */
export type OnChange = (tx: Tx, before: RequestRow, after: RequestRow) => Promise<void>;

export const requestNotFound = () => AppError.notFound(VEHICLE_DOC_NOT_FOUND_MESSAGE, "request_not_found");
export const notInNigeria = () => new AppError(422, "not_in_nigeria", NIGERIA_ONLY_MESSAGE);

/**
 * The country whose papers the renewal's tables (states, fees, insurers, the days' clock) are kept
 * for: the first served country whose row offers vehicle-document renewal; undefined when none does.
 */
export async function vehicleDocsCountry(
  served: ServedCountries,
  via?: Tx,
): Promise<ServedCountry | undefined> {
  const [country] = await served.offering(VEHICLE_DOCS, via);
  return country;
}

/** The user's country when it offers vehicle-document renewal (422 otherwise). */
export async function docsCountryOf(served: ServedCountries, db: Tx, userId: string) {
  const countryId = await repo.userCountryId(db, userId);
  const country = countryId === undefined ? undefined : await served.byId(countryId, db);
  if (!country || !offers(country, VEHICLE_DOCS)) throw notInNigeria();
  return country;
}

export async function queueMail(
  jobs: Jobs,
  tx: Tx,
  r: RequestRow,
  stage: VehicleDocStage,
  refundMinor: number,
  at: Date,
): Promise<void> {
  // A stage can be reached again (more information asked twice): the instant tells the mails apart.
  await jobs.send(tx, "mail", {
    key: `vehicle_docs:${r.id}:${stage}:${at.getTime()}`,
    type: "vehicle_docs",
    requestId: r.id,
    stage,
    refundMinor,
  });
}

// ---------------------------------------------------------------- stage moves

export interface MoveInput {
  code: string;
  to: VehicleDocStage;
  actor: { role: "driver" | "staff"; userId: string };
  note?: string | undefined;
  /** info_needed: the staff's question. */
  question?: string | undefined;
  /** info_needed -> submitted: the driver's answer. */
  answer?: string | undefined;
  /** -> delivered: each issued document's new expiry date (required for those not yet recorded). */
  expiries?: ExpiryEntry[] | undefined;
}

export interface ExpiryEntry {
  document_type: VehicleDocType;
  expires_on: string;
}

function stageRefused(from: string, to: string) {
  return new AppError(
    409,
    "stage_refused",
    VEHICLE_DOC_STAGE_REFUSED_MESSAGE.replace("{from}", from).replace("{to}", to),
    undefined,
    { from, to },
  );
}

/**
 * Moves a request when the stage table allows it for the actor and the delivery kind, under the
 * request's row lock (the stage read again under it, so two moves at once are judged one after the
 * other). A driver moves only their own request (404 otherwise). A driver's cancel once the request
 * is at the office is 409 `cancel_too_late`; any other pair the table refuses is 409 `stage_refused`.
 * A refunding move gives back what is not yet refunded, with its credit note, exactly once.
 */
export async function moveRequest(
  deps: VehicleDocDeps,
  input: MoveInput,
  onChange?: OnChange,
): Promise<RequestRow> {
  return deps.db.transaction(async (tx) => {
    const r = await repo.lockRequest(tx, input.code);
    if (!r) throw requestNotFound();
    const { role, userId } = input.actor;
    if (role === "driver" && r.userId !== userId) throw requestNotFound();
    const from = r.stage as VehicleDocStage;
    const delivery = r.pickupParkId !== null ? "pickup" : "delivery";
    const transition = findVehicleDocTransition(from, input.to, delivery);
    if (!transition || !transition.by.includes(role)) {
      if (
        input.to === "cancelled" &&
        !VEHICLE_DOC_CANCELLABLE.includes(from) &&
        from !== "cancelled" &&
        from !== "refunded"
      ) {
        throw new AppError(409, "cancel_too_late", VEHICLE_DOC_CANCEL_TOO_LATE_MESSAGE, undefined, { from });
      }
      throw stageRefused(from, input.to);
    }
    if (input.to === "info_needed" && !input.question?.trim()) {
      throw AppError.validation({ question: QUESTION_REQUIRED_MESSAGE });
    }

    const now = deps.clock();
    if (input.to === "delivered") {
      // The papers' new expiry dates drive the reminders: no request is delivered without them.
      const detail = await repo.requestDetail(tx, r);
      const given = input.expiries ?? [];
      const missing = detail.items.filter(
        (i) =>
          !given.some((e) => e.document_type === i.documentType) &&
          !detail.expiries.some((e) => e.documentType === i.documentType),
      );
      if (missing.length > 0) {
        throw new AppError(422, "expiries_required", VEHICLE_DOC_EXPIRIES_REQUIRED_MESSAGE, {
          expiries: VEHICLE_DOC_EXPIRIES_REQUIRED_MESSAGE,
        });
      }
      await writeExpiries(tx, r, detail.items, given, now);
    }
    const patch: Partial<RequestRow> = { stage: input.to, updatedAt: now };
    if (input.to === "info_needed") {
      patch.question = input.question!.trim();
      patch.answer = null;
    }
    if (from === "info_needed" && input.to === "submitted" && input.answer !== undefined) {
      patch.answer = input.answer.trim();
    }
    if (input.to === "cancelled" || input.to === "refunded") patch.cancelledAt = now;
    if (input.to === "delivered") patch.completedAt = now;

    let refundMinor = 0;
    if (transition.refund) {
      refundMinor = r.totalMinor - r.refundedMinor;
      if (refundMinor > 0) {
        const move = r.moves + 1;
        await refundPurchase(tx, VEHICLE_DOCS_MOVES, refundable(r), {
          move,
          amountMinor: refundMinor,
          description: `Vehicle documents refund ${r.code}`,
          at: now,
        });
        patch.moves = move;
        patch.refundedMinor = r.refundedMinor + refundMinor;
      }
      // Refunded in full: the request's coupon use counts no more against its limits.
      await releaseCouponUse(tx, r.id);
    }
    const updated = await repo.updateRequest(tx, r.id, patch);
    const note =
      input.to === "info_needed"
        ? patch.question!
        : from === "info_needed" && input.to === "submitted"
          ? (patch.answer ?? null)
          : input.note?.trim()
            ? input.note.trim().slice(0, 500)
            : null;
    await repo.insertEvent(tx, {
      requestId: r.id,
      stage: input.to,
      actorId: userId,
      actorRole: role,
      note,
      at: now,
    });
    // The driver's own answer sends the request back to be checked: they wrote it, and "your request
    // is received" was mailed once already, at submission.
    if (!(from === "info_needed" && input.to === "submitted")) {
      await queueMail(deps.jobs, tx, updated, input.to, refundMinor, now);
    }
    if (onChange) await onChange(tx, r, updated);
    return updated;
  });
}

/** A request's moves on the purchase engine: `vehicle_docs:<id>:1` its charge, then its refund. */
export const VEHICLE_DOCS_MOVES = { ledgerPrefix: "vehicle_docs" } as const;

/** A request as the purchase engine's refund reads it: a pickup's receipt is on its park's clock. */
const refundable = (r: RequestRow) => ({
  id: r.id,
  code: r.code,
  userId: r.userId,
  countryId: r.countryId,
  parkId: r.pickupParkId,
  currency: r.currency,
});

/** The driver cancels: a full refund, only before the request reaches the licensing office. */
export function cancelOwn(deps: VehicleDocDeps, userId: string, code: string) {
  return moveRequest(deps, { code, to: "cancelled", actor: { role: "driver", userId } });
}

/** The driver answers the staff's question: the request goes back to be checked. */
export function answerOwn(deps: VehicleDocDeps, userId: string, code: string, answer: string) {
  return moveRequest(deps, { code, to: "submitted", actor: { role: "driver", userId }, answer });
}

// ---------------------------------------------------------------- reading

export async function view(db: Db, r: RequestRow): Promise<VehicleDocRequest> {
  const detail = await repo.requestDetail(db, r);
  return presentRequest(r, detail, await servedCountries(db).currencyDecimals(r.currency.trim()));
}

/** One of the driver's requests; another user's is as unknown as a missing one (404). */
export async function getOwn(db: Db, userId: string, code: string): Promise<VehicleDocRequest> {
  const r = await repo.requestByCode(db, code, userId);
  if (!r) throw requestNotFound();
  return view(db, r);
}

async function summaries(db: Db, rows: RequestRow[]) {
  const { items, states, parks } = await repo.listExtras(db, rows);
  const decimals = await servedCountries(db).currencyDecimals("NGN");
  return rows.map((r) =>
    presentSummary(
      r,
      items.filter((i) => i.requestId === r.id),
      states.find((s) => s.id === r.stateId)?.code ?? "",
      decimals,
      parks.find((p) => p.id === r.pickupParkId) ?? null,
    ),
  );
}

/** The driver's requests, newest first, one page, optionally of one stage. */
export async function listOwn(
  db: Db,
  userId: string,
  q: PageQuery & { stage?: VehicleDocStage | undefined },
) {
  const { rows, total } = await repo.requestsPage(
    db,
    { userId, stage: q.stage },
    { size: q.size, offset: offsetOf(q) },
  );
  return listPage(await summaries(db, rows), total, q);
}

// ---------------------------------------------------------------- the back office

const customerOf = (c: { id: string; firstName: string; lastName: string; email: string } | undefined) => ({
  id: c?.id ?? "",
  name: c ? `${c.firstName} ${c.lastName}`.trim() : "",
  email: c?.email ?? "",
});

/** The queue, oldest first: by stage, state of issue and age (days since it was sent). */
export async function listQueue(
  db: Db,
  clock: Clock,
  q: PageQuery & {
    stage?: VehicleDocStage | undefined;
    state_code?: string | undefined;
    min_age_days?: number | undefined;
  },
) {
  let stateId: number | undefined;
  if (q.state_code) {
    const country = await vehicleDocsCountry(servedCountries(db));
    const state = country && (await repo.stateByCode(db, country.id, q.state_code));
    if (!state) return listPage([], 0, q);
    stateId = state.id;
  }
  const createdBefore =
    q.min_age_days === undefined ? undefined : new Date(clock().getTime() - q.min_age_days * 86_400_000);
  const { rows, total } = await repo.requestsPage(
    db,
    { stage: q.stage, stateId, createdBefore },
    { size: q.size, offset: offsetOf(q), oldestFirst: true },
  );
  const customers = await repo.customersOf(db, [...new Set(rows.map((r) => r.userId))]);
  const items = await summaries(db, rows);
  return listPage(
    items.map((s, i) => ({ ...s, customer: customerOf(customers.find((c) => c.id === rows[i]!.userId)) })),
    total,
    q,
  );
}

/** A request as staff see it: the driver, the timeline and the stages it may move to. */
export async function staffView(db: Db, r: RequestRow) {
  const [customer] = await repo.customersOf(db, [r.userId]);
  return { ...(await view(db, r)), customer: customerOf(customer), next_stages: nextStages(r) };
}

export async function getForStaff(db: Db, code: string) {
  const r = await repo.requestByCode(db, code);
  if (!r) throw requestNotFound();
  return staffView(db, r);
}

/**
 * Records the issued papers' expiry dates on the vehicle (or the driver, for a licence): one
 * current date per paper, the reminders' marks cleared. Only the documents the request renewed.
 */
export async function recordExpiries(
  deps: VehicleDocDeps,
  code: string,
  expiries: ExpiryEntry[],
  onChange?: OnChange,
): Promise<RequestRow> {
  return deps.db.transaction(async (tx) => {
    const r = await repo.lockRequest(tx, code);
    if (!r) throw requestNotFound();
    if (!ISSUED_STAGES.includes(r.stage as VehicleDocStage)) {
      throw new AppError(409, "not_issued", NOT_ISSUED_MESSAGE, undefined, { stage: r.stage });
    }
    const { items } = await repo.requestDetail(tx, r);
    const now = deps.clock();
    await writeExpiries(tx, r, items, expiries, now);
    const updated = await repo.updateRequest(tx, r.id, { updatedAt: now });
    if (onChange) await onChange(tx, r, updated);
    return updated;
  });
}

/**
 * Writes a request's issued papers' dates (one current date per paper, the reminders' marks
 * cleared); a document the request did not renew is a 422.
 */
async function writeExpiries(
  tx: Tx,
  r: RequestRow,
  items: readonly { documentType: string }[],
  expiries: readonly ExpiryEntry[],
  now: Date,
): Promise<void> {
  for (const e of expiries) {
    if (!items.some((i) => i.documentType === e.document_type)) {
      const message = NOTHING_TO_RECORD_MESSAGE.replace("{document}", DOCUMENT_NAMES[e.document_type]);
      throw AppError.validation({ expiries: message }, message);
    }
  }
  for (const e of expiries) {
    // The driver has one licence date: the renewed length's replaces the other's.
    if (r.type !== "vehicle_papers") await repo.deleteLicenceExpiries(tx, r.userId, e.document_type);
    await repo.upsertExpiry(tx, {
      userId: r.userId,
      vehicleId: r.type === "vehicle_papers" ? r.vehicleId : null,
      documentType: e.document_type,
      expiresOn: e.expires_on,
      source: "request",
      requestId: r.id,
      createdAt: now,
      updatedAt: now,
    });
  }
}
