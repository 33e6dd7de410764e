/**
 * Operators' payouts (issue #65; docs/PRODUCT-RULES.md "Operators' money"): one per closed
 * statement whose balance is above its currency's minimum, made by the payouts job in one
 * transaction (the row, and the operator's account moved to the payouts in transit through
 * `postOperatorMove`), then sent outside any transaction under a short lease on the row, with the
 * payout's idempotency key, to the account usable at that moment (recorded on the payout, so every
 * retry pays the same one). The provider's webhook (or the job's question, for a provider without
 * one) settles it once: paid moves the money from in transit to the provider's clearing account;
 * failed or reversed gives it back to the operator's balance with the provider's words.
 */
import { randomUUID } from "node:crypto";
import type { PayoutProvider } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { Clock } from "../../lib/clock";
import type { Language } from "../../lib/language";
import { AppError } from "../../lib/app-error";
import { listPage, offsetOf } from "../../lib/pagination";
import {
  METHOD_OF,
  type PayoutMethod,
  type TransferEvent,
  type TransferProvider,
  type TransferReport,
} from "../payments/providers/transfers";
import { ProviderRejectedError, ProviderUnavailableError } from "../payments/providers/types";
import type { Payments } from "../payments/registry";
import type { ServedCountries } from "../reference/served-countries";
import { lockOperatorBalance, postOperatorMove } from "../settlements/operator-ledger.service";
import { clearingKey, payoutsInTransitKey } from "../wallet/ledger.domain";
import { postTransfer } from "../wallet/ledger.service";
import { channelOf, transfersOf } from "./payout-accounts.service";
import * as accounts from "./payout-accounts.repo";
import {
  ACCOUNT_ON_HOLD,
  fill,
  HELD,
  NO_ACCOUNT,
  NO_KEYS,
  PAYOUT_LEASE_MS,
  payable,
  payoutNumber,
  transition,
  UNREACHABLE,
} from "./payouts.domain";
import { presentPayout } from "./payouts.present";
import * as repo from "./payouts.repo";

export interface PayoutDeps {
  db: Db;
  clock: Clock;
  payments: Payments;
  countries: ServedCountries;
}

/** The method of a payout's provider: its own, or for the demo's the operator's country's. */
async function methodOf(
  d: PayoutDeps,
  provider: PayoutProvider,
  countryId: number | null,
): Promise<PayoutMethod | null> {
  if (provider !== "demo") return METHOD_OF[provider];
  const country = countryId === null ? undefined : await d.countries.byId(countryId);
  return country ? (channelOf(d.payments, country.gateway)?.method ?? null) : null;
}

/**
 * The payout of one statement, if its balance is payable: the row and the operator's move in one
 * transaction, under the operator's balance lock. The amount is the statement's closing balance,
 * or less when refunds since the close lowered the balance; a balance under the minimum (or
 * negative) is carried. Null: nothing to pay, or another run made it.
 */
export async function createPayout(d: PayoutDeps, s: repo.DueSettlement): Promise<number | null> {
  const now = d.clock();
  return d.db.transaction(async (tx) => {
    const operator = await accounts.findOperator(tx, s.operator_id);
    const country =
      operator?.country_id == null ? undefined : await d.countries.byId(operator.country_id, tx);
    const channel = country ? channelOf(d.payments, country.gateway) : null;
    if (!channel) return null;
    const balance = await lockOperatorBalance(tx, s.operator_id, s.currency);
    const amount = Math.min(Number(s.closing_minor), balance);
    if (!payable(amount, s.currency)) return null;
    const id = await repo.insertPayout(tx, {
      operatorId: s.operator_id,
      settlementId: s.id,
      currency: s.currency,
      amountMinor: amount,
      provider: channel.provider,
      idempotencyKey: `payout-${randomUUID()}`,
      now,
    });
    if (id === null) return null;
    await postOperatorMove(tx, {
      operatorId: s.operator_id,
      currency: s.currency,
      kind: "payout",
      ledgerKind: "payout",
      ledgerKey: `payout:${id}`,
      shard: 0,
      counterAccount: {
        key: payoutsInTransitKey(channel.provider, s.currency),
        kind: "provider_clearing",
        currency: s.currency,
      },
      amountMinor: -amount,
      grossMinor: 0,
      commissionMinor: 0,
      reference: payoutNumber(id),
      description: `Payout ${payoutNumber(id)}`,
      occurredAt: now,
    });
    return id;
  });
}

