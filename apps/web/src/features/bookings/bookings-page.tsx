import { BOOKING_FILTERS, shownStatus, type BookingFilter } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { SavedCopyNotice } from "../../components/ui/saved-copy-notice";
import { ApiError } from "../../lib/api";
import { formatMoney } from "../../lib/format";
import { formatZonedDateTime } from "../../lib/zoned-time";
import { bookingsQuery } from "./api";
import { OfferNotice } from "./offer-notice";
import "./bookings.css";

/** The tabs: the bookings by status, then the monthly passes (`?status=passes`). */
type Tab = BookingFilter | "passes";
const TABS: readonly Tab[] = [...BOOKING_FILTERS, "passes"];

/** A tab's list from another feature (the monthly passes), paged as the bookings are. */
export type PagedTab = ComponentType<{ page: number; onPage: (page: number) => void }>;

/**
 * /bookings: one tab per status and, given by the app, one for the monthly passes (`passes`), ten
 * a page; the tab and page are in the URL.
 */
export function BookingsPage({ passes: Passes }: { passes?: PagedTab }) {
  const { t, i18n } = useTranslation(["bookings", "passes"]);
  const [params, setParams] = useSearchParams();
  const tabs = Passes ? TABS : BOOKING_FILTERS;
  const raw = params.get("status");
  const tab: Tab = tabs.includes(raw as Tab) ? (raw as Tab) : "active";
  const filter: BookingFilter = tab === "passes" ? "active" : tab;
  const page = Math.max(1, Number(params.get("page")) || 1);
  const list = useQuery({
    ...bookingsQuery(filter, page),
    placeholderData: keepPreviousData,
    enabled: tab !== "passes",
  });
  const go = (status: Tab, p: number) => setParams({ status, ...(p > 1 ? { page: String(p) } : {}) });

  return (
    <div className="container page booking-page">
      <h1>{t("list.title")}</h1>
      <nav className="booking-tabs" aria-label={t("list.tabs")}>
        {tabs.map((f) => (
          <button
            key={f}
            type="button"
            className={f === tab ? "button button--accent" : "button"}
            aria-pressed={f === tab}
            onClick={() => go(f, 1)}
          >
            {f === "passes" ? t("passes:tab") : t(`filter.${f}`)}
          </button>
        ))}
      </nav>
      {tab === "passes" && Passes ? (
        <Passes page={page} onPage={(p) => go("passes", p)} />
      ) : (
        <>
          {list.isPending && <p>{t("common:loading")}</p>}
          {list.isError && (
            <p role="alert" className="alert alert--error">
              {list.error instanceof ApiError ? list.error.message : t("loadError")}
            </p>
          )}
          {list.data?.saved_copy && <SavedCopyNotice />}
          {list.data && list.data.items.length === 0 && <p>{t(`list.empty.${filter}`)}</p>}
          {list.data && list.data.items.length > 0 && (
            <ul className="booking-list">
              {list.data.items.map((b) => (
                <li key={b.id} className="card booking-item">
                  <Link to={`/booking-details/${b.booking_code}`}>
                    <strong>{b.park.name}</strong>
                    <span>{b.booking_code}</span>
                  </Link>
                  {b.event && (
                    <span className="booking-item__event" data-testid="booking-event">
                      {t("summary.eventLine", {
                        name: b.event.name,
                        venue: b.event.venue_name,
                        start: formatZonedDateTime(b.event.start_time, i18n.language, b.park.time_zone),
                      })}
                    </span>
                  )}
                  <span>
                    {formatZonedDateTime(b.start_time, i18n.language, b.park.time_zone)} –{" "}
                    {formatZonedDateTime(b.end_time, i18n.language, b.park.time_zone)}
                  </span>
                  <span>
                    {t(`status.${shownStatus(b, new Date())}`)} ·{" "}
                    {formatMoney(b.amount, b.currency, i18n.language)}
                  </span>
                  <OfferNotice booking={b} />
                </li>
              ))}
            </ul>
          )}
          {list.data && list.data.pages > 1 && (
            <nav className="booking-pager" aria-label={t("list.pages")}>
              <button
                type="button"
                className="button"
                disabled={page <= 1}
                onClick={() => go(filter, page - 1)}
              >
                {t("list.previous")}
              </button>
              <span>{t("list.pageOf", { page: list.data.page, pages: list.data.pages })}</span>
              <button
                type="button"
                className="button"
                disabled={page >= list.data.pages}
                onClick={() => go(filter, page + 1)}
              >
                {t("list.next")}
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
