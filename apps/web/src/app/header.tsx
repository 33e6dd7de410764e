import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { useCountryOffers } from "../lib/country";
import { useMenu } from "../lib/use-menu";
import { EXTERNAL_LINKS } from "../lib/links";
import { openLoginDialog } from "../lib/login-dialog";
import { useSession } from "../lib/session";
import { CartButton } from "../features/marketplace/cart-button";
import { CountryDropdown } from "./country-dropdown";
import { ProfileMenu } from "./profile-menu";

const LanguagePanel = lazy(async () => ({ default: (await import("./language-panel")).LanguagePanel }));

/** The header turns sticky after 20 px of scroll. */
export const STICKY_AFTER_PX = 20;

const NAV = [
  { to: "/", key: "nav.home", end: true },
  { to: "/parks-list", key: "nav.findParking" },
  { to: "/events", key: "nav.events" },
  { to: "/marketplace", key: "nav.marketplace" },
  { to: "/get-started", key: "nav.getStarted", signedOutOnly: true },
  { to: "/about", key: "nav.about" },
] as const;

function useSticky(): boolean {
  const [sticky, setSticky] = useState(false);
  useEffect(() => {
    const onScroll = () => setSticky(window.scrollY > STICKY_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return sticky;
}

/** A globe drawn in SVG: an emoji needs a font many systems lack (it shows as a box). */
function GlobeIcon() {
  return (
    <svg
      className="header__chip-icon"
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z" />
    </svg>
  );
}

/** Opens the login dialog; signed out only. */
function LoginButton({ onClick }: { onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="nav__login"
      onClick={() => {
        onClick?.();
        openLoginDialog();
      }}
    >
      {t("nav.login")}
    </button>
  );
}

function SignUpLink({ onClick }: { onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <Link to="/register" className="button button--accent nav__signup" onClick={onClick}>
      {t("nav.signup")}
    </Link>
  );
}

/**
 * The site header, with the country dropdown, the side panel and the profile menu.
 * Signed out: Log in beside the chips on a wide screen (the login dialog links to sign-up), and
 * Log in and Sign up in the menu below that width.
 */
export function Header() {
  const { t, i18n } = useTranslation();
  const navRef = useRef<HTMLElement>(null);
  // The phone's menu opens below the header's buttons but comes before them in the page: opening
  // it takes the focus to its first link, so Tab walks the links; Escape closes it, back to its button.
  const { open, setOpen, toggle, rootRef, buttonRef } = useMenu({ focusInto: navRef });
  const [panel, setPanel] = useState(false);
  const sticky = useSticky();
  // Vehicle Docs is linked where the selected country's row offers it (Nigeria today).
  const vehicleDocs = useCountryOffers("vehicle_docs");
  const { signedIn } = useSession();
  const items = NAV.filter((item) => !(signedIn && "signedOutOnly" in item));

  return (
    <header className={sticky ? "header header--sticky" : "header"} data-sticky={sticky}>
      <div ref={rootRef} className="header__inner container">
        <Link to="/" className="brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{t("brand")}</span>
        </Link>
        <nav ref={navRef} id="main-nav" aria-label={t("nav.main")} className={open ? "nav nav--open" : "nav"}>
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={"end" in item} onClick={() => setOpen(false)}>
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
            {vehicleDocs && (
              <li>
                <NavLink to="/vehicle-docs-renewal" onClick={() => setOpen(false)}>
                  {t("nav.vehicleDocs")}
                </NavLink>
              </li>
            )}
            <li>
              <a href={EXTERNAL_LINKS.partnerSite} rel="noopener" className="nav__partner">
                {t("nav.listSpace")}
              </a>
            </li>
            {!signedIn && (
              <>
                <li className="nav__account">
                  <LoginButton onClick={() => setOpen(false)} />
                </li>
                <li className="nav__account">
                  <SignUpLink onClick={() => setOpen(false)} />
                </li>
              </>
            )}
          </ul>
        </nav>
        <div className="header__actions">
          <CountryDropdown />
          <button
            type="button"
            className="header__chip"
            aria-haspopup="dialog"
            onClick={() => setPanel(true)}
          >
            <GlobeIcon />
            <span className="visually-hidden">{t("panel.open")}</span>
            <span>{i18n.language.toUpperCase()}</span>
          </button>
          <CartButton />
          {signedIn ? (
            <ProfileMenu />
          ) : (
            <span className="header__account">
              <LoginButton />
            </span>
          )}
          <button
            ref={buttonRef}
            type="button"
            className="header__toggle"
            aria-expanded={open}
            aria-controls="main-nav"
            onClick={toggle}
          >
            <span aria-hidden="true">{open ? "✕" : "☰"}</span>
            <span className="visually-hidden">{open ? t("nav.closeMenu") : t("nav.openMenu")}</span>
          </button>
        </div>
      </div>
      {panel && (
        <Suspense fallback={null}>
          <LanguagePanel open={panel} onClose={() => setPanel(false)} />
        </Suspense>
      )}
    </header>
  );
}
