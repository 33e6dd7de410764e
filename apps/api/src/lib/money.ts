import { CURRENCY_SIGNS, formatMoney } from "@parkwell/contract";

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

/** Percent given in basis points (750 = 7.5%), as the number clients show. */
export function bpsToPercent(bps: number): number {
  return bps / 100;
}

/**
 * An amount formatMoney wrote in English ("₦20,000", "CA$31.50", "1,500 CFA") rewritten in
 * `language`; any other text as it is. Sentences are composed in English, then translated.
 */
export function moneyIn(text: string, language: string): string {
  const sign = /^(-?)(₦|CA\$|\$)(\d{1,3}(?:,\d{3})*(?:\.\d{2})?)$/.exec(text);
  const cfa = /^(-?)(\d{1,3}(?:,\d{3})*)\u00a0CFA$/.exec(text);
  const found = sign
    ? { minus: sign[1], code: sign[2], digits: sign[3] }
    : cfa
      ? { minus: cfa[1], code: "CFA", digits: cfa[2] }
      : null;
  if (!found) return text;
  const currency = Object.entries(CURRENCY_SIGNS).find(([, s]) => s === found.code)![0];
  const amount = Number(found.digits!.replaceAll(",", ""));
  return formatMoney(found.minus ? -amount : amount, currency, language);
}
