import { CHARGER_CONNECTOR_NAMES, type ParkCharger } from "@parkwell/contract";
import type { TFunction } from "i18next";
import { formatMoney, formatNumber } from "./format";

/**
 * A charger group in words, the one way every page says it (the park page, the checkout, a
 * booking, the gate); the words are the `parks` namespace's (`chargerKw`, `chargerCount`,
 * `chargerPer`), so a caller asks for that namespace.
 */

/** "CCS2 · 60 kW": the connector's standard name and the power. */
export const chargerKind = (
  t: TFunction<"parks">,
  c: Pick<ParkCharger, "connector" | "power_kw">,
  language: string,
) =>
  `${CHARGER_CONNECTOR_NAMES[c.connector]} · ${t("chargerKw", { kw: formatNumber(c.power_kw, language) })}`;

/** "₦380.00 per kWh": the operator's price, per kWh or per hour. */
export const chargerPrice = (
  t: TFunction<"parks">,
  c: Pick<ParkCharger, "price_unit" | "price" | "currency">,
  language: string,
) => t(`chargerPer.${c.price_unit}`, { price: formatMoney(c.price, c.currency, language) });

/** A group of chargers in words: "CCS2 · 60 kW", its count, "₦380.00 per kWh". */
export function chargerFacts(t: TFunction<"parks">, c: ParkCharger, language: string) {
  return {
    kind: chargerKind(t, c, language),
    count: t("chargerCount", { count: c.count }),
    price: chargerPrice(t, c, language),
  };
}
