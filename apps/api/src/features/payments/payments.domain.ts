/**
 * Pure payment rules: which gateway serves a country, top-up limits, checkout lifetimes. Each
 * provider adapter converts amounts to its own unit (providers/*.ts), with the decimals of the
 * currency's country.
 */
import { DEFAULT_COUNTRY_CODE, GATEWAY_PROVIDERS } from "@parkwell/contract";
import { toMinor } from "../../lib/money";
import type { ProviderName } from "./providers/types";

export interface Gateway {
  provider: Exclude<ProviderName, "demo">;
  currency: string;
  fallback?: Exclude<ProviderName, "demo">;
}

/** What gatewayFor reads of a country: its row's currency, gateway and fallback (decision 018). */
export interface GatewayFacts {
  code: string;
  currency: string;
  gateway: string;
  gatewayFallback: string | null;
}

type GatewayName = Gateway["provider"];
const isGateway = (name: string | null): name is GatewayName =>
  (GATEWAY_PROVIDERS as readonly (string | null)[]).includes(name);

/**
 * The gateway of a served country, from its row (NG Paystack NGN; SN Wave XOF with Paystack XOF as
 * fallback; US Stripe USD; CA Stripe CAD). A code no country has gets the default country's (NG).
 */
export function gatewayFor(countries: readonly GatewayFacts[], countryCode: string): Gateway {
  const code = countryCode.trim().toUpperCase();
  const country =
    countries.find((c) => c.code === code) ?? countries.find((c) => c.code === DEFAULT_COUNTRY_CODE);
  if (!country || !isGateway(country.gateway)) throw new Error(`no gateway for country ${countryCode}`);
  return {
    provider: country.gateway,
    currency: country.currency,
    ...(isGateway(country.gatewayFallback) ? { fallback: country.gatewayFallback } : {}),
  };
}

export interface TopUpLimits {
  decimals: number;
  minMinor: number;
  maxMinor: number;
  maxBalanceMinor: number;
}

/** Counts a number's decimals from its shortest representation (0.1 -> 1, 12.5 -> 1, 3 -> 0). */
function decimalPlaces(n: number): number {
  const s = String(n);
  if (s.includes("e-")) return Number(s.split("e-")[1]) + (s.split("e-")[0]!.split(".")[1]?.length ?? 0);
  return s.split(".")[1]?.length ?? 0;
}

/**
 * A top-up amount in major units: an error message, or null when it is acceptable. The wallet's
 * balance, the top-ups still being paid (`pendingMinor`) and this one must fit under the cap.
 */
