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

/** The signs the product shows: ₦, $, CA$ and CFA, whatever the language (as the web's formatMoney). */
const SIGNS: Record<string, string> = { NGN: "₦", USD: "$", CAD: "CA$", XOF: "CFA" };

/**
 * An amount in major units as a sentence of the API shows it, as the web writes money: 0 or 2
 * fraction digits (none for a whole amount, none for CFA), the product's sign placed as the
 * language writes it: "₦20,000", "CA$31.50", "1,500 CFA"; "20 000 ₦", "31,50 CA$" in French.
 */
export function formatMoney(amount: number, currency: string, language: string): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const digits = currency === "XOF" || cents % 100 === 0 ? 0 : 2;
  const number = new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Math.abs(amount));
  const sign = SIGNS[currency] ?? currency;
  const body =
    language.startsWith("fr") || currency === "XOF" ? `${number}\u00a0${sign}` : `${sign}${number}`;
  return amount < 0 ? `-${body}` : body;
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
  const currency = Object.entries(SIGNS).find(([, s]) => s === found.code)![0];
  const amount = Number(found.digits!.replaceAll(",", ""));
  return formatMoney(found.minus ? -amount : amount, currency, language);
}
