import type { TFunction } from "i18next";
// The one money text, shared with the API's sentences; the currencies it knows (./currencies).
import "./currencies";
import { formatTaxRate } from "@parkwell/contract";
export { formatMoney, formatTaxRate } from "@parkwell/contract";

/**
 * A number as typed, with the language's digit grouping taken out and a decimal comma read as a
 * point: "20,000" and "20,000.50" in English, "20 000" and "20 000,50" in French (a space, a
 * no-break space or a narrow one between groups of three); "1500,50" either way. The web's one
 * reading of a typed number (parseNumber; the wallet's amounts, the back office's forms).
 */
export function normalizeNumber(text: string, language: string): string {
  let value = text.trim().replace(/(\d)[\s\u00a0\u202f](?=\d{3}(?:\D|$))/g, "$1");
  if (!language.startsWith("fr") && /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(value))
    value = value.replaceAll(",", "");
  return value.replace(",", ".");
}

/** A typed number (normalizeNumber), or NaN when the field is empty or holds no number. */
export function parseNumber(text: string, language: string): number {
  const value = normalizeNumber(text, language);
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * An amount to prefill a field with, as the language writes it and parseNumber reads it back:
 * 0 or 2 fraction digits as formatMoney ("897.81", "897,81" in French, "20000"); `grouped` adds
 * the language's digit grouping ("4,100", "4 100"), for a table of figures to read and edit.
 */
export function formatAmountInput(amount: number, language: string, { grouped = false } = {}): string {
  const digits = Math.round(amount * 100) % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: grouped,
  }).format(amount);
}

/**
 * A latitude or longitude in an input as the language writes it ("6,4281" in French, "6.4281" in
 * English; up to 6 decimals, no grouping), as formatAmountInput writes an amount; parseNumber reads it back.
 */
export function formatCoordinateInput(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 6, useGrouping: false }).format(value);
}

export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

/**
 * The tax line of a price: the country's tax by its name in the language shown, and what it is
 * charged on (the fees only): "VAT on service fees", "TVA sur les frais de service".
 */
export function taxLabel(t: TFunction, taxName: string): string {
  return t("common:price.taxOnFees", { name: taxNameLabel(t, taxName) });
}

/** A tax's name in the language shown ("TPS" for GST in French); one the catalogue does not name yet as the data names it. */
export function taxNameLabel(t: TFunction, taxName: string): string {
  const names = t("common:price.taxNames", { returnObjects: true }) as Record<string, string>;
  return names[taxName] ?? taxName;
}

/**
 * One of a price's taxes by name and rate in the language shown (decision 047): "GST 5%",
 * "TVQ 9,975 %"; a tax without a known rate (a price stored before taxes had names) as `taxLabel`.
 */
export function namedTaxLabel(
  t: TFunction,
  tax: { name: string; rate_percent: number | null },
  locale: string,
): string {
  if (tax.rate_percent === null) return taxLabel(t, tax.name);
  return t("common:price.taxRate", {
    name: taxNameLabel(t, tax.name),
    rate: formatTaxRate(tax.rate_percent, locale),
  });
}

/**
 * A price's tax lines, label and amount: each tax as the API lists it ("GST 5%", "QST 9.975%"); a
 * price priced before taxes had names comes as its one tax without a rate ("VAT on service fees").
 * No tax: no line (the API lists every tax charged, and only those).
 */
export function taxLines(
  t: TFunction,
  breakdown: { taxes: { name: string; rate_percent: number | null; amount: number }[] },
  locale: string,
): [string, number][] {
  return breakdown.taxes.map((x): [string, number] => [namedTaxLabel(t, x, locale), x.amount]);
}

/**
 * A country by its name in the language shown ("Sénégal", "États-Unis" in French), from the
 * common catalogue's `country.names`; a country it does not name yet as the data names it.
 */
export function countryLabel(t: TFunction, country: { code: string; name: string }): string {
  return t(`common:country.names.${country.code}`, { defaultValue: country.name });
}

/**
 * A vehicle type by its name in the language shown ("Voiture", "Fourgon / bus" in French), from
 * the bookings catalogue's `vehicleId`; a type it does not name yet as the data names it.
 * The component asks for the "bookings" namespace.
 */
export function vehicleTypeLabel(
  t: (key: string, options: { defaultValue: string }) => string,
  id: number,
  name: string,
): string {
  return t(`bookings:vehicleId.${id}`, { defaultValue: name });
}

/** "350 m", "1.2 km": a distance as the language writes it. */
export function formatDistance(km: number, language: string): string {
  return km < 1
    ? `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(km * 1000)}\u00a0m`
    : `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(km)}\u00a0km`;
}

/**
 * Where a park is, in one line: its address, then its city and state only where they add
 * something ("Allen Avenue, Ikeja, Lagos", not "…, Ikeja, Lagos, Lagos"; "…, Dakar", not
 * "…, Dakar, Dakar").
 */
export function placeLine(address: string, city: string, state?: string | null): string {
  const parts = address
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const has = (name: string) => parts.some((p) => p.toLowerCase() === name.trim().toLowerCase());
  for (const name of [city, state ?? ""]) if (name.trim() && !has(name)) parts.push(name.trim());
  return parts.join(", ");
}

/** A change in percent with its sign, as the language writes it: "+50%", "−10 %" (a busy-time rule's). */
export const signedPercent = (n: number, language: string): string =>
  `${n > 0 ? "+" : "−"}${formatTaxRate(Math.abs(n), language)}`;
