import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";

const NAV = [
  { to: "/", key: "nav.home", end: true },
  { to: "/parks-list", key: "nav.findParking" },
  { to: "/events", key: "nav.events" },
  { to: "/marketplace", key: "nav.marketplace" },
  { to: "/get-started", key: "nav.getStarted" },
  { to: "/about", key: "nav.about" },
] as const;

export function Header() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <header className="header">
      <div className="header__inner container">
        <Link to="/" className="brand" aria-label={t("brand")}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{t("brand")}</span>
        </Link>
        <button
          type="button"
          className="header__toggle"
          aria-expanded={open}
          aria-controls="main-nav"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? t("nav.closeMenu") : t("nav.openMenu")}
        </button>
        <nav id="main-nav" aria-label={t("nav.main")} className={open ? "nav nav--open" : "nav"}>
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={"end" in item} onClick={() => setOpen(false)}>
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
