/**
 * Where an operator is paid (issue #65): its payout accounts, one provider per country (the
 * country's gateway: a bank account through Paystack, a Stripe connected account, a Wave number;
 * the demo's in demo mode). A new or changed account is checked by the provider before it is saved
 * (a bank account's name is the bank's), is `pending` until one of the operator's managers confirms
 * it from the e-mail, then `active` and usable 48 hours later; the one it replaces is used until
 * then. `destination` never leaves the server: a client sees `last4`.
 */
import { randomUUID } from "node:crypto";
import {
  PAYOUT_ACCOUNT_HOLD_HOURS,
  PAYOUT_MINIMUM_MINOR,
  type PayoutAccount,
  type PayoutAccountBody,
  type PayoutProvider,
  type PayoutSetup,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Language } from "../../lib/language";
import type { MailMessage } from "../../lib/mailer";
import { toMajor } from "../../lib/money";
import { hashToken, newToken } from "../../lib/tokens";
import { demoTransfers } from "../payments/providers/demo";
import {
  last4Of,
  METHOD_OF,
  type Bank,
  type PayoutDestination,
  type PayoutMethod,
  type TransferProvider,
} from "../payments/providers/transfers";
import { ProviderRejectedError, ProviderUnavailableError } from "../payments/providers/types";
import type { Payments } from "../payments/registry";
import type { ServedCountries } from "../reference/served-countries";
import { payoutAccountMail } from "./payout-accounts.mail";
import { presentPayoutAccount } from "./payout-accounts.present";
import * as repo from "./payout-accounts.repo";
import { CONFIRM_TTL_MS } from "./payouts.domain";

declare module "../../jobs/mail-job" {
  interface MailKinds {
    /** A payout account to confirm: mailed to the operator's managers; the link's token is made when it is sent. */
    payout_account_confirm: { accountId: number; language: Language };
  }
}

export interface PayoutAccountDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  payments: Payments;
  countries: ServedCountries;
  publicUrl: string;
}

export const OPERATOR_NOT_FOUND = "Operator not found";
export const ACCOUNT_NOT_FOUND = "Payout account not found";
export const NO_PROVIDER = "Payouts are not set up for this operator's country on this server";
export const PROVIDER_DOWN = "The payout provider could not be reached: try again in a moment";
export const NOT_RESOLVED = "The bank could not find this account: check the bank and the number";
export const LINK_UNKNOWN = "This confirmation link is not valid";
export const LINK_EXPIRED = "This confirmation link has expired: add the account again";
export const ACCOUNT_CLOSED = "This payout account was cancelled or replaced";
export const CHOOSE_OPERATOR = "Choose the operator";

/** The transfer API that pays an operator of a country: its gateway's when it has keys, else the demo's in demo mode. */
export interface PayoutChannel {
  provider: PayoutProvider;
  method: PayoutMethod;
  transfers: TransferProvider | null;
}

export function channelOf(payments: Payments, gateway: string): PayoutChannel | null {
  if (!(gateway in METHOD_OF)) return null;
  const name = gateway as keyof typeof METHOD_OF;
  const method = METHOD_OF[name];
  const adapter = payments.get(name)?.transfers;
  if (adapter) return { provider: name, method, transfers: adapter };
  if (payments.demoAllowed) return { provider: "demo", method, transfers: demoTransfers(method) };
  return { provider: name, method, transfers: null };
}

/** The adapter of a provider by name (a payout's or an account's), or null without keys. */
export function transfersOf(
  payments: Payments,
  provider: PayoutProvider,
  method: PayoutMethod,
): TransferProvider | null {
  if (provider === "demo") return payments.demoAllowed ? demoTransfers(method) : null;
  return payments.get(provider)?.transfers ?? null;
}

interface OperatorContext {
  operator: repo.OperatorRow;
  country: { code: string; currency: string; decimals: number; gateway: string } | null;
  channel: PayoutChannel | null;
}

/**
 * The operator a request is about: the caller's own (a branch manager names none, or its own),
 * any for Parkwell's staff (who must name one). Another operator's is a 404, as one that does not exist.
 */
