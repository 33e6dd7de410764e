import type { GatePass, PassCheckoutResult } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { formatShortZoned, formatZonedClock } from "../../../lib/zoned-time";
import { formatMoney, vehicleTypeLabel } from "../../../lib/format";

const lang = (language: string): "en" | "fr" => (language.startsWith("fr") ? "fr" : "en");

/** A monthly pass at the gate: the car (the plate inside, else the pass's plates), the plan and its hours. */
export function PassCard({
  pass,
  headline,
  tone,
  plate,
  children,
}: {
  pass: GatePass;
  headline: string;
  tone: "ok" | "warn";
  /** The car this answer is about (the one that came in or left). */
  plate: string;
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation(["admin-gate", "bookings"]);
  const l = lang(i18n.language);
  const zone = pass.park.time_zone;
  return (
    <article className={`gate-card gate-card--${tone}`} data-testid="gate-card" aria-label={headline}>
      <p className="gate-card__headline">{headline}</p>
      <p className="gate-card__plate">{plate}</p>
      <dl className="gate-card__facts">
        <div>
          <dt>{t("pass.plan")}</dt>
          <dd>{pass.plan.name[l]}</dd>
        </div>
        <div>
          <dt>{t("pass.hours")}</dt>
          <dd>{pass.hours[l]}</dd>
        </div>
        <div>
          <dt>{t("pass.plates")}</dt>
          <dd>{pass.plates.join(" · ")}</dd>
        </div>
        <div>
          <dt>{t("result.vehicle")}</dt>
          <dd>{vehicleTypeLabel(t, pass.vehicle_type_id, pass.vehicle_type)}</dd>
        </div>
        <div>
          <dt>{t("result.driver")}</dt>
          <dd>{pass.driver_first_name}</dd>
        </div>
        <div>
          <dt>{t("pass.code")}</dt>
          <dd className="gate-mono">{pass.pass_code}</dd>
        </div>
        <div>
          <dt>{t("pass.inside")}</dt>
          <dd>
            {pass.inside
              ? t("pass.insideSince", {
                  plate: pass.inside.plate,
                  time: formatShortZoned(pass.inside.since, i18n.language, zone),
                })
              : t("pass.noneInside")}
          </dd>
        </div>
      </dl>
      {children}
    </article>
  );
}

/** A pass's car left: the time, and its minutes outside the plan's hours charged or owed. */
export function PassCheckoutSummary({ result }: { result: PassCheckoutResult }) {
  const { t, i18n } = useTranslation(["admin-gate", "bookings"]);
  const money = (n: number) => formatMoney(n, result.currency, i18n.language);
  const owed = result.owed > 0;
  const zone = result.pass.park.time_zone;
  return (
    <PassCard
      pass={result.pass}
      plate={result.visit.plate}
      headline={owed ? t("result.checkedOutOwed") : t("result.checkedOut")}
      tone={owed ? "warn" : "ok"}
    >
      <dl className="gate-card__facts">
        <div>
          <dt>{t("result.inAt")}</dt>
          <dd>{formatShortZoned(result.visit.checked_in_at, i18n.language, zone)}</dd>
        </div>
        <div>
          <dt>{t("result.exit")}</dt>
          <dd>{formatShortZoned(result.exit_time, i18n.language, zone)}</dd>
        </div>
        <div>
          <dt>{t("pass.outside")}</dt>
          <dd>
            {result.overstay_minutes > 0
              ? t("result.minutes", { count: result.overstay_minutes })
              : t("result.noOverstay")}
          </dd>
        </div>
      </dl>
      {result.overstay_amount > 0 && (
        <p className={owed ? "gate-owed" : "gate-charged"} data-testid="gate-overstay">
          {owed
            ? t("result.owed", { amount: money(result.owed) })
            : t("result.charged", { amount: money(result.charged) })}
        </p>
      )}
    </PassCard>
  );
}

/** A pass with two cars: which one is at the barrier? Each plate is a button. */
export function PlateChoice({
  plates,
  onChoose,
  disabled,
}: {
  plates: string[];
  onChoose: (plate: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation("admin-gate");
  return (
    <fieldset className="gate-plates" data-testid="gate-plate-choice">
      <legend>{t("pass.whichCar")}</legend>
      <div className="gate-actions">
        {plates.map((plate) => (
          <button
            key={plate}
            type="button"
            className="button gate-action gate-action--in"
            disabled={disabled}
            onClick={() => onChoose(plate)}
          >
            {plate}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Today's monthly passes at the park: expected, or a car inside since when. */
export function PassList({ passes, onPick }: { passes: GatePass[]; onPick: (code: string) => void }) {
  const { t, i18n } = useTranslation(["admin-gate", "bookings"]);
  const l = lang(i18n.language);
  const inside = passes.filter((p) => p.inside).length;
  return (
    <section className="gate-list" aria-label={t("today.passes")}>
      <h3>
        {t("today.passes")} <span className="gate-count">{passes.length}</span>
        {inside > 0 && <span className="gate-note"> {t("today.passesInside", { count: inside })}</span>}
      </h3>
      {passes.length === 0 ? (
        <p className="gate-note">{t("today.noPasses")}</p>
      ) : (
        <ul>
          {passes.map((p) => (
            <li key={p.id} className="gate-row">
              <span className="gate-row__time">
                {p.inside ? formatZonedClock(p.inside.since, i18n.language, p.park.time_zone) : "—"}
              </span>
              <span className="gate-row__car">
                <strong>{p.inside?.plate ?? p.plates.join(" / ")}</strong> · {p.hours[l]} ·{" "}
                {p.driver_first_name}
              </span>
              <span className={`gate-badge gate-badge--${p.inside ? "in" : "expected"}`}>
                {t(p.inside ? "today.state.in" : "today.state.expected")}
              </span>
              <button
                type="button"
                className="gate-row__code gate-mono"
                onClick={() => onPick(p.pass_code)}
                aria-label={t("today.usePass", { code: p.pass_code })}
              >
                {p.pass_code}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
