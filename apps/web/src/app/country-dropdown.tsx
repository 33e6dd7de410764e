import { useTranslation } from "react-i18next";
import { CountryFlag } from "../components/ui/country-flag";
import { leaveCountry } from "../features/marketplace/cart";
import { chooseCountry, useCountryFlow, useSelectedCountry } from "../lib/country";
import { useMenu } from "../lib/use-menu";
import { countryLabel } from "../lib/format";

/** The header's country dropdown (desktop and mobile): choosing stores the country and reloads. */
export function CountryDropdown() {
  const { t } = useTranslation();
  const selected = useSelectedCountry();
  // The served countries (the API's list as last loaded, else the built-in four).
  const { countries } = useCountryFlow();
  const { open, setOpen, toggle, rootRef, buttonRef } = useMenu();
  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="header__chip"
        aria-expanded={open}
        aria-controls="country-menu"
        onClick={toggle}
      >
        <CountryFlag code={selected.code} />
        <span className="visually-hidden">
          {t("country.button", {
            name: countryLabel(t, selected),
          })}
        </span>
        <span className="header__chip-code">{selected.code}</span>
      </button>
      {open && (
        <ul id="country-menu" className="menu__list" aria-label={t("country.menuLabel")}>
          {countries.map((c) => (
            <li key={c.code}>
              <button
                type="button"
                className="menu__item"
                aria-current={c.code === selected.code ? "true" : undefined}
                onClick={() => {
                  setOpen(false);
                  // The cart is the country's: another country starts an empty one.
                  leaveCountry(selected.code, c.code);
                  chooseCountry(c);
                }}
              >
                <CountryFlag code={c.code} /> {countryLabel(t, c)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
