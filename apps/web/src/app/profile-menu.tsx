import { useTranslation } from "react-i18next";
import { useSession } from "../lib/session";
import { useMenu } from "../lib/use-menu";
import { logout } from "../lib/logout";

const LINKS = [
  ["/bookings", "nav.myBookings"],
  ["/wallet", "nav.wallet"],
  ["/profile", "nav.profile"],
] as const;

/** The avatar shows the initial of first_name, or 'User' when there is none. */
export function avatarText(firstName: string | null | undefined, fallback: string): string {
  const initial = firstName?.trim().charAt(0);
  return initial ? initial.toUpperCase() : fallback;
}

/** The signed-in profile menu: My Bookings, Wallet, Profile, Logout. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const { open, toggle, rootRef, buttonRef, go } = useMenu();
  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="avatar"
        aria-expanded={open}
        aria-controls="profile-menu"
        aria-label={t("nav.accountMenu")}
        onClick={toggle}
      >
        {avatarText(profile?.first_name, t("nav.user"))}
      </button>
      {open && (
        <ul id="profile-menu" className="menu__list menu__list--end">
          {LINKS.map(([to, key]) => (
            <li key={to}>
              <a
                className="menu__item"
                href={to}
                onClick={(e) => {
                  e.preventDefault();
                  go(to);
                }}
              >
                {t(key)}
              </a>
            </li>
          ))}
          <li>
            <button type="button" className="menu__item" onClick={() => void logout()}>
              {t("nav.logout")}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
