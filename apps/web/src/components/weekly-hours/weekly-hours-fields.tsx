import { describeHours, overlappingWindows, PLAN_MAX_WINDOWS } from "@parkwell/contract";
import { useId, useRef, type ReactNode } from "react";
import { useFieldArray, type FieldValues, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../ui/form-field";
import {
  completeWindows,
  presetWindows,
  windowValues,
  type HoursPreset,
  type WeeklyHoursValues,
} from "./weekly-hours-values";
import "./weekly-hours.css";

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * Weekly hours: a preset among `presets` (any time, 24/7, weekdays by day, nights and weekends)
 * or windows of one's own (a weekday, a start and an end on the park's clock; an end at or before
 * the start runs past midnight), with the hours in words as they change. The form holds them as
 * `preset` and `windows` (WeeklyHoursValues); `error` gives a field's message by its dotted name.
 * Read-only when `disabled`.
 */
export function WeeklyHoursFields<V extends FieldValues & WeeklyHoursValues, Out>({
  form,
  presets,
  title,
  hint,
  summary,
  error,
  disabled = false,
  className,
}: {
  form: UseFormReturn<V, unknown, Out>;
  presets: readonly HoursPreset[];
  title: string;
  hint?: ReactNode;
  /** The hours in words (null: at any time) as the page says them. */
  summary: (hours: string | null) => string;
  error: (name: string) => string | undefined;
  disabled?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation("weekly-hours");
  const lang = i18n.language.startsWith("fr") ? "fr" : "en";
  // The fields are the same whatever else the form holds.
  const hours = form as unknown as UseFormReturn<WeeklyHoursValues>;
  const rows = useFieldArray({ control: hours.control, name: "windows" });
  const add = useRef<HTMLButtonElement>(null);
  const errorId = `${useId()}-windows-error`;
  const preset = hours.watch("preset");
  const windows = hours.watch("windows");
  const complete = completeWindows(windows);
  const overlap = preset === "any" ? null : overlappingWindows(complete);

  const choose = (next: HoursPreset) => {
    hours.setValue("preset", next, { shouldDirty: true });
    if (next !== "custom" && next !== "any") rows.replace(windowValues(presetWindows(next)));
  };
  const remove = (i: number) => {
    rows.remove(i);
    // The removed row's button is gone: the focus stays in the list of windows.
    add.current?.focus();
  };
  const dayName = (d: number) => t(`weekday.${d}`);
  const said =
    preset === "any"
      ? summary(null)
      : complete.length > 0
        ? summary(describeHours(complete, lang))
        : t("summaryNone");

  return (
    <section className={["weekly-hours", className].filter(Boolean).join(" ")}>
      <h2>{title}</h2>
      {hint && <p className="weekly-hours__hint">{hint}</p>}
      <fieldset className="weekly-hours__presets">
        <legend className="visually-hidden">{t("fields.preset")}</legend>
        {presets.map((p) => (
          <label key={p}>
            <input
              type="radio"
              name="preset"
              value={p}
              checked={preset === p}
              disabled={disabled}
              onChange={() => choose(p)}
            />
            {t(`presets.${p}`)}
          </label>
        ))}
      </fieldset>
      {preset === "custom" && (
        // Named "windows": a refusal of the windows as a whole (two overlap) is shown at them.
        <fieldset
          name="windows"
          className="weekly-hours__list"
          aria-describedby={error("windows") ? errorId : undefined}
        >
          <legend className="visually-hidden">{t("fields.windows")}</legend>
          <ul className="weekly-hours__windows">
            {rows.fields.map((row, i) => (
              <li key={row.id} className="weekly-hours__window">
                <SelectField
                  label={t("fields.weekday")}
                  options={WEEKDAYS.map((d) => [String(d), dayName(d)] as const)}
                  disabled={disabled}
                  error={error(`windows.${i}.weekday`)}
                  {...hours.register(`windows.${i}.weekday`)}
                />
                <TextField
                  label={t("fields.start")}
                  placeholder="07:00"
                  inputMode="numeric"
                  maxLength={5}
                  disabled={disabled}
                  error={error(`windows.${i}.start`)}
                  {...hours.register(`windows.${i}.start`)}
                />
                <TextField
                  label={t("fields.end")}
                  placeholder="19:00"
                  inputMode="numeric"
                  maxLength={5}
                  disabled={disabled}
                  error={error(`windows.${i}.end`)}
                  {...hours.register(`windows.${i}.end`)}
                />
                {!disabled && (
                  <button
                    type="button"
                    className="button"
                    disabled={rows.fields.length <= 1}
                    aria-label={t("removeWindow", { n: i + 1 })}
                    onClick={() => remove(i)}
                  >
                    {t("remove")}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {!disabled && (
            <>
              <button
                ref={add}
                type="button"
                className="button"
                disabled={rows.fields.length >= PLAN_MAX_WINDOWS}
                onClick={() => rows.append({ weekday: "1", start: "", end: "" })}
              >
                {t("addWindow")}
              </button>
              <p className="weekly-hours__hint">{t("windowHint")}</p>
            </>
          )}
        </fieldset>
      )}
      <p className="weekly-hours__summary" aria-live="polite">
        {said}
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
        <p id={errorId} role="alert" className="field__error">
          {error("windows")}
        </p>
      )}
    </section>
  );
}
