import { describeHours, overlappingWindows, PLAN_MAX_WINDOWS } from "@parkwell/contract";
import { useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../components/ui/form-field";
import {
  completeWindows,
  HOURS_PRESETS,
  presetWindows,
  windowValues,
  type HoursPreset,
  type PlanForm,
} from "./plan-form-values";

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The plan's weekly hours: a preset (24/7, weekdays by day, nights and weekends) or windows of
 * one's own (a weekday, a start and an end on the park's clock; an end at or before the start runs
 * past midnight), with the hours in words as they change.
 */
export function PlanHoursFields({
  form,
  zone,
  error,
}: {
  form: PlanForm;
  zone: string;
  error: (name: string) => string | undefined;
}) {
  const { t, i18n } = useTranslation("admin-plans");
  const lang = i18n.language.startsWith("fr") ? "fr" : "en";
  const rows = useFieldArray({ control: form.control, name: "windows" });
  const preset = form.watch("preset");
  const windows = form.watch("windows");
  const complete = completeWindows(windows);
  const overlap = overlappingWindows(complete);

  const choose = (next: HoursPreset) => {
    form.setValue("preset", next);
    if (next !== "custom") rows.replace(windowValues(presetWindows(next)));
  };
  const dayName = (d: number) => t(`weekday.${d}`);

  return (
    <section className="admin-park-section">
      <h2>{t("sections.hours")}</h2>
      <p className="admin-park-muted">{t("hoursHint", { zone })}</p>
      <fieldset className="admin-plan-presets">
        <legend className="visually-hidden">{t("fields.preset")}</legend>
        {HOURS_PRESETS.map((p) => (
          <label key={p}>
            <input type="radio" name="preset" value={p} checked={preset === p} onChange={() => choose(p)} />
            {t(`presets.${p}`)}
          </label>
        ))}
      </fieldset>
      {preset === "custom" && (
        <>
          <ul className="admin-plan-windows">
            {rows.fields.map((row, i) => (
              <li key={row.id} className="admin-plan-window">
                <SelectField
                  label={t("fields.weekday")}
                  options={WEEKDAYS.map((d) => [String(d), dayName(d)] as const)}
                  error={error(`windows.${i}.weekday`)}
                  {...form.register(`windows.${i}.weekday`)}
                />
                <TextField
                  label={t("fields.start")}
                  placeholder="07:00"
                  inputMode="numeric"
                  maxLength={5}
                  error={error(`windows.${i}.start`)}
                  {...form.register(`windows.${i}.start`)}
                />
                <TextField
                  label={t("fields.end")}
                  placeholder="19:00"
                  inputMode="numeric"
                  maxLength={5}
                  error={error(`windows.${i}.end`)}
                  {...form.register(`windows.${i}.end`)}
                />
                <button
                  type="button"
                  className="button"
                  disabled={rows.fields.length <= 1}
                  aria-label={t("removeWindow", { n: i + 1 })}
                  onClick={() => rows.remove(i)}
                >
                  {t("remove")}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button"
            disabled={rows.fields.length >= PLAN_MAX_WINDOWS}
            onClick={() => rows.append({ weekday: "1", start: "", end: "" })}
          >
            {t("addWindow")}
          </button>
          <p className="admin-park-muted">{t("windowHint")}</p>
        </>
      )}
      <p className="admin-plan-summary" aria-live="polite">
        {complete.length > 0 ? t("summary", { hours: describeHours(complete, lang) }) : t("summaryNone")}
      </p>
      {overlap && (
        <p role="alert" className="field__error">
          {t("overlap", {
            a: `${dayName(overlap[0].weekday)} ${overlap[0].start}-${overlap[0].end}`,
            b: `${dayName(overlap[1].weekday)} ${overlap[1].start}-${overlap[1].end}`,
          })}
        </p>
      )}
      {error("windows") && (
        <p role="alert" className="field__error">
          {error("windows")}
        </p>
      )}
    </section>
  );
}
