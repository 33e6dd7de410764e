import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { openCountryPicker, useSelectedCountry } from "../lib/country";
import { LANGUAGES, setLanguage } from "../lib/i18n";

/** English or French (the side panel and the country picker): stored, and signed in the account's. */
export function LanguageChoice({ className = "choice" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  // The choice shows at once; the catalogues of the new language load behind it.
  const [chosen, setChosen] = useState(i18n.language);
  return (
    <fieldset className={className}>
      <legend>{t("panel.language")}</legend>
      {LANGUAGES.map((lng) => (
        <label key={lng} className="choice__option">
          <input
            type="radio"
            name="language"
            value={lng}
            checked={chosen === lng}
            onChange={() => {
              setChosen(lng);
              void setLanguage(lng);
            }}
          />
          <span lang={lng}>{t(`panel.languages.${lng}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The side panel: English or French, stored as `language`, and the way to change the
 * country/region, with the warning that it empties the shopping cart.
 */
export function LanguagePanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const country = useSelectedCountry();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="panel"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(e) => e.target === ref.current && onClose()}
    >
      <div className="panel__body">
        <div className="panel__head">
          <h2 id={titleId}>{t("panel.title")}</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t("panel.close")}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <LanguageChoice />
        <h3 className="panel__subtitle">{t("panel.region")}</h3>
        <p>{t("panel.currentRegion", { name: t(`country.names.${country.code}`) })}</p>
        <p className="notice" id={`${titleId}-warning`}>
          {t("panel.cartWarning")}
        </p>
        <button
          type="button"
          className="button"
          aria-describedby={`${titleId}-warning`}
          onClick={() => {
            onClose();
            openCountryPicker();
          }}
        >
          {t("panel.changeRegion")}
        </button>
      </div>
    </dialog>
  );
}
