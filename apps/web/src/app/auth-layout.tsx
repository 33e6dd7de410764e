import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { Spinner } from "../components/ui/spinner";
import { SiteHead } from "../lib/seo/page-head";
import "./auth-layout.css";

/** The bare layout of /auth, /register, /verify, /forgot-password and the invitation links: brand and the form. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="auth-layout">
      <SiteHead />
      <Link to="/" className="brand auth-layout__brand" aria-label={t("brand")}>
        <img src="/favicon.svg" alt="" width="32" height="32" />
        <span>{t("brand")}</span>
      </Link>
      <main id="main" tabIndex={-1} className="auth-layout__main">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