type Claim =
  | { kind: "skip" }
  | { kind: "waiting"; reason: string }
  | {
      kind: "send";
      payout: repo.PayoutRow;
      account: accounts.AccountRow;
      transfers: TransferProvider;
    };

/** Takes a payout for one provider call (its lease), or says why it waits; in one short transaction. */
async function claim(d: PayoutDeps, id: number): Promise<Claim> {
  const now = d.clock();
  return d.db.transaction(async (tx): Promise<Claim> => {
    const payout = await repo.findPayout(tx, id, true);
    if (!payout || !payout.provider) return { kind: "skip" };
    if (payout.status !== "waiting" && payout.status !== "sending") return { kind: "skip" };
    if (payout.lease_until && new Date(payout.lease_until).getTime() > now.getTime()) return { kind: "skip" };
    const wait = async (reason: string): Promise<Claim> => {
      await repo.updatePayout(tx, id, { status: "waiting", reason, leaseUntil: null, now });
      return { kind: "waiting", reason };
    };
    const operator = await accounts.findOperator(tx, payout.operator_id);
    if (operator?.payouts_held_reason) return wait(fill(HELD, { reason: operator.payouts_held_reason }));
    const method = await methodOf(d, payout.provider, payout.country_id);
    const transfers = method ? transfersOf(d.payments, payout.provider, method) : null;
    if (!transfers) return wait(fill(NO_KEYS, { provider: payout.provider }));
    // The account it was first sent to, on every retry; else the one usable now.
    const account = payout.payout_account_id
      ? await accounts.findAccount(tx, payout.payout_account_id)
      : await accounts.usableAccount(tx, {
          operatorId: payout.operator_id,
          currency: payout.currency,
          provider: payout.provider,
          at: now,
        });
    if (!account) {
      const from = await accounts.activeUsableFrom(tx, {
        operatorId: payout.operator_id,
        currency: payout.currency,
        provider: payout.provider,
      });
      return wait(
        from && from > now
          ? fill(ACCOUNT_ON_HOLD, { time: from.toISOString() })
          : fill(NO_ACCOUNT, { currency: payout.currency }),
      );
    }
    await repo.updatePayout(tx, id, {
      status: "sending",
      reason: null,
      payoutAccountId: account.id,
      leaseUntil: new Date(now.getTime() + PAYOUT_LEASE_MS),
      attempt: true,
      now,
    });
    return { kind: "send", payout: { ...payout, status: "sending" }, account, transfers };
  });
}

/**
 * Sends one payout if it may go (not held, the provider has keys, an account is usable): the
 * provider's call outside any transaction, its answer applied after. A provider out of reach leaves
 * it to the next run (same key); a refusal fails it, giving the amount back with the provider's words.
 */
export async function sendPayout(d: PayoutDeps, id: number): Promise<string> {
  const c = await claim(d, id);
  if (c.kind !== "send") return c.kind;
  let report: TransferReport;
  try {
    report = await c.transfers.send({
      idempotencyKey: c.payout.idempotency_key,
      amountMinor: c.payout.amount_minor,
      currency: c.payout.currency,
      recipient: c.account.provider_recipient,
      destination: c.account.destination,
      holderName: c.account.holder_name,
      narration: `Parkwell payout ${payoutNumber(c.payout.id)}`,
    });
  } catch (err) {
    if (err instanceof ProviderUnavailableError) {
      await d.db.transaction((tx) =>
        repo.updatePayout(tx, id, {
          status: "sending",
          reason: UNREACHABLE,
          leaseUntil: null,
          now: d.clock(),
        }),
      );
      return "unreachable";
    }
    if (err instanceof ProviderRejectedError) {
      const words = err.message.replace(/^\w+ refused \(\d+\): /, "");
      return applyReport(d, id, {
        providerReference: c.payout.provider_reference ?? "",
        status: "failed",
        reason: words,
      });
    }
    throw err;
  }
  return applyReport(d, id, report);
}

/**
 * What the provider says of a payout's transfer, applied once under the row's lock (the table in
 * payouts.domain `transition`): pending marks it sent; paid, failed and reversed settle it.
 * Answers what happened ("sent", "paid", "failed", "reversed", "unchanged").
 */
