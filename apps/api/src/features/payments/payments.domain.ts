/** Pure payment rules: which gateway serves a country, provider amount units, top-up limits. */
import type { ProviderName } from "./providers/types";

export interface Gateway {
  provider: Exclude<ProviderName, "demo">;
  currency: string;
  fallback?: Exclude<ProviderName, "demo">;
}

/** SPEC 9: NG Paystack NGN; SN Wave XOF with Paystack XOF as fallback; US Stripe USD; CA Stripe CAD; else NG's. */
export function gatewayFor(countryCode: string): Gateway {
  switch (countryCode.trim().toUpperCase()) {
    case "SN":
      return { provider: "wave", currency: "XOF", fallback: "paystack" };
    case "US":
      return { provider: "stripe", currency: "USD" };
    case "CA":
      return { provider: "stripe", currency: "CAD" };
    default:
      return { provider: "paystack", currency: "NGN" };
  }
}

/** ISO 4217 exponents of the currencies Parkwell handles. */
const ISO_DECIMALS: Record<string, number> = { NGN: 2, USD: 2, CAD: 2, XOF: 0 };

export function currencyDecimals(currency: string): number {
  const d = ISO_DECIMALS[currency];
  if (d === undefined) throw new Error(`unsupported currency ${currency}`);
  return d;
}

/**
 * ISO minor units -> what a provider expects (SPEC 9: Paystack and Stripe "minor units, times 100",
 * Wave whole units). Paystack counts a 1/100 subunit even for XOF; Stripe treats XOF as zero-decimal.
 */
export function toProviderAmount(provider: ProviderName, currency: string, isoMinor: number): number {
  const decimals = currencyDecimals(currency);
  if (provider === "paystack") return isoMinor * 10 ** (2 - decimals);
  if (provider === "wave") return isoMinor / 10 ** decimals;
  return isoMinor;
}

export function fromProviderAmount(provider: ProviderName, currency: string, amount: number): number {
  const decimals = currencyDecimals(currency);
  if (provider === "paystack") return amount / 10 ** (2 - decimals);
  if (provider === "wave") return amount * 10 ** decimals;
  return amount;
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

/** A top-up amount in major units: an error message, or null when it is acceptable. */
export function topUpAmountError(
  amount: number,
  currency: string,
  limits: TopUpLimits,
  balanceMinor: number,
  format: (minor: number) => string,
): string | null {
  if (!Number.isFinite(amount) || amount <= 0) return "Amount must be a positive number";
  if (decimalPlaces(amount) > limits.decimals) {
    return limits.decimals === 0
      ? `Amount must be a whole number of ${currency}`
      : `Amount can have at most ${limits.decimals} decimal places`;
  }
  const minor = Math.round(amount * 10 ** limits.decimals);
  if (minor < limits.minMinor) return `Amount must be at least ${format(limits.minMinor)}`;
  if (minor > limits.maxMinor) return `Amount must be at most ${format(limits.maxMinor)}`;
  if (balanceMinor + minor > limits.maxBalanceMinor) {
    return `A wallet can hold at most ${format(limits.maxBalanceMinor)}; you can add up to ${format(Math.max(0, limits.maxBalanceMinor - balanceMinor))}`;
  }
  return null;
}