export function operatorOfRequest(scope: number | null, named: number | undefined): number {
  if (scope !== null) {
    if (named !== undefined && named !== scope)
      throw AppError.notFound(OPERATOR_NOT_FOUND, "operator_not_found");
    return scope;
  }
  if (named === undefined) throw AppError.validation({ operator_id: CHOOSE_OPERATOR });
  return named;
}

async function contextOf(d: PayoutAccountDeps, operatorId: number, via?: Tx): Promise<OperatorContext> {
  const operator = await repo.findOperator(via ?? d.db, operatorId);
  if (!operator) throw AppError.notFound(OPERATOR_NOT_FOUND, "operator_not_found");
  const row = operator.country_id === null ? undefined : await d.countries.byId(operator.country_id, via);
  const country = row
    ? { code: row.code, currency: row.currency.trim(), decimals: row.currencyDecimals, gateway: row.gateway }
    : null;
  return { operator, country, channel: country ? channelOf(d.payments, country.gateway) : null };
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** GET /admin/payout-accounts/setup: what adding an account asks for, and whether payouts can go out. */
export async function payoutSetup(d: PayoutAccountDeps, operatorId: number): Promise<PayoutSetup> {
  const { operator, country, channel } = await contextOf(d, operatorId);
  const minimum = country ? PAYOUT_MINIMUM_MINOR[country.currency] : undefined;
  return {
    operator: { id: operator.id, name: operator.name },
    country_code: country?.code ?? null,
    currency: country?.currency ?? null,
    method: channel?.method ?? null,
    provider: channel?.provider ?? null,
    provider_ready: Boolean(channel?.transfers),
    hold: operator.payouts_held_reason
      ? { reason: operator.payouts_held_reason, since: iso(operator.payouts_held_at)! }
      : null,
    minimum: country && minimum !== undefined ? toMajor(minimum, country.decimals) : null,
    hold_hours: PAYOUT_ACCOUNT_HOLD_HOURS,
  };
}

function readyChannel(ctx: OperatorContext): {
  channel: PayoutChannel;
  transfers: TransferProvider;
  currency: string;
} {
  if (!ctx.country || !ctx.channel?.transfers) throw new AppError(503, "payouts_unavailable", NO_PROVIDER);
  return { channel: ctx.channel, transfers: ctx.channel.transfers, currency: ctx.country.currency };
}

/** A provider's refusal or absence as the client's error: a 422 at the field, or a 503. */
function providerError(err: unknown, field: string, refused: string | null): never {
  if (err instanceof ProviderUnavailableError) throw new AppError(503, "payouts_unavailable", PROVIDER_DOWN);
  if (err instanceof ProviderRejectedError) {
    throw AppError.validation({ [field]: refused ?? err.message.replace(/^\w+ refused \(\d+\): /, "") });
  }
  throw err;
}

/** GET /admin/payout-accounts/banks: the banks a bank account may be at (bank payouts only). */
export async function listBanks(d: PayoutAccountDeps, operatorId: number): Promise<{ items: Bank[] }> {
  const { transfers, currency } = readyChannel(await contextOf(d, operatorId));
  if (!transfers.listBanks) return { items: [] };
  try {
    return { items: await transfers.listBanks(currency) };
  } catch (err) {
    providerError(err, "bank_code", null);
  }
}

/** POST /admin/payout-accounts/resolve: the name a bank account is held in, before anything is saved. */
export async function resolveAccount(
  d: PayoutAccountDeps,
  operatorId: number,
  body: { bank_code: string; account_number: string },
): Promise<{ account_name: string; bank_name: string | null }> {
  const { transfers, currency } = readyChannel(await contextOf(d, operatorId));
  if (!transfers.resolveAccount) throw AppError.validation({ bank_code: NOT_RESOLVED });
  try {
    const { accountName } = await transfers.resolveAccount(body.bank_code, body.account_number);
    const banks = transfers.listBanks ? await transfers.listBanks(currency) : [];
    return {
      account_name: accountName,
      bank_name: banks.find((b) => b.code === body.bank_code)?.name ?? null,
    };
  } catch (err) {
    providerError(err, "account_number", NOT_RESOLVED);
  }
}

const REQUIRED = "This field is required";

function destinationOf(method: PayoutMethod, body: PayoutAccountBody): PayoutDestination {
  if (method === "bank") {
    const fields: Record<string, string> = {};
    if (!body.bank_code) fields.bank_code = REQUIRED;
    if (!body.account_number) fields.account_number = REQUIRED;
    if (Object.keys(fields).length > 0) throw AppError.validation(fields);
    return { method, bankCode: body.bank_code!, accountNumber: body.account_number! };
  }
  if (method === "stripe_account") {
    if (!body.stripe_account) throw AppError.validation({ stripe_account: REQUIRED });
    return { method, account: body.stripe_account };
  }
  const fields: Record<string, string> = {};
  if (!body.mobile) fields.mobile = REQUIRED;
  if (!body.holder_name) fields.holder_name = REQUIRED;
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);
  return { method, mobile: body.mobile!, name: body.holder_name! };
}