export async function applyReport(d: PayoutDeps, id: number, report: TransferReport): Promise<string> {
  const now = d.clock();
  return d.db.transaction(async (tx) => {
    const payout = await repo.findPayout(tx, id, true);
    if (!payout || !payout.provider) return "unchanged";
    const reference = report.providerReference || undefined;
    if (report.status === "pending") {
      if (payout.status !== "sending" && payout.status !== "waiting") return "unchanged";
      await repo.updatePayout(tx, id, {
        status: "sent",
        reason: null,
        leaseUntil: null,
        sentAt: now,
        ...(reference && !payout.provider_reference ? { providerReference: reference } : {}),
        now,
      });
      return "sent";
    }
    const move = transition(payout.status, report.status);
    if (!move) return "unchanged";
    await settle(tx, payout, move, report.reason, now);
    await repo.updatePayout(tx, id, {
      status: move,
      reason: move === "paid" ? null : (report.reason ?? move),
      leaseUntil: null,
      settledAt: now,
      ...(payout.sent_at ? {} : { sentAt: now }),
      ...(reference && !payout.provider_reference ? { providerReference: reference } : {}),
      now,
    });
    return move;
  });
}

/** The ledger's side of a settled payout. */
async function settle(
  tx: Tx,
  payout: repo.PayoutRow,
  move: "paid" | "failed" | "reversed",
  reason: string | null,
  now: Date,
): Promise<void> {
  const provider = payout.provider!;
  const inTransit = {
    key: payoutsInTransitKey(provider, payout.currency),
    kind: "provider_clearing" as const,
    currency: payout.currency,
  };
  const clearing = {
    key: clearingKey(provider, payout.currency),
    kind: "provider_clearing" as const,
    currency: payout.currency,
  };
  if (move === "paid") {
    await postTransfer(tx, {
      idempotencyKey: `payout_settled:${payout.id}`,
      kind: "payout_settled",
      reference: payoutNumber(payout.id),
      description: `Payout ${payoutNumber(payout.id)} paid`,
      lines: [
        { account: inTransit, amountMinor: -payout.amount_minor },
        { account: clearing, amountMinor: payout.amount_minor },
      ],
    });
    return;
  }
  // Given back: from in transit, or, once paid and then reversed, from the provider's balance. The
  // operator's shards first, as a payout's making locks them, so the two never wait on each other
  // in a cycle (ledger_post locks a move's two accounts in id order).
  await lockOperatorBalance(tx, payout.operator_id, payout.currency);
  await postOperatorMove(tx, {
    operatorId: payout.operator_id,
    currency: payout.currency,
    kind: "payout_returned",
    ledgerKind: "payout_returned",
    ledgerKey: `payout_returned:${payout.id}`,
    shard: 0,
    counterAccount: payout.status === "paid" ? clearing : inTransit,
    amountMinor: payout.amount_minor,
    grossMinor: 0,
    commissionMinor: 0,
    reference: payoutNumber(payout.id),
    note: reason ?? move,
    description: `Payout ${payoutNumber(payout.id)} ${move}`,
    occurredAt: now,
  });
}

/**
 * A provider's signed transfer event (its webhook, delivered once, twice or out of order): the
 * provider is asked what the transfer is now, and that is applied (the event's own word when the
 * provider still says pending or does not know it). Answers what happened, "unknown" for a
 * transfer that is not a payout.
 */
export async function handleTransferEvent(
  d: PayoutDeps,
  provider: PayoutProvider,
  event: TransferEvent,
): Promise<string> {
  const id = await repo.findByTransfer(d.db, provider, event);
  if (id === null) return "unknown";
  const payout = await repo.findPayout(d.db, id);
  const method = payout ? await methodOf(d, provider, payout.country_id) : null;
  const transfers = method ? transfersOf(d.payments, provider, method) : null;
  const truth = transfers
    ? await transfers.retrieve({
        providerReference: event.providerReference,
        idempotencyKey: payout!.idempotency_key,
      })
    : null;
  const report: TransferReport =
    truth && truth.status !== "pending"
      ? truth
      : { providerReference: event.providerReference, status: event.status, reason: event.reason };
  return applyReport(d, id, report);
}

