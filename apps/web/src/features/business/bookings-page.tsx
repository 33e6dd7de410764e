import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { SelectField, TextField } from "../../components/ui/form-field";
import { Pagination } from "../../components/ui/pagination";
import { ApiError } from "../../lib/api";
import { errorText } from "../../lib/form-errors";
import { formatMoney } from "../../lib/format";
import { formatZonedDateTime } from "../../lib/zoned-time";
import {
  bookingFiltersOf,
  companyBookingsQuery,
  companyIdOf,
  downloadBookingsCsv,
  type BookingFilters,
} from "./dashboard-api";
import { BusinessLinks, LoadError } from "./overview-page";
import "./dashboard.css";

/** /business/:id/bookings: the bookings the company paid for, filtered, with a CSV download. */
export function BookingsPage() {
  const { t, i18n } = useTranslation(["business", "common"]);
  const id = companyIdOf(useParams().id) ?? 0;
  const [params, setParams] = useSearchParams();
  const filters = bookingFiltersOf(params);
  const list = useQuery({
    ...companyBookingsQuery(id, filters),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
  const [csvError, setCsvError] = useState<unknown>(null);
  const fields = list.error instanceof ApiError ? (list.error.fields ?? {}) : {};
  const filtered = Boolean(filters.from || filters.to || filters.status || filters.member || filters.park);

  const set = (change: Partial<BookingFilters>) => {
    const next = { ...filters, page: 1, ...change };
    const query = new URLSearchParams();
    if (next.from) query.set("from", next.from);
    if (next.to) query.set("to", next.to);
    if (next.status) query.set("status", next.status);
    if (next.member) query.set("member_id", String(next.member));
    if (next.park) query.set("park_id", String(next.park));
    if (next.page > 1) query.set("page", String(next.page));
    setParams(query, { replace: true });
  };
  const csv = async () => {
    setCsvError(null);
    try {
      await downloadBookingsCsv(id, filters);
    } catch (err) {
      setCsvError(err);
    }
  };

  return (
    <div className="container page business-page">
      <h1>{t("dashboard.bookings.title")}</h1>
      <BusinessLinks id={id} />
      <p className="business-muted">{t("dashboard.bookings.intro")}</p>
      <form className="business-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label={t("dashboard.bookings.from")}
          type="date"
          name="from"
          value={filters.from}
          error={fields.from}
          onChange={(e) => set({ from: e.target.value })}
        />
        <TextField
          label={t("dashboard.bookings.to")}
          type="date"
          name="to"
          value={filters.to}
          min={filters.from || undefined}
          error={fields.to}
          onChange={(e) => set({ to: e.target.value })}
        />
        <SelectField
          label={t("dashboard.bookings.status")}
          name="status"
          value={filters.status}
          options={[
            ["", t("dashboard.bookings.allStatuses")],
            ...(["active", "completed", "cancelled"] as const).map(
              (s) => [s, t(`dashboard.bookings.statuses.${s}`)] as const,
            ),
          ]}
          onChange={(e) => set({ status: e.target.value as BookingFilters["status"] })}
        />
        {filtered && (
          <button type="button" className="button" onClick={() => setParams({})}>
            {t("dashboard.bookings.clear")}
          </button>
        )}
        <button type="button" className="button" onClick={() => void csv()}>
          {t("dashboard.bookings.csv")}
        </button>
      </form>
      {csvError !== null && (
        <p className="alert alert--error" role="alert">
          {errorText(t, csvError)}
        </p>
      )}
      {list.isPending && <p role="status">{t("common:loading")}</p>}
      {list.isError && Object.keys(fields).length === 0 && (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      )}
      {list.data && !list.isError && (
        <>
          {list.data.items.length === 0 ? (
            <p>{filtered ? t("dashboard.bookings.noneMatch") : t("dashboard.bookings.empty")}</p>
          ) : (
            <ul className="business-list" aria-label={t("dashboard.bookings.title")}>
              {list.data.items.map((b) => (
                <li key={b.booking_id} className="business-row">
                  <Link to={`/booking-details/${encodeURIComponent(b.booking_code)}`}>{b.booking_code}</Link>
                  <span className="business-row__meta">
                    <Link to={`/business/${id}/bookings?park_id=${b.park_id}`}>{b.park_name}</Link> ·{" "}
                    <time dateTime={b.start_time}>
                      {formatZonedDateTime(b.start_time, i18n.language, b.time_zone)}
                    </time>{" "}
                    · {b.member_name}
                    {b.cost_centre ? ` (${b.cost_centre})` : ""} ·{" "}
                    {t(`dashboard.bookings.statuses.${b.status}`)}
                  </span>
                  <span className="business-num">{formatMoney(b.paid, b.currency, i18n.language)}</span>
                </li>
              ))}
            </ul>
          )}
          <Pagination page={list.data.page} pages={list.data.pages} onPage={(page) => set({ page })} />
        </>
      )}
    </div>
  );
}
