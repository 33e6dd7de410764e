import type { CountryCode } from "@parkwell/contract";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CountryFlag } from "../components/ui/country-flag";
import { leaveCountry } from "../features/marketplace/cart";
import { Spinner } from "../components/ui/spinner";
import {
  chooseCountry,
  closeCountryPicker,
  hasStoredCountry,
  useCountryFlow,
  useSelectedCountry,
} from "../lib/country";
import type { DetectedCountry } from "../lib/country-detection";
import { countryLabel } from "../lib/format";
import { LanguageChoice } from "./language-panel";

/** The note beside the detected entry: auto-detected, default country, detection failed. */
function noteKey(d: DetectedCountry): string {
  if (d.autoDetected) return "picker.autoDetected";
  if (d.errorFallback) return "picker.detectionFailed";
  return "picker.defaultCountry";
}

/** The full-screen country picker: the brand, then a card per country (flag and name), the detected one highlighted. */
export default function CountryPicker() {
  const { t } = useTranslation();
  const { pickerOpen, required, detecting, countries, detected } = useCountryFlow();
  const current = useSelectedCountry();
  const stored = hasStoredCountry();
  const ref = useRef<HTMLDialogElement>(null);
  const preselectedRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (pickerOpen && !dialog.open) dialog.showModal();
    if (!pickerOpen && dialog.open) dialog.close();
  }, [pickerOpen]);

  // The preselected country takes focus, so Enter confirms it.
  useEffect(() => {
    if (pickerOpen && !detecting) preselectedRef.current?.focus();
  }, [pickerOpen, detecting, detected]);

  const highlighted: string | undefined = detected?.code ?? (stored ? current.code : undefined);

  return (
    <dialog
      ref={ref}
      className="picker"
      aria-labelledby={titleId}
      aria-busy={detecting}
      onCancel={(e) => {
        // Before a first choice there is nothing to fall back to: Escape does not dismiss.
        if (required) e.preventDefault();
      }}
      onClose={closeCountryPicker}
    >
      <div className="picker__inner container">
        <div className="picker__head">
          <span className="brand picker__brand">
            <img src="/favicon.svg" alt="" width="40" height="40" />
            <span>{t("brand")}</span>
          </span>
          {!required && (
            <button
              type="button"
              className="icon-button picker__close"
              onClick={closeCountryPicker}
              aria-label={t("picker.close")}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <h2 id={titleId} className="picker__title">
          {t("picker.title")}
        </h2>
        <p className="picker__intro">{t("picker.intro")}</p>
        <LanguageChoice className="choice picker__language" />
        {detecting ? (
          <div className="picker__detecting" role="status">
            <Spinner />
            <p>{t("picker.detecting")}</p>
            {detected?.ip && <p>{t("picker.ipLine", { ip: detected.ip })}</p>}
          </div>
        ) : (
          <>
            {detected && (
              <p className="picker__ip" data-testid="ip-line">
                {detected.ip
                  ? t("picker.ipLine", { ip: detected.ip }) +
                    (detected.detectedCity ? ` · ${t("picker.city", { city: detected.detectedCity })}` : "")
                  : t("picker.ipUnknown")}
              </p>
            )}
            <ul className="picker__list">
              {countries.map((c) => {
                const isHighlighted = c.code === highlighted;
                const code = c.code as CountryCode;
                return (
                  <li key={c.code}>
                    <button
                      ref={isHighlighted ? preselectedRef : undefined}
                      type="button"
                      className={
                        isHighlighted ? "picker__country picker__country--detected" : "picker__country"
                      }
                      aria-pressed={isHighlighted}
                      onClick={() => {
                        // After the side panel's warning: the cart of the country left is emptied.
                        if (stored) leaveCountry(current.code, c.code);
                        chooseCountry(c);
                      }}
                    >
                      <CountryFlag code={code} size={42} className="picker__flag" />
                      <span className="picker__text">
                        <span className="picker__name">{countryLabel(t, { code, name: c.name })}</span>
                        {(detected?.code === c.code || (stored && current.code === c.code)) && (
                          <span className="picker__notes">
                            {detected?.code === c.code && (
                              <span className="picker__note">{t(noteKey(detected))}</span>
                            )}
                            {stored && current.code === c.code && (
                              <span className="picker__note picker__note--current">
                                {t("picker.current")}
                              </span>
                            )}
                          </span>
                        )}
                      </span>
                      <span className="picker__arrow" aria-hidden="true">
                        →
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </dialog>
  );
}