export function topUpAmountError(
  amount: number,
  currency: string,
  limits: TopUpLimits,
  balanceMinor: number,
  format: (minor: number) => string,
  pendingMinor = 0,
): string | null {
  if (!Number.isFinite(amount) || amount <= 0) return "Amount must be a positive number";
  if (decimalPlaces(amount) > limits.decimals) {
    return limits.decimals === 0
      ? `Amount must be a whole number of ${currency}`
      : `Amount can have at most ${limits.decimals} decimal places`;
  }
  const minor = toMinor(amount, limits.decimals);
  if (minor < limits.minMinor) return `Amount must be at least ${format(limits.minMinor)}`;
  if (minor > limits.maxMinor) return `Amount must be at most ${format(limits.maxMinor)}`;
  const committed = balanceMinor + pendingMinor;
  if (committed + minor > limits.maxBalanceMinor) {
    const max = format(limits.maxBalanceMinor);
    const room = format(Math.max(0, limits.maxBalanceMinor - committed));
    return pendingMinor > 0
      ? `A wallet can hold at most ${max}; with ${format(pendingMinor)} in top-ups still being paid, you can add up to ${room}`
      : `A wallet can hold at most ${max}; you can add up to ${room}`;
  }
  return null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How long a started checkout can still be paid, by provider: a top-up counts against the cap for
 * that long (docs/decisions/005-wallet-ledger.md). Wave's sessions expire 30 minutes after they are
 * created; a Stripe Checkout Session by default after 24 hours (our PaymentIntents never expire, so
 * that default bounds them); Paystack has no fixed lifetime (an integration may set a session
 * timeout), so it is given Stripe's day. The demo provider pays at once.
 */
export const CHECKOUT_LIFETIME_MS: Record<ProviderName, number> = {
  paystack: 24 * HOUR,
  stripe: 24 * HOUR,
  wave: 30 * MINUTE,
  demo: 30 * MINUTE,
};

/** Per provider, the oldest start of a checkout that can still be paid at `now`. */
export function payableSince(now: Date): Record<ProviderName, Date> {
  const since = (p: ProviderName) => new Date(now.getTime() - CHECKOUT_LIFETIME_MS[p]);
  return { paystack: since("paystack"), stripe: since("stripe"), wave: since("wave"), demo: since("demo") };
}

/** A payment's failure reason when the provider declined an attempt (see mayStillBePaid). */
export const DECLINED = "declined";

/**
 * A payment's failure reason when it was still unfinished at its provider long after it started
 * and the expiry job gave up on it (see expiryCutoff). It is a failure to the user and gives its
 * room under the wallet's cap back, but the provider may still be paid on it (see mayStillBePaid).
 */
export const EXPIRED = "expired";

/**
 * Whether a provider may still report this payment as paid. A declined attempt may: Paystack and
 * Wave let the customer try again on the same checkout, and Stripe puts a declined intent back to
 * `requires_payment_method`. An expired one may too: expiring is our decision, not the provider's,
 * and a customer who pays on a checkout left open is credited. A mismatch (amount, currency, user)
 * never may, nor a payment no provider ever opened, nor one already settled.
 */
export function mayStillBePaid(status: string, failureReason: string | null): boolean {
  return (
    status === "initialized" ||
    status === "pending" ||
    (status === "failed" && (failureReason === DECLINED || failureReason === EXPIRED))
  );
}

export type FailureKind = "declined" | "mismatch" | "expired";

/** What a client is told about a failed payment: it did not match, it expired, or it was declined. */
export function failureKind(failureReason: string | null): FailureKind {
  if (failureReason?.startsWith("mismatch")) return "mismatch";
  return failureReason === EXPIRED ? "expired" : "declined";
}

/**
 * How many unfinished payments of one provider an expiry run handles at most, oldest first: one
 * run stays short, and one provider's backlog or outage never holds up another's.
 */
export const EXPIRY_BATCH = 100;

/**
 * How long after its expiry an unfinished payment whose provider cannot be reached is kept for a
 * later run before it is expired without the provider's word. Until then each run asks again: a
 * provider that is down for a while must not turn paid top-ups into failures. After a day the room
 * it holds under the cap matters more, and expiring it loses nothing: a late success still credits.
 */
export const UNREACHABLE_GRACE_MS = 24 * HOUR;

/** The latest start of a payment that an expiry run at `now` handles: `expireMinutes` earlier. */
export function expiryCutoff(now: Date, expireMinutes: number): Date {
  return new Date(now.getTime() - expireMinutes * MINUTE);
}

/** Whether an unfinished payment started at `createdAt` is expired even when its provider is not reachable. */
export function expiresUnasked(createdAt: Date, now: Date, expireMinutes: number): boolean {
  return createdAt.getTime() < expiryCutoff(now, expireMinutes).getTime() - UNREACHABLE_GRACE_MS;
}

/**
 * A company's top-up (features/companies/company-wallet) is a payments row like a personal one;
 * its reference names the company (`PWC-<companyId>-<random>`), which is how settle knows to
 * credit the company's account instead of the wallet of the member who started it (the payments
 * table has no column for it, and a migration was not an option: decision 030).
 */
export const companyTopUpReference = (companyId: number, random: string) => `PWC-${companyId}-${random}`;

/** The company a top-up's reference names, or null for a personal top-up. */
export function companyOfTopUp(reference: string): number | null {
  const m = /^PWC-(\d+)-/.exec(reference);
  return m ? Number(m[1]) : null;
}
