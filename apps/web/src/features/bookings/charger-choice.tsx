import type { ParkCharger, WindowCharger } from "@parkwell/contract";
import { useEffect, useEffectEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { chargerKind, chargerPrice } from "../../lib/charger-text";
import { formatNumber } from "../../lib/format";

/**
 * The checkout's "EV charger" choice (decision 048): no charger (the default) or one of the park's
 * active groups, whose id the booking sends as `charger_id` so one charger of the group is kept for
 * the window. The charging of a group priced per kWh is paid at the charger, never with the
 * booking; that of a group priced per hour is paid with the booking (its price's `charging` line):
 * each option and the line under them say which. `free` is the window's availability (its
 * `chargers`): each group says how many of its chargers are free for the whole window, and one
 * with none is disabled, saying so (a keyboard skips it; its reason is its description). `dropped`
 * is the group the choice fell back from when the window left none of it free. `error` is the
 * API's refusal of the choice (a 409 `charger_full`, a 422 at `charger_id`), shown here, where the
 * driver can choose again.
 */
export function ChargerChoice({
  chargers,
  value,
  onChange,
  free,
  dropped,
  error,
}: {
  chargers: ParkCharger[];
  /** The chosen group's id, null for none. */
  value: number | null;
  onChange: (chargerId: number | null) => void;
  /** The chosen window's free chargers per group; undefined while unknown or unbookable. */
  free?: WindowCharger[] | undefined;
  /** The group the choice fell back from (every charger of it booked for this window). */
  dropped?: ParkCharger | null | undefined;
  error?: string | null | undefined;
}) {
  const { t, i18n } = useTranslation("bookings");
  // The connector, power and price in the park page's words (the `parks` namespace).
  const { t: tp } = useTranslation("parks");
  const id = useId();
  if (chargers.length === 0) return null;
  const invalid = error ? true : undefined;
  const described = [`${id}-paid`, dropped ? `${id}-dropped` : "", error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  const byId = new Map(free?.map((c) => [c.id, c]));
  const number = (n: number) => formatNumber(n, i18n.language);
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
      {chargers.map((c) => {
        const known = byId.get(c.id);
        const full = known !== undefined && known.free < 1;
        const name = `${id}-${c.id}`;
        return (
          <label key={c.id} className={full ? "charger-choice__full" : undefined}>
            <input
              type="radio"
              name="charger_id"
              value={c.id}
              checked={value === c.id}
              disabled={full}
              aria-invalid={invalid}
              // Its name is the option; how many are free (or why it cannot be chosen) its description.
              aria-labelledby={name}
              aria-describedby={known ? `${name}-free` : undefined}
              onChange={() => onChange(c.id)}
            />
            <span className="charger-choice__text">
              <span id={name}>
                {t(c.price_unit === "hour" ? "checkout.charger.optionHour" : "checkout.charger.option", {
                  kind: chargerKind(tp, c, i18n.language),
                  price: chargerPrice(tp, c, i18n.language),
                })}
              </span>
              {known && (
                <span id={`${name}-free`} className="charger-choice__free" data-testid="charger-free">
                  {full
                    ? t("checkout.charger.full")
                    : t("checkout.charger.free", {
                        count: known.free,
                        free: number(known.free),
                        total: number(known.count),
                      })}
                </span>
              )}
            </span>
          </label>
        );
      })}
      {/* A live region from the start, so the fall-back is read out when it happens. */}
      <div role="status" className="charger-choice__status">
        {dropped && (
          <p id={`${id}-dropped`} className="notice" data-testid="charger-dropped">
            {t("checkout.charger.dropped", { kind: chargerKind(tp, dropped, i18n.language) })}
          </p>
        )}
      </div>
      <p id={`${id}-paid`} className="field__hint" data-testid="charger-paid">
        {[
          chargers.some((c) => c.price_unit === "hour") ? t("checkout.charger.paidWithBooking") : null,
          chargers.some((c) => c.price_unit === "kwh") ? t("checkout.charger.paidAtCharger") : null,
          t("checkout.charger.keeps"),
        ]
          .filter(Boolean)
          .join(" ")}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert" data-testid="charger-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The charger chosen, kept true to the window: when the window's availability (`free`, for the
 * window `window` names) leaves none of the chosen group free, the choice falls back to none
 * (`drop` writes it to the URL) and the group is returned as `dropped` for the choice to say so,
 * for as long as that window is chosen and no other choice is made (`forget`).
 */
export function useChargerFallback({
  chargers,
  chosen,
  free,
  window,
  drop,
}: {
  chargers: ParkCharger[];
  chosen: number | null;
  free: WindowCharger[] | undefined;
  window: string;
  drop: () => void;
}) {
  const [dropped, setDropped] = useState<{ id: number; window: string } | null>(null);
  const full = chosen !== null && free?.some((c) => c.id === chosen && c.free < 1) === true;
  // Remembered as the render learns it (React's "state from the previous render" pattern).
  if (full && (dropped?.id !== chosen || dropped.window !== window)) setDropped({ id: chosen, window });
  // The URL, which keeps the checkout's choices, is then told: no charger.
  const stale = dropped !== null && dropped.id === chosen;
  const tell = useEffectEvent(drop);
  useEffect(() => {
    if (stale) tell();
  }, [stale]);
  const group = dropped?.window === window ? chargers.find((c) => c.id === dropped.id) : undefined;
  return {
    /** The choice as it stands: none once the chosen group fell back. */
    value: stale ? null : chosen,
    dropped: group ?? null,
    forget: () => setDropped(null),
  };
}
