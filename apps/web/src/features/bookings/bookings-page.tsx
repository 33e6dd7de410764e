import { BOOKING_FILTERS, shownStatus, type BookingFilter } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../lib/api";
import { formatMoney } from "../../lib/format";
import { formatZonedDateTime } from "../../lib/zoned-time";
import { bookingsQuery } from "./api";
import "./bookings.css";

const isFilter = (v: string | null): v is BookingFilter => BOOKING_FILTERS.includes(v as BookingFilter);

/** /bookings: one tab per status, ten a page; the tab and page are in the URL. */
export function BookingsPage() {
  const { t, i18n } = useTranslation("bookings");
  const [params, setParams] = useSearchParams();
  const raw = params.get("status");
  const filter: BookingFilter = isFilter(raw) ? raw : "active";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const list = useQuery({ ...bookingsQuery(filter, page), placeholderData: keepPreviousData });
  const go = (status: BookingFilter, p: number) =>
    setParams({ status, ...(p > 1 ? { page: String(p) } : {}) });

  return (
    <div className="container page booking-page">
      <h1>{t("list.title")}</h1>
      <nav className="booking-tabs" aria-label={t("list.tabs")}>
        {BOOKING_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className={f === filter ? "button button--accent" : "button"}
            aria-pressed={f === filter}
            onClick={() => go(f, 1)}
          >
            {t(`filter.${f}`)}
          </button>
        ))}
      </nav>
      {list.isPending && <p>{t("common:loading")}</p>}
      {list.isError && (
        <p role="alert" className="alert alert--error">
          {list.error instanceof ApiError ? list.error.message : t("loadError")}
        </p>
      )}
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
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.pages > 1 && (
        <nav className="booking-pager" aria-label={t("list.pages")}>
          <button type="button" className="button" disabled={page <= 1} onClick={() => go(filter, page - 1)}>
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
    </div>
  );
}
