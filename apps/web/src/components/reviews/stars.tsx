import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatAverage } from "./format";
import "./reviews.css";

/**
 * Stars shown, not chosen: five, the first `value` filled (an average is rounded to the nearest
 * half for the picture); screen readers hear "4.5 out of 5 stars" instead of the symbols.
 */
export function Stars({ value, size = "md" }: { value: number; size?: "sm" | "md" | "lg" }) {
  const { t, i18n } = useTranslation("reviews");
  const halves = Math.round(value * 2);
  return (
    <span
      className={`review-stars review-stars--${size}`}
      role="img"
      aria-label={t("starsLabel", { value: formatAverage(value, i18n.language) })}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <span
          key={n}
          aria-hidden="true"
          className={
            halves >= n * 2
              ? "review-star review-star--full"
              : halves === n * 2 - 1
                ? "review-star review-star--half"
                : "review-star"
          }
        >
          ★
        </span>
      ))}
    </span>
  );
}

/**
 * 1 to 5 stars to choose: a radio group (Tab reaches it, the arrow keys move the choice, Space
 * picks), each radio's name "3 stars" for screen readers, drawn as stars. An optional one can be
 * cleared with its "Not rated" choice.
 */
export function StarInput({
  legend,
  value,
  onChange,
  optional = false,
  error,
}: {
  legend: string;
  value: number | null;
  onChange: (value: number | null) => void;
  optional?: boolean;
  error?: string | undefined;
}) {
  const { t } = useTranslation("reviews");
  const name = useId();
  return (
    <fieldset className="review-star-input" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>
        {legend}
        {optional ? <span className="review-muted"> {t("optional")}</span> : null}
      </legend>
      <div className="review-star-input__choices">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className={
              value !== null && n <= value
                ? "review-star-choice review-star-choice--on"
                : "review-star-choice"
            }
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-label={t("starCount", { count: n })}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
        {optional && (
          <label className="review-star-choice review-star-choice--none">
            <input
              type="radio"
              name={name}
              value=""
              checked={value === null}
              onChange={() => onChange(null)}
            />
            <span>{t("notRated")}</span>
          </label>
        )}
      </div>
      {error && (
        <p id={`${name}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
