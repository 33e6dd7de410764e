import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useNavigate, useRouteError } from "react-router";
import { markAppReady } from "../lib/app-ready";
import { isResourceLoadError, reportError } from "../lib/error-reporting";
import { NotFoundPage } from "./not-found-page";
import { ResourceError } from "./resource-error";

/**
 * The error boundary of every page (with a retry). A failed download of a page's code gets the
 * resource-loading flow; anything else the generic texts (PRODUCT-RULES.md), reported when Sentry is set.
 * A route whose page has its own not-found page (the blog's post) gives it for a loader's 404,
 * and its gone page (a deactivated park) for a loader's 410; without one, a 410 is the 404 page.
 */
export function RouteError({
  notFound = <NotFoundPage />,
  gone = notFound,
}: {
  notFound?: ReactNode;
  gone?: ReactNode;
}) {
  const error = useRouteError();
  // An error screen is a finished page too: the start-up loader must not hide it.
  useEffect(() => markAppReady(), []);
  if (isResourceLoadError(error)) return <ResourceError />;
  // A loader's 404 (a server-rendered page of something that does not exist) is the 404 page.
  if (isRouteErrorResponse(error) && error.status === 404) return notFound;
  if (isRouteErrorResponse(error) && error.status === 410) return gone;
  return <GenericError error={error} />;
}

export function GenericError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => reportError(error), [error]);
  return (
    <section className="container page error-screen" role="alert">
      <h1>{t("errors.title")}</h1>
      <p>{t("errors.text")}</p>
      <p className="error-screen__actions">
        <button
          type="button"
          className="button button--accent"
          onClick={() => (onRetry ? onRetry() : void navigate(0))}
        >
          {t("errors.retry")}
        </button>
        <Link className="button" to="/">
          {t("errors.goHome")}
        </Link>
      </p>
    </section>
  );
}
