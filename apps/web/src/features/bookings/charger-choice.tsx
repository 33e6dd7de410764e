import type { ParkCharger } from "@parkwell/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { chargerKind, chargerPrice } from "../../lib/charger-text";

/**
 * The checkout's "EV charger" choice (decision 048): no charger (the default) or one of the park's
 * active groups, whose id the booking sends as `charger_id` so one charger of the group is kept for
 * the window. The charging itself is the operator's, paid at the charger, never with the booking:
 * each option and the line under them say so. `error` is the API's refusal of the choice (a 409
 * `charger_full`, a 422 at `charger_id`), shown here, where the driver can choose again.
 */
export function ChargerChoice({
  chargers,
  value,
  onChange,
  error,
}: {
  chargers: ParkCharger[];
  /** The chosen group's id, null for none. */
  value: number | null;
  onChange: (chargerId: number | null) => void;
  error?: string | null | undefined;
}) {
  const { t, i18n } = useTranslation("bookings");
  // The connector, power and price in the park page's words (the `parks` namespace).
  const { t: tp } = useTranslation("parks");
  const id = useId();
  if (chargers.length === 0) return null;
  const invalid = error ? true : undefined;
  const described = [`${id}-paid`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <fieldset className="charger-choice" data-testid="charger-choice" aria-describedby={described}>
      <legend>{t("checkout.charger.legend")}</legend>
      <label>
        <input
          type="radio"
          name="charger_id"
          value=""
          checked={value === null}
          aria-invalid={invalid}
          onChange={() => onChange(null)}
        />
        <span>{t("checkout.charger.none")}</span>
      </label>
      {chargers.map((c) => (
        <label key={c.id}>
          <input
            type="radio"
            name="charger_id"
            value={c.id}
            checked={value === c.id}
            aria-invalid={invalid}
            onChange={() => onChange(c.id)}
          />
          <span>
            {t("checkout.charger.option", {
              kind: chargerKind(tp, c, i18n.language),
              price: chargerPrice(tp, c, i18n.language),
            })}
          </span>
        </label>
      ))}
      <p id={`${id}-paid`} className="field__hint" data-testid="charger-paid">
        {t("checkout.charger.paidAtCharger")}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert" data-testid="charger-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