/** Asks the provider about a sent payout (Wave's have no webhook; any other's may have been missed). */
export async function pollPayout(d: PayoutDeps, id: number): Promise<string> {
  const payout = await repo.findPayout(d.db, id);
  if (!payout?.provider || payout.status !== "sent") return "unchanged";
  const method = await methodOf(d, payout.provider, payout.country_id);
  const transfers = method ? transfersOf(d.payments, payout.provider, method) : null;
  if (!transfers) return "unchanged";
  let report;
  try {
    report = await transfers.retrieve({
      providerReference: payout.provider_reference,
      idempotencyKey: payout.idempotency_key,
    });
  } catch (err) {
    if (err instanceof ProviderUnavailableError) return "unreachable";
    throw err;
  }
  if (!report || report.status === "pending") return "unchanged";
  return applyReport(d, id, report);
}

/**
 * The payouts job's run: a payout for each statement that has become payable, then every payout
 * due sent, and every sent one asked about. One payout's failure does not stop the others; the
 * first is thrown at the end, so the run is retried.
 */
export async function runPayouts(
  d: PayoutDeps,
): Promise<{ created: number; outcomes: Record<string, number> }> {
  let created = 0;
  const outcomes: Record<string, number> = {};
  let first: unknown = null;
  const count = (outcome: string) => (outcomes[outcome] = (outcomes[outcome] ?? 0) + 1);
  for (const s of await repo.dueSettlements(d.db)) {
    try {
      if ((await createPayout(d, s)) !== null) created += 1;
    } catch (err) {
      first ??= err;
    }
  }
  for (const p of await repo.duePayouts(d.db, d.clock())) {
    try {
      count(p.status === "sent" ? await pollPayout(d, p.id) : await sendPayout(d, p.id));
    } catch (err) {
      first ??= err;
    }
  }
  if (first) throw first;
  return { created, outcomes };
}

export const PAYOUT_NOT_FOUND = "Payout not found";

/** GET /admin/payouts: the payouts in the caller's scope (an operator's, or every one), newest first. */
export async function listPayouts(
  d: PayoutDeps,
  scope: number | null,
  query: repo.PayoutFilter & { page: number; size: number },
  language: Language,
) {
  if (scope !== null && query.operatorId !== undefined && query.operatorId !== scope) {
    return listPage([], 0, query);
  }
  const { rows, total } = await repo.listPayouts(
    d.db,
    { ...query, operatorId: scope ?? query.operatorId },
    { limit: query.size, offset: offsetOf(query) },
  );
  const decimals = await d.countries.decimalsOfAll(rows.map((r) => r.currency));
  return listPage(
    rows.map((r) => presentPayout(r, decimals(r.currency) ?? 2, language)),
    total,
    query,
  );
}

/** GET /admin/payouts/{id}: one payout in the caller's scope, else the 404. */
export async function getPayout(d: PayoutDeps, scope: number | null, id: number, language: Language) {
  const row = await repo.findPayout(d.db, id);
  if (!row || (scope !== null && row.operator_id !== scope)) {
    throw AppError.notFound(PAYOUT_NOT_FOUND, "payout_not_found");
  }
  return presentPayout(row, await d.countries.currencyDecimals(row.currency), language);
}

/** GET /admin/payouts/operators: the operators in the caller's scope, with their holds. */
export async function payoutOperators(d: PayoutDeps, scope: number | null) {
  const rows = await accounts.listOperators(d.db, scope);
  const items = [];
  for (const o of rows) {
    const country = o.country_id === null ? undefined : await d.countries.byId(o.country_id);
    items.push({
      id: o.id,
      name: o.name,
      country_code: country?.code ?? null,
      hold: o.payouts_held_reason
        ? { reason: o.payouts_held_reason, since: new Date(o.payouts_held_at!).toISOString() }
        : null,
    });
  }
  return { items };
}

/**
 * Holds an operator's payouts with a reason it is shown (null: releases them), in the caller's
 * transaction (the back office's, with its audit). Payouts waiting or not yet sent wait with the
 * reason from the job's next run; a release lets them go at it.
 */
export async function setPayoutHold(tx: Tx, operatorId: number, reason: string | null, now: Date) {
  const before = await accounts.findOperator(tx, operatorId);
  if (!before || !(await repo.setHold(tx, operatorId, reason, now))) {
    throw AppError.notFound("Operator not found", "operator_not_found");
  }
  return {
    before: { reason: before.payouts_held_reason },
    answer: { operator_id: operatorId, hold: reason === null ? null : { reason, since: now.toISOString() } },
  };
}
