/**
 * Automatic reloads (docs/decisions/069-saved-cards-and-auto-reload.md): a driver's saved card is
 * charged a set amount when the wallet's balance is under their threshold. A scheduled job finds
 * the wallets due; each reload is a top-up of the one path (its row under the wallet's lock and
 * cap, then the card's charge and the one settle), keyed by the wallet's latest move, so one dip
 * under the threshold is one charge however often or in how many processes the job runs. A
 * declined charge pauses the reload and tells the driver; saving it again resumes it.
 */
import type { AutoReloadBody } from "@parkwell/contract";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { MailMessage } from "../../lib/mailer";
import { AppError } from "../../lib/app-error";
import { moneyText, toMajor, toMinor } from "../../lib/money";
import { renderMail } from "../../lib/mail-layout";
import { fill, mailTexts } from "../../lib/texts";
import type { ServedCountries } from "../reference/served-countries";
import { lockWalletBalance, userCurrency } from "../wallet/ledger.service";
import { payableSince, topUpAmountError } from "./payments.domain";
import * as payRepo from "./payments.repo";
import { chargeableCard, chargeSavedCard, listCards } from "./saved-cards.service";
import * as repo from "./saved-cards.repo";
import { candidates, insertTopUp, prepareTopUp, topUpLimits, topUpOfKey } from "./top-up.service";
import type { PaymentDeps } from "./verify.service";

/** The wallets one run reloads at most; the next run (a minute later) takes the rest. */
const RELOADS_PER_RUN = 200;
/** The key prefix of a reload's payment: the wallet's latest move follows. */
const RELOAD_KEY = "auto-reload:";

/** PUT /wallet/auto-reload: turns it on (again) with a saved card of the wallet's provider. */
export async function saveAutoReload(
  deps: PaymentDeps,
  config: Config,
  userId: string,
  body: AutoReloadBody,
) {
  const user = await userCurrency(deps.countries, deps.db, userId);
  if (!user) throw AppError.notFound("User not found");
  const providers = await candidates(deps, config, user.countryCode);
  const { card } = await chargeableCard(deps, providers, user.currency, userId, body.card_id);
  const limits = await topUpLimits(deps.countries, user.countryId);
  if (!limits) throw AppError.notFound("User not found");
  const money = (m: number) => moneyText(m, user.currency, user.decimals);
  // The reload is a top-up: the country's minimum and maximum apply to its amount.
  const invalid = topUpAmountError(
    body.amount,
    user.currency,
    { ...limits, decimals: user.decimals },
    0,
    money,
  );
  if (invalid) throw AppError.validation({ amount: invalid });
  // The threshold is any balance the wallet can have, in the currency's decimals.
  const level = { minMinor: 1, maxMinor: limits.maxBalanceMinor, maxBalanceMinor: Number.MAX_SAFE_INTEGER };
  const badThreshold = topUpAmountError(
    body.threshold,
    user.currency,
    { ...level, decimals: user.decimals },
    0,
    money,
  );
  if (badThreshold) throw AppError.validation({ threshold: badThreshold });
  const thresholdMinor = toMinor(body.threshold, user.decimals);
  const amountMinor = toMinor(body.amount, user.decimals);
  if (thresholdMinor + amountMinor > limits.maxBalanceMinor) {
    const max = money(limits.maxBalanceMinor);
    throw AppError.validation({
      threshold: `The threshold and the amount together must stay within your wallet's maximum balance of ${max}`,
    });
  }
  await repo.putAutoReload(
    deps.db,
    { userId, cardId: card.id, currency: user.currency, thresholdMinor, amountMinor },
    deps.clock(),
  );
  return listCards(deps, config, userId);
}

/** DELETE /wallet/auto-reload: no more reloads (idempotent). */
export const stopAutoReload = (deps: PaymentDeps, userId: string) => repo.deleteAutoReload(deps.db, userId);

