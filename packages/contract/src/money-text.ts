/** The signs the product shows: ₦, $, CA$ and CFA, whatever the language. */
export const CURRENCY_SIGNS: Readonly<Record<string, string>> = {
  NGN: "₦",
  USD: "$",
  CAD: "CA$",
  XOF: "CFA",
};

/**
 * Money as the product writes it, in the web app and in the API's sentences alike: an amount in
 * major units with 0 or 2 fraction digits (none for a whole amount, and always none for CFA
 * francs), never one ("CA$31.50", not "CA$31.5"); with the product's sign for the currency,
 * placed as the language writes it ("₦1,500", "1 500 CFA", "12,50 $" in French).
 */
export function formatMoney(amount: number, currency: string, language: string): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const digits = currency === "XOF" || cents % 100 === 0 ? 0 : 2;
  const number = new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Math.abs(amount));
  const sign = CURRENCY_SIGNS[currency] ?? currency;
  const body =
    language.startsWith("fr") || currency === "XOF" ? `${number}\u00a0${sign}` : `${sign}${number}`;
  return amount < 0 ? `-${body}` : body;
}
