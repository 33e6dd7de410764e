/**
 * A park's EV chargers as plain values, without zod (as park-values.ts), so the park page, the
 * search filters and /electric-vehicle-charging can use them without the schema library
 * (docs/PRODUCT-RULES.md#ev-charging, decision 045).
 *
 * The connectors: the four the issue names (Type 2, CCS2, CHAdeMO, GB/T: Nigeria's and Senegal's
 * chargers, European and Chinese imports) and the three North America actually has (J1772 for AC,
 * CCS1 and NACS for DC): a Canadian or American park listing "Type 2" would be untrue.
 */
export const CHARGER_CONNECTORS = ["type2", "ccs2", "chademo", "gbt", "ccs1", "j1772", "nacs"] as const;
export type ChargerConnector = (typeof CHARGER_CONNECTORS)[number];
/** The standards' own names, the same in every language. */
export const CHARGER_CONNECTOR_NAMES: Record<ChargerConnector, string> = {
  type2: "Type 2",
  ccs2: "CCS2",
  chademo: "CHAdeMO",
  gbt: "GB/T",
  ccs1: "CCS1",
  j1772: "J1772",
  nacs: "NACS",
};
/** A charger's power in kW: from a slow AC wallbox (3.7) to the fastest DC (350), one decimal. */
export const CHARGER_KW_MIN = 3.7;
export const CHARGER_KW_MAX = 350;
/** Chargers of one kind at one park (a group the capacity engine will hold, as spaces). */
export const CHARGER_COUNT_MAX = 1000;
/** What a charger's price is per: an energy price (kWh) or a time price (hour). */
export const CHARGER_PRICE_UNITS = ["kwh", "hour"] as const;
export type ChargerPriceUnit = (typeof CHARGER_PRICE_UNITS)[number];
export const CHARGER_STATUSES = ["active", "inactive"] as const;
export type ChargerStatus = (typeof CHARGER_STATUSES)[number];
