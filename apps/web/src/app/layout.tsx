import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { Spinner } from "../components/ui/spinner";
import { markAppReady } from "../lib/app-ready";
import { SiteHead, useRouteHasOwnHead } from "../lib/seo/page-head";
import { startCountryFlow, useCountryFlow } from "../lib/country";
import { Footer } from "./footer";
import { Header } from "./header";
import { AccountSlot } from "./account-slot";
import { UpdatePrompt } from "./update-prompt";
import "./shell.css";
import { resetResourceRetries } from "./resource-error";

const CountryPicker = lazy(() => import("./country-picker"));

/** The view scrolls to the top on each route change. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Rendered inside the page's Suspense: its effect runs once a page's content is on screen. */
export function PageReady({ children }: { children?: ReactNode }) {
  useEffect(() => {
    markAppReady();
    resetResourceRetries();
  }, []);
  return children ?? <Outlet />;
}

/**
 * Header, content, footer; the home route has no top padding, other pages have it. The map
 * variant (/search) keeps the same header, has no footer, and its content fills the rest of the
 * viewport's height. `children`, when given, is the content instead of the route's.
 */
export function Layout({
  variant = "standard",
  children,
}: {
  variant?: "standard" | "map";
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { pickerOpen } = useCountryFlow();
  const isHome = pathname === "/" || pathname === "/home";
  const isMap = variant === "map";
  const ownHead = useRouteHasOwnHead();
  useEffect(() => startCountryFlow(), []);
  const content = (
    <>
      {!ownHead && <SiteHead />}
      <ScrollToTop />
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      <Header />
      <main
        id="main"
        tabIndex={-1}
        className={isMap ? "main main--map" : isHome ? "main main--home" : "main"}
      >
        <Suspense fallback={<Spinner />}>{children ?? <Outlet />}</Suspense>
      </main>
      {!isMap && <Footer />}
      <AccountSlot />
      <UpdatePrompt />
      {pickerOpen && (
        <Suspense fallback={null}>
          <CountryPicker />
        </Suspense>
      )}
    </>
  );
  return isMap ? <div className="map-shell">{content}</div> : content;
}