/** The scheduled job: every wallet under its threshold is reloaded once for its latest dip. */
export async function runAutoReloads(deps: PaymentDeps, config: Config) {
  const due = await repo.dueReloads(deps.db, RELOADS_PER_RUN);
  const outcomes: string[] = [];
  for (const { userId, lastMove, savedAt } of due) {
    try {
      const key = `${RELOAD_KEY}${lastMove ?? "none"}:${savedAt}`;
      outcomes.push(await reloadWallet(deps, config, userId, key));
    } catch (err) {
      // One driver's outage (the provider unreachable) is no reason to skip the others: their
      // reload is tried again at the next run, under the same key while the wallet has not moved.
      outcomes.push(`error: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return outcomes;
}

/**
 * Reloads one wallet if it is still due: with the reload locked (two runs at once take turns), no
 * reload of it still awaiting its charge, and the balance, read under the wallet's lock, still
 * under the threshold. The amount is what fits under the cap, if that reaches the country's minimum.
 */
export async function reloadWallet(deps: PaymentDeps, config: Config, userId: string, key: string) {
  if (await topUpOfKey(deps.db, userId, key)) return "already";
  const reload = await repo.autoReloadOf(deps.db, userId);
  const user = await userCurrency(deps.countries, deps.db, userId);
  if (!reload || reload.pausedAt || !user || user.currency !== reload.currency.trim()) return "off";
  // The top-up's checks that read outside the transaction (its providers and the country's
  // limits); its amount is cut under the locks. A saved amount the country's limits have since
  // left behind reloads nothing.
  const plan = await prepareTopUp(deps, config, userId, {
    amount: toMajor(reload.amountMinor, user.decimals),
    idempotencyKey: key,
    purpose: `auto-reload:${reload.cardId}`,
  }).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 422) return null;
    throw err;
  });
  if (!plan) return "invalid_amount";
  const { limits } = plan;
  const found = await chargeableCard(deps, plan.providers, user.currency, userId, reload.cardId).catch(
    () => null,
  );
  if (!found) return "no_card";
  const now = deps.clock();
  const started = await deps.db.transaction(async (tx) => {
    const locked = await repo.autoReloadOf(tx, userId, true);
    if (!locked || locked.pausedAt || locked.cardId !== found.card.id) return "off";
    if (await payRepo.hasUnfinishedWithKeyPrefix(tx, userId, RELOAD_KEY)) return "awaiting";
    const balance = await lockWalletBalance(tx, userId, user.currency);
    if (balance >= locked.thresholdMinor) return "not_due";
    const pending = await payRepo.pendingTopUpsMinor(tx, userId, user.currency, payableSince(now));
    const amountMinor = Math.min(locked.amountMinor, limits.maxBalanceMinor - balance - pending);
    if (amountMinor < limits.minMinor) return "no_room";
    const fitted = { ...plan, amount: toMajor(amountMinor, user.decimals), amountMinor };
    const inserted = await insertTopUp(tx, fitted, now);
    return inserted.replayed ? "already" : { plan: fitted, row: inserted.row };
  });
  if (typeof started === "string") return started;
  try {
    await chargeSavedCard(deps, started.row, found);
  } catch (err) {
    if (err instanceof AppError && err.code === "card_declined") {
      await pause(deps, userId, started.row.id, err.message);
      return "declined";
    }
    throw err;
  }
  await repo.updateAutoReload(deps.db, userId, { lastReloadAt: deps.clock() });
  return "reloaded";
}

/** A declined reload: paused until the driver saves it again, and the driver told once. */
async function pause(deps: PaymentDeps, userId: string, paymentId: string, reason: string) {
  await deps.db.transaction(async (tx) => {
    await repo.updateAutoReload(tx, userId, { pausedAt: deps.clock(), pauseReason: reason });
    await deps.jobs.send(tx, "mail", {
      key: `auto-reload-paused:${paymentId}`,
      type: "auto-reload-paused",
      paymentId,
    });
  });
}

declare module "../../jobs/mail-job" {
  interface MailKinds {
    /** An automatic reload's charge was declined: it is paused (`composeReloadPausedMail`). */
    "auto-reload-paused": { paymentId: string };
  }
}

/** The mail of a paused reload: the card, the amount, the provider's words and what to do. */
export async function composeReloadPausedMail(
  d: { db: Db; publicUrl: string; countries: ServedCountries },
  paymentId: string,
): Promise<MailMessage | null> {
  const found = await payRepo.findForReceipt(d.db, paymentId);
  if (!found || found.payment.status !== "failed" || !found.payment.savedCardId) return null;
  const { payment, email, language } = found;
  const card = await repo.cardById(d.db, found.payment.savedCardId);
  const reload = await repo.autoReloadOf(d.db, payment.userId);
  const lang = language === "fr" ? "fr" : "en";
  const t = mailTexts(lang).payments.reloadPaused;
  const amount = moneyText(
    payment.amountMinor,
    payment.currency,
    d.countries.decimalsOf(payment.currency),
    lang,
  );
  const cardName = card ? `${card.brand.toUpperCase()} •••• ${card.last4}` : "";
  return renderMail(email, {
    language: lang,
    subject: t.subject,
    paragraphs: [fill(t.intro, { card: cardName, amount }), t.outro],
    rows: reload?.pauseReason ? [{ label: t.reason, value: reload.pauseReason }] : [],
    notes: [],
    action: { label: t.action, url: `${d.publicUrl}/wallet` },
  });
}
