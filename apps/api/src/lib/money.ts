import { formatMoney, knownCurrencies } from "@parkwell/contract";
import { escapeRegExp } from "./reg-exp";

/**
 * Money is integer minor units in storage and major units (numbers, at most 2 decimals, 0 for
 * XOF) in the API. These two conversions are the only place the factor appears.
 */
export function toMajor(minor: number, decimals: number): number {
  return minor / 10 ** decimals;
}

/** Rounds half away from zero; callers validate the number of decimals before converting. */
export function toMinor(major: number, decimals: number): number {
  const factor = 10 ** decimals;
  const minor = Math.round(Math.abs(major) * factor + Number.EPSILON * factor) * Math.sign(major);
  return minor === 0 ? 0 : minor;
}

/** Whether an amount in major units has no more decimals than the currency has. */
export const fitsDecimals = (amount: number, decimals: number): boolean =>
  Math.abs(toMinor(amount, decimals) - amount * 10 ** decimals) < 1e-6;

/** Why an amount in major units does not fit its currency's decimals, as a form field shows it; null when it does. */
export function decimalsRefusal(amount: number, currency: string, decimals: number): string | null {
  if (fitsDecimals(amount, decimals)) return null;
  return decimals === 0
    ? `Amounts in ${currency} have no decimals`
    : `Amounts in ${currency} have at most ${decimals} decimals`;
}

/**
 * An amount in minor units as the product writes money (formatMoney), in `language`: English by
 * default, for a sentence the API translates with its amounts (moneyIn); a mail's own language.
 */
export function moneyText(minor: number, currency: string, decimals: number, language = "en"): string {
  return formatMoney(toMajor(minor, decimals), currency, language);
}

/** Percent given in basis points (750 = 7.5%), as the number clients show. */
export function bpsToPercent(bps: number): number {
  return bps / 100;
}

const DIGITS = String.raw`(\d{1,3}(?:,\d{3})*(?:\.\d{2})?)`;

/**
 * An amount formatMoney wrote in English ("₦20,000", "CA$31.50", "1,500 CFA") rewritten in
 * `language`; any other text as it is. Sentences are composed in English, then translated. The
 * currencies are the served countries' (learned from their rows), so a fifth country's money
 * is rewritten as well.
 */
export function moneyIn(text: string, language: string): string {
  for (const [currency, { symbol }] of knownCurrencies()) {
    const sign = escapeRegExp(symbol);
    const m = new RegExp(`^(-?)(?:${sign}${DIGITS}|${DIGITS}\u00a0${sign})$`).exec(text);
    if (!m) continue;
    const amount = Number((m[2] ?? m[3])!.replaceAll(",", ""));
    return formatMoney(m[1] ? -amount : amount, currency, language);
  }
  return text;
}
