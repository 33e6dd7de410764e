import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../components/ui/info-content";
import { useHydrated } from "../../lib/hydrated";
import { savedBookings, savedPasses } from "../../lib/offline-passes";
import { PageHead } from "../../lib/seo/page-head";
import { useSession } from "../../lib/session";
import { formatZonedDateTime } from "../../lib/zoned-time";
import "./install-page.css";

/**
 * /offline: what the installed app does with no connection (decision 064), and the bookings and
 * passes this device kept for the gate (lib/offline-passes.ts), each a link to its page. The
 * service worker keeps this page's code, so it opens offline; a page that failed to load links
 * here.
 */
export function OfflinePage() {
  const { t } = useTranslation("install");
  return (
    <article className="info">
      <PageHead title={t("offline.title")} description={t("offline.lead")} path="/offline" noindex />
      <PageHeader title={t("offline.title")} lead={t("offline.lead")} />
      <div className="container prose install">
        <ul className="install__works">
          {(t("offline.works", { returnObjects: true }) as string[]).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>{t("offline.needsNetwork")}</p>
        <SavedHere />
        <p>
          <button type="button" className="button button--accent" onClick={() => window.location.reload()}>
            {t("offline.retry")}
          </button>
        </p>
      </div>
    </article>
  );
}

/** The device's copies, read once the browser runs (a server render has no storage). */
function SavedHere() {
  const { t, i18n } = useTranslation("install");
  const { signedIn } = useSession();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const lang = i18n.language;
  const bookings = signedIn ? savedBookings() : [];
  const passes = signedIn ? savedPasses() : [];
  return (
    <section aria-labelledby="offline-saved">
      <h2 id="offline-saved">{t("offline.savedTitle")}</h2>
      {!signedIn && <p>{t("offline.signedOut")}</p>}
      {signedIn && bookings.length + passes.length === 0 && <p>{t("offline.none")}</p>}
      {bookings.length + passes.length > 0 && (
        <ul className="install__saved" data-testid="offline-saved">
          {bookings.map(({ data: b }) => (
            <li key={b.booking_code}>
              <Link to={`/booking-details/${b.booking_code}`}>
                {t("offline.booking", {
                  code: b.booking_code,
                  park: b.park.name,
                  start: formatZonedDateTime(b.start_time, lang, b.park.time_zone),
                  end: formatZonedDateTime(b.end_time, lang, b.park.time_zone),
                })}
              </Link>
            </li>
          ))}
          {passes.map(({ data: p }) => (
            <li key={p.pass_code}>
              <Link to={`/passes/${p.pass_code}`}>
                {t("offline.pass", {
                  code: p.pass_code,
                  park: p.park.name,
                  end: formatZonedDateTime(p.paid_until, lang, p.park.time_zone),
                })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
