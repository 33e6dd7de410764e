import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useCountryOffers } from "../lib/country";
import { adminMeQuery } from "../lib/queries";
import { useSession, type CachedProfile } from "../lib/session";
import { useMenu } from "../lib/use-menu";
import { logout } from "../lib/logout";

const LINKS = [
  ["/bookings", "nav.myBookings"],
  ["/orders", "nav.myOrders"],
  ["/wallet", "nav.wallet"],
  ["/receipts", "nav.receipts"],
  ["/referrals", "nav.referrals"],
  ["/business", "nav.business"],
  ["/profile", "nav.profile"],
] as const;

/** My renewal requests, after My orders, while the selected country offers the renewal (Nigeria). */
const VEHICLE_DOCS_LINK = ["/vehicle-docs-renewal/requests", "nav.vehicleDocRequests"] as const;

/** The avatar shows the initial of first_name, or 'User' when there is none. */
export function avatarText(firstName: string | null | undefined, fallback: string): string {
  const initial = firstName?.trim().charAt(0);
  return initial ? initial.toUpperCase() : fallback;
}

/**
 * Whether to ask GET /admin/me for a back-office link: only when the cached profile names a role
 * other than customer, so drivers never make the call (it would answer 403).
 */
export function mayHaveBackOffice(profile: CachedProfile | null): boolean {
  return typeof profile?.role === "string" && profile.role !== "customer";
}

/**
 * Back office, for a user with any back-office permission. Only the small /admin/me query lives
 * here; the back office's code loads when the link is followed.
 */
function useBackOfficeLink(): boolean {
  const { profile } = useSession();
  const me = useQuery({ ...adminMeQuery(), enabled: mayHaveBackOffice(profile) });
  return Boolean(me.data && me.data.permissions.length > 0);
}

/** The signed-in profile menu: My Bookings, My orders, Wallet, Receipts, Profile, Back office (staff), Logout. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const { open, toggle, rootRef, buttonRef, go } = useMenu();
  const backOffice = useBackOfficeLink();
  const vehicleDocs = useCountryOffers("vehicle_docs");
  const own = vehicleDocs ? [...LINKS.slice(0, 2), VEHICLE_DOCS_LINK, ...LINKS.slice(2)] : [...LINKS];
  const links = backOffice ? [...own, ["/admin", "nav.backOffice"] as const] : own;
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
          {links.map(([to, key]) => (
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