const FIELD_OF: Record<PayoutMethod, string> = {
  bank: "account_number",
  stripe_account: "stripe_account",
  mobile: "mobile",
};

/**
 * Adds a pending account in the caller's transaction (`write`, which the back office wraps with its
 * audit): the provider checks the destination first, outside any transaction (a bank account is
 * resolved to its name and a transfer recipient made; a connected account is checked), then the
 * row is written, the operator's other pending changes in that currency cancelled, and the
 * confirmation mailed to its managers.
 */
export async function addAccount(
  d: PayoutAccountDeps,
  operatorId: number,
  userId: string,
  body: PayoutAccountBody,
  language: Language,
  /** Written in the same transaction (the back office's audit entry). */
  audit: (tx: Tx, row: repo.AccountRow) => Promise<void> = async () => {},
): Promise<PayoutAccount> {
  const ctx = await contextOf(d, operatorId);
  const { channel, transfers, currency } = readyChannel(ctx);
  const destination = destinationOf(channel.method, body);
  let checked;
  try {
    checked = await transfers.createRecipient(destination, currency);
  } catch (err) {
    providerError(err, FIELD_OF[channel.method], channel.method === "bank" ? NOT_RESOLVED : null);
  }
  const now = d.clock();
  const row = await d.db.transaction(async (tx) => {
    await repo.cancelPending(tx, operatorId, currency, now);
    const id = await repo.insertAccount(tx, {
      operatorId,
      currency,
      provider: channel.provider,
      holderName: checked.holderName,
      bankCode: destination.method === "bank" ? destination.bankCode : null,
      bankName: checked.bankName,
      last4: last4Of(checked.destination),
      destination: checked.destination,
      providerRecipient: checked.recipient,
      requestedBy: userId,
      now,
    });
    await d.jobs.send(tx, "mail", {
      key: `payout_account_confirm:${id}:${randomUUID()}`,
      type: "payout_account_confirm",
      accountId: id,
      language,
    });
    const inserted = (await repo.findAccount(tx, id))!;
    await audit(tx, inserted);
    return inserted;
  });
  return presentPayoutAccount(row, channel.method, null);
}

/** GET /admin/payout-accounts: the operator's accounts, newest first, masked; which one payouts use now. */
export async function listAccounts(
  d: PayoutAccountDeps,
  operatorId: number,
): Promise<{ items: PayoutAccount[] }> {
  const ctx = await contextOf(d, operatorId);
  const rows = await repo.listAccounts(d.db, operatorId);
  const now = d.clock();
  const inUse =
    ctx.country && ctx.channel
      ? await repo.usableAccount(d.db, {
          operatorId,
          currency: ctx.country.currency,
          provider: ctx.channel.provider,
          at: now,
        })
      : null;
  return {
    items: rows.map((r) => presentPayoutAccount(r, methodOfRow(r, ctx), inUse?.id ?? null)),
  };
}

function methodOfRow(r: repo.AccountRow, ctx: OperatorContext): PayoutMethod {
  if (r.provider !== "demo") return METHOD_OF[r.provider];
  return (
    ctx.channel?.method ??
    (r.bank_code ? "bank" : r.destination.startsWith("acct_") ? "stripe_account" : "mobile")
  );
}

