import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { Spinner } from "../components/ui/spinner";
import { Footer } from "./footer";
import { Header } from "./header";
import { AccountSlot } from "./account-slot";

/** SPEC 2: header, content, footer; the home route has no top padding, other pages have it. */
export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isHome = pathname === "/" || pathname === "/home";
  return (
    <>
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className={isHome ? "main main--home" : "main"}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <AccountSlot />
    </>
  );
}
