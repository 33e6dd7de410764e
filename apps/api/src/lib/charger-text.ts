/**
 * A charger group in words, the API's one way of saying it (what the web's
 * apps/web/src/lib/charger-text.ts says on the pages, from the same catalogue entries): a
 * booking's e-mails and its receipts name the charger held with these.
 */
import { CHARGER_CONNECTOR_NAMES, formatMoney, type BookingCharger } from "@parkwell/contract";
import type { Language } from "./language";
import { chargerWords, fill } from "./texts";

/** "CCS2 · 60 kW" ("Type 2 · 7,4 kW" in French): the connector's standard name and the power. */
export const chargerKind = (c: Pick<BookingCharger, "connector" | "power_kw">, language: Language) =>
  `${CHARGER_CONNECTOR_NAMES[c.connector]} · ${fill(chargerWords(language).kw, {
    kw: new Intl.NumberFormat(language).format(c.power_kw),
  })}`;

/** "₦150.00 per kWh": the operator's price, per kWh or per hour (paid at the charger). */
export const chargerPrice = (
  c: Pick<BookingCharger, "price_unit" | "price" | "currency">,
  language: Language,
) => fill(chargerWords(language).per[c.price_unit], { price: formatMoney(c.price, c.currency, language) });

/**
 * The charger a booking holds, as its page's "EV charger" row says it: the label, and "CCS2 ·
 * 60 kW — ₦150.00 per kWh, paid at the charger", or "… per hour, paid with the booking" when the
 * booking bought its charging (`sold`: its price has a `charging` line, decision 048).
 */
export function chargerHeld(
  c: BookingCharger,
  language: Language,
  sold = false,
): { label: string; value: string } {
  const words = chargerWords(language);
  return {
    label: words.held,
    value: fill(sold ? words.heldLineHour : words.heldLine, {
      kind: chargerKind(c, language),
      price: chargerPrice(c, language),
    }),
  };
}