/** A row in the operator's scope, locked, or the 404. */
async function accountInScope(tx: Tx, id: number, scope: number | null): Promise<repo.AccountRow> {
  const row = await repo.findAccount(tx, id, true);
  if (!row || (scope !== null && row.operator_id !== scope)) {
    throw AppError.notFound(ACCOUNT_NOT_FOUND, "payout_account_not_found");
  }
  return row;
}

/** DELETE /admin/payout-accounts/{id}: a pending or active account is cancelled (payouts no longer use it). */
export async function cancelAccount(
  d: PayoutAccountDeps,
  tx: Tx,
  id: number,
  scope: number | null,
): Promise<{ before: repo.AccountRow; after: PayoutAccount }> {
  const row = await accountInScope(tx, id, scope);
  if (row.status !== "pending" && row.status !== "active") {
    throw new AppError(409, "payout_account_closed", ACCOUNT_CLOSED);
  }
  const now = d.clock();
  await repo.cancelAccount(tx, id, now);
  const ctx = await contextOf(d, row.operator_id, tx);
  const after = (await repo.findAccount(tx, id))!;
  return { before: row, after: presentPayoutAccount(after, methodOfRow(after, ctx), null) };
}

/**
 * POST /admin/payout-accounts/confirm: the e-mail's link, by a manager of the account's operator
 * (or Parkwell's staff). The account becomes active, usable 48 hours later; the one it replaces is
 * used until then. A link already used answers the active account again.
 */
export async function confirmAccount(
  d: PayoutAccountDeps,
  tx: Tx,
  token: string,
  scope: number | null,
): Promise<{ row: repo.AccountRow; account: PayoutAccount; confirmed: boolean }> {
  const found = await repo.findByTokenHash(tx, hashToken(token));
  if (!found || (scope !== null && found.operator_id !== scope)) {
    throw AppError.notFound(LINK_UNKNOWN, "payout_link_unknown");
  }
  const now = d.clock();
  const ctx = await contextOf(d, found.operator_id, tx);
  if (found.status !== "pending") throw new AppError(409, "payout_account_closed", ACCOUNT_CLOSED);
  if (!found.confirm_expires_at || new Date(found.confirm_expires_at).getTime() <= now.getTime()) {
    throw new AppError(422, "payout_link_expired", LINK_EXPIRED);
  }
  const usableFrom = new Date(now.getTime() + PAYOUT_ACCOUNT_HOLD_HOURS * 3600 * 1000);
  await repo.activate(
    tx,
    { id: found.id, operatorId: found.operator_id, currency: found.currency },
    now,
    usableFrom,
  );
  const row = (await repo.findAccount(tx, found.id))!;
  return { row, account: presentPayoutAccount(row, methodOfRow(row, ctx), null), confirmed: true };
}

/** The confirmation mail a mail job sends, with a fresh link (null: the account is no longer pending). */
export async function composeConfirmMail(
  d: Pick<PayoutAccountDeps, "db" | "clock" | "publicUrl">,
  accountId: number,
  language: Language,
): Promise<MailMessage | null> {
  const account = await repo.findAccount(d.db, accountId);
  if (!account || account.status !== "pending") return null;
  const operator = await repo.findOperator(d.db, account.operator_id);
  const managers = await repo.managerEmails(d.db, account.operator_id);
  const requester = account.requested_by ? await repo.userEmail(d.db, account.requested_by) : null;
  const to = managers.length > 0 ? managers : requester ? [requester] : [];
  if (!operator || to.length === 0) return null;
  const token = newToken();
  const expires = new Date(d.clock().getTime() + CONFIRM_TTL_MS);
  if (!(await repo.setToken(d.db, accountId, hashToken(token), expires))) return null;
  const link = `${d.publicUrl}/admin/payout-accounts/confirm?token=${encodeURIComponent(token)}`;
  return payoutAccountMail(
    language,
    to.join(", "),
    {
      operator: operator.name,
      holder: account.holder_name,
      last4: account.last4,
      bank: account.bank_name,
      days: Math.round(CONFIRM_TTL_MS / (24 * 3600 * 1000)),
      hours: PAYOUT_ACCOUNT_HOLD_HOURS,
    },
    link,
  );
}
