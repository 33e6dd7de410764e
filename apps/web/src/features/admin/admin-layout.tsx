import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { ApiError } from "../../lib/api";
import { LANGUAGES, setLanguage } from "../../lib/i18n";
import { logout } from "../../lib/logout";
import { PageTitle } from "../../lib/seo/page-head";
import type { AdminMe } from "@parkwell/contract";
import { clearSession } from "../../lib/session";
import { clearForbidden, useForbidden } from "./forbidden";
import { useAdminMe } from "./me";
import { visiblePages } from "./nav";
import { ADMIN_PAGES } from "./pages";
import { ForbiddenPage } from "./status-pages";
import { LoadingState } from "./ui/states";
import "./admin.css";

/** The catalogues of the nav entries a page names in its own namespace (pages.ts `labelNs`). */
const LABEL_NAMESPACES = [...new Set(ADMIN_PAGES.flatMap((p) => (p.labelNs ? [p.labelNs] : [])))];

/** Below this width the sidebar is a drawer behind the menu button (admin.css has the same). */
const DRAWER_QUERY = "(max-width: 959px)";

function UserBlock({ me }: { me: AdminMe }) {
  const { t } = useTranslation("admin");
  const name = [me.user.first_name, me.user.last_name].filter(Boolean).join(" ") || me.user.email;
  return (
    <p className="admin-user">
      <span className="visually-hidden">{t("account")} </span>
      <span className="admin-user__name">{name}</span>
      <span className="admin-user__role">
        {t(`roles.${me.role}`, { defaultValue: me.role })}
        {me.operator ? ` · ${me.operator.name}` : ""}
      </span>
    </p>
  );
}

function LanguageSwitch() {
  const { t, i18n } = useTranslation("admin");
  return (
    <div className="admin-lang" role="group" aria-label={t("language")}>
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className="admin-lang__option"
          aria-pressed={i18n.language === lng}
          // The name begins with what the button shows ("EN"), so that a voice user can say it.
          aria-label={`${lng.toUpperCase()}, ${t(`languages.${lng}`)}`}
          onClick={() => void setLanguage(lng)}
        >
          {lng.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

function SignOutButton() {
  const { t } = useTranslation("admin");
  return (
    <button type="button" className="button admin-signout" onClick={() => void logout()}>
      {t("signOut")}
    </button>
  );
}

/** The sections the user may view, in the order of ADMIN_PAGES. */
function AdminNav({ me, onNavigate }: { me: AdminMe; onNavigate?: () => void }) {
  const { t } = useTranslation(["admin", ...LABEL_NAMESPACES]);
  const pages = visiblePages(ADMIN_PAGES, me);
  return (
    <nav className="admin-nav" aria-label={t("navLabel")}>
      <ul>
        {pages.map((page) => (
          <li key={page.path}>
            <NavLink to={`/admin/${page.path}`} onClick={onNavigate}>
              {page.labelNs ? t(page.labelKey, { ns: page.labelNs }) : t(page.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The nav on a phone: a modal <dialog> from the left (focus stays inside, Escape closes), which
 * also holds who is signed in and Sign out. Closing gives the focus back to the menu button.
 */
function NavDrawer({ me, onClose }: { me: AdminMe; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    const wide = window.matchMedia(DRAWER_QUERY);
    const onChange = () => !wide.matches && onClose();
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, [onClose]);
  return (
    <dialog
      ref={ref}
      id="admin-drawer"
      className="admin-drawer"
      aria-label={t("navLabel")}
      onClose={onClose}
      onClick={(e) => e.target === ref.current && onClose()}
    >
      <div className="admin-drawer__head">
        <UserBlock me={me} />
        <button type="button" className="icon-button" onClick={onClose} aria-label={t("closeNav")}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <AdminNav me={me} onNavigate={onClose} />
      <div className="admin-drawer__foot">
        <SignOutButton />
      </div>
    </dialog>
  );
}

function MeError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation("admin");
  const status = error instanceof ApiError ? error.status : 0;
  // Signed out meanwhile: dropping the token brings back the sign-in prompt.
  useEffect(() => {
    if (status === 401) clearSession();
  }, [status]);
  if (status === 403) return <ForbiddenPage backLink={false} />;
  if (status === 401) return null;
  return (
    <section className="admin-status" role="alert">
      <h1>{t("loadFailed")}</h1>
      <p className="admin-status__actions">
        <button type="button" className="button button--accent" onClick={retry}>
          {t("retry")}
        </button>
      </p>
    </section>
  );
}

/**
 * The back office's layout: its own header (brand, who is signed in, language, sign out), the
 * sidebar of the sections the user may view (a drawer on a phone) and the page. The page shows
 * only once GET /admin/me has answered; a 403 from it or from any admin call shows the 403 page.
 */
export function AdminLayout() {
  const { t } = useTranslation("admin");
  const me = useAdminMe();
  const { pathname } = useLocation();
  const forbidden = useForbidden(pathname);
  // The drawer is open on the path it was opened on: going anywhere closes it.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const drawer = drawerPath === pathname;
  const menuRef = useRef<HTMLButtonElement>(null);

  useEffect(() => clearForbidden(), [pathname]);

  const closeDrawer = useCallback(() => {
    setDrawerPath(null);
    menuRef.current?.focus();
  }, []);

  let content;
  if (me.isPending) content = <LoadingState text={t("loading")} />;
  else if (me.isError) content = <MeError error={me.error} retry={() => void me.refetch()} />;
  else if (forbidden) content = <ForbiddenPage />;
  else
    content = (
      <Suspense fallback={<LoadingState text={t("loading")} />}>
        <Outlet />
      </Suspense>
    );

  return (
    <div className="admin">
      {/* The tab says Back office while it is open. */}
      <PageTitle title={t("title")} />
      <a className="skip-link" href="#admin-main">
        {t("skipToContent", { ns: "common" })}
      </a>
      <header className="admin-header">
        {me.data && (
          <button
            ref={menuRef}
            type="button"
            className="admin-header__menu"
            aria-expanded={drawer}
            aria-controls="admin-drawer"
            aria-haspopup="dialog"
            onClick={() => setDrawerPath(pathname)}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">{t("openNav")}</span>
          </button>
        )}
        <Link to="/" className="brand admin-header__brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{t("brand", { ns: "common" })}</span>
        </Link>
        <span className="admin-header__title">{t("title")}</span>
        <div className="admin-header__end">
          {me.data && (
            <div className="admin-header__user">
              <UserBlock me={me.data} />
            </div>
          )}
          <LanguageSwitch />
          <div className="admin-header__signout">
            <SignOutButton />
          </div>
        </div>
      </header>
      <div className="admin-body">
        {me.data && (
          <aside className="admin-sidebar">
            <AdminNav me={me.data} />
          </aside>
        )}
        <main id="admin-main" tabIndex={-1} className="admin-main">
          {content}
        </main>
      </div>
      {drawer && me.data && <NavDrawer me={me.data} onClose={closeDrawer} />}
    </div>
  );
}
