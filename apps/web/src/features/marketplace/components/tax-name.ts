import type { TFunction } from "i18next";

/** The country's tax by its name in the language shown ("VAT", "TVA"), as the data names it otherwise. */
export function taxName(t: TFunction, name: string): string {
  if (!name) return t("marketplace:totals.tax");
  const names = t("common:price.taxNames", { returnObjects: true }) as Record<string, string>;
  return names[name] ?? name;
}
