/** The signs the product shows (SPEC 9): ₦, $, CA$ and CFA, whatever the interface language. */
const SIGNS: Record<string, string> = { NGN: "₦", USD: "$", CAD: "CA$", XOF: "CFA" };

/**
 * SPEC 9: an amount with 0 to 2 fraction digits (none for CFA francs) and the product's sign for
 * the currency, placed as the language writes it ("₦1,500", "1 500 CFA", "12,5 $" in French).
 */
export function formatMoney(amount: number, currency: string, language: string): string {
  const number = new Intl.NumberFormat(language, {
    minimumFractionDigits: 0,
    maximumFractionDigits: currency === "XOF" ? 0 : 2,
  }).format(Math.abs(amount));
  const sign = SIGNS[currency] ?? currency;
  const body =
    language.startsWith("fr") || currency === "XOF" ? `${number}\u00a0${sign}` : `${sign}${number}`;
  return amount < 0 ? `-${body}` : body;
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}
