import { INSURED_VALUE_MAX, INSURED_VALUE_MIN, type VehicleDocInsurer } from "@parkwell/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/ui/form-field";
import { Spinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api";
import { formatMoney, formatNumber } from "../../lib/format";

/**
 * The declared value as typed (whole naira; spaces, commas and dots as thousands separators are
 * allowed), or null when it is not a whole number within the bounds the API takes.
 */
export function vehicleValueOf(typed: string): number | null {
  const digits = typed.replace(/[\s,.\u202f\u00a0]/g, "");
  if (!/^\d{1,10}$/.test(digits)) return null;
  const value = Number(digits);
  return value >= INSURED_VALUE_MIN && value <= INSURED_VALUE_MAX ? value : null;
}

/**
 * Comprehensive insurance's two questions: the insurer (each with its rate on the value and its
 * minimum premium) and the vehicle's value in whole naira. Both live in the query string.
 */
export function InsuranceFields({
  insurers,
  insurerId,
  value,
  onInsurer,
  onValue,
}: {
  insurers: UseQueryResult<VehicleDocInsurer[]>;
  insurerId: number | undefined;
  value: string;
  onInsurer: (id: number) => void;
  onValue: (value: string) => void;
}) {
  const { t, i18n } = useTranslation("vehicle-docs");
  const lang = i18n.language;
  const id = useId();
  const naira = (n: number) => formatMoney(n, "NGN", lang);
  const invalid = value !== "" && vehicleValueOf(value) === null;
  return (
    <div className="vd-insurance">
      {insurers.isPending && <Spinner />}
      {insurers.isError && (
        <p role="alert" className="alert alert--error">
          {insurers.error instanceof ApiError ? insurers.error.message : t("loadError")}
        </p>
      )}
      {insurers.isSuccess && insurers.data.length === 0 && (
        <p className="field__hint">{t("insurance.none")}</p>
      )}
      {insurers.isSuccess && insurers.data.length > 0 && (
        <fieldset className="vd-options">
          <legend>{t("insurance.insurer")}</legend>
          {insurers.data.map((insurer) => (
            <label key={insurer.id} className="vd-option">
              <input
                type="radio"
                name={`${id}-insurer`}
                checked={insurerId === insurer.id}
                onChange={() => onInsurer(insurer.id)}
              />
              <span className="vd-option__name">
                <strong>{insurer.name}</strong>
                <span className="vd-line__detail">
                  {t("insurance.terms", {
                    rate: formatNumber(insurer.rate, lang, { maximumFractionDigits: 2 }),
                    minimum: formatMoney(insurer.minimum_premium, insurer.currency, lang),
                  })}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <TextField
        label={t("insurance.value")}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        hint={t("insurance.valueHint", { min: naira(INSURED_VALUE_MIN), max: naira(INSURED_VALUE_MAX) })}
        error={
          invalid
            ? t("insurance.valueInvalid", { min: naira(INSURED_VALUE_MIN), max: naira(INSURED_VALUE_MAX) })
            : undefined
        }
        onChange={(e) => onValue(e.currentTarget.value)}
      />
    </div>
  );
}
