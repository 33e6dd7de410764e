/**
 * What writing a currency takes: the sign the product shows for it and its decimals (0 for a
 * currency without a subunit, such as the CFA franc). Both come from the served countries' rows
 * (`currency_symbol`, `currency_decimals`): the API learns them from its countries table, the web
 * app from GET /countries (and, before that answer, from the countries it has always had).
 * Nothing here names a currency, so a country added as rows shows its money right.
 */
export interface CurrencyFacts {
  symbol: string;
  decimals: number;
}

const currencies = new Map<string, CurrencyFacts>();

/** Learns (or relearns) currencies from countries' rows; an unknown currency is written with its code. */
export function learnCurrencies(
  rows: Iterable<{ currency: string; currency_symbol: string; currency_decimals: number }>,
): void {
  for (const r of rows) {
    currencies.set(r.currency.toUpperCase(), { symbol: r.currency_symbol, decimals: r.currency_decimals });
  }
}

/** The currencies learned so far, by ISO code. */
export function knownCurrencies(): ReadonlyMap<string, CurrencyFacts> {
  return currencies;
}

/** Whether a sign is written after the amount in every language: a sign of letters only ("CFA"). */
const signAfter = (sign: string) => /^\p{L}+$/u.test(sign);

/**
 * The number formats `formatMoney` writes with, one per language and fraction digits: making an
 * Intl.NumberFormat costs far more than formatting with one (a server-rendered park page writes
 * some twenty prices), and the languages and digits are few.
 */
const moneyNumbers = new Map<string, Intl.NumberFormat>();
function moneyNumber(language: string, digits: number): Intl.NumberFormat {
  const key = `${language}|${digits}`;
  let format = moneyNumbers.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyNumbers.set(key, format);
  }
  return format;
}

/**
 * Money as the product writes it, in the web app and in the API's sentences alike: an amount in
 * major units with 0 or 2 fraction digits (none for a whole amount, and always none for a
 * currency without a subunit), never one ("CA$31.50", not "CA$31.5"); with the currency's sign,
 * placed as the language writes it ("₦1,500", "1 500 CFA", "12,50 $" in French; a sign of letters
 * only, or a currency not learned yet and so written with its code, goes after the amount).
 */
export function formatMoney(amount: number, currency: string, language: string): string {
  const facts = currencies.get(currency.toUpperCase());
  const cents = Math.round(Math.abs(amount) * 100);
  const digits = facts?.decimals === 0 || cents % 100 === 0 ? 0 : 2;
  const number = moneyNumber(language, digits).format(Math.abs(amount));
  const sign = facts?.symbol ?? currency;
  const body = language.startsWith("fr") || signAfter(sign) ? `${number}\u00a0${sign}` : `${sign}${number}`;
  return amount < 0 ? `-${body}` : body;
}

/**
 * A tax rate as the product writes it, with its percent sign, on every page, PDF and file alike:
 * the percent as the language writes a number, to the half basis point it is stored to (up to
 * three fraction digits, never rounded: Québec's QST is "9.975%", not "9.98%"), and the sign as
 * the language places it ("9.975%"; "9,975 %" in French, a no-break space before the sign).
 */
export function formatTaxRate(percent: number, language: string): string {
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(percent);
  return language.startsWith("fr") ? `${number}\u00a0%` : `${number}%`;
}
