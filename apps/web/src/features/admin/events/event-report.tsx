import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { errorText } from "../../../lib/form-errors";
import { formatMoney, formatNumber } from "../../../lib/format";
import { formatShortZoned, formatZonedDateTime } from "../../../lib/zoned-time";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { eventReportQuery } from "./api";
import { EventStatus } from "./event-status";

/** /admin/events/{code}/report: the event's figures and, per park and vehicle type, its allocation at work. */
export function EventReportPage() {
  const { t, i18n } = useTranslation(["admin-events", "admin-parks", "auth"]);
  const code = useParams().code ?? "";
  const report = useQuery(eventReportQuery(code));
  const lang = i18n.language;
  if (report.isPending) return <LoadingState text={t("loading")} />;
  if (report.isError) {
    return (
      <>
        <PageHeader title={t("report.title")} />
        <p role="alert">{errorText(t, report.error)}</p>
        <Link to="../.." relative="path">
          {t("back")}
        </Link>
      </>
    );
  }
  const r = report.data;
  const zone = r.time_zone;
  const figures: [string, string][] = [
    [t("report.bookings"), formatNumber(r.bookings.total, lang)],
    [t("report.active"), formatNumber(r.bookings.active, lang)],
    [t("report.completed"), formatNumber(r.bookings.completed, lang)],
    [t("report.cancelled"), formatNumber(r.bookings.cancelled, lang)],
    [t("report.checkedIn"), formatNumber(r.checked_in, lang)],
    ...(r.revenue.length > 0
      ? r.revenue.map((x): [string, string] => [t("report.revenue"), formatMoney(x.amount, x.currency, lang)])
      : [[t("report.revenue"), "—"] as [string, string]]),
  ];

  return (
    <>
      <PageHeader
        title={t("report.title")}
        description={
          <>
            {r.name} · <span className="admin-park-code">{r.event_code}</span> ·{" "}
            <EventStatus status={r.status} /> · {formatZonedDateTime(r.start_time, lang, zone)} –{" "}
            {formatShortZoned(r.end_time, lang, zone)} ({zone})
          </>
        }
        actions={
          <Link className="button" to=".." relative="path">
            {t("backToEvent")}
          </Link>
        }
      />
      <dl className="admin-event-figures">
        {figures.map(([label, value], i) => (
          <div key={`${label}-${i}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="admin-event-report__title">{t("report.parksCaption")}</h2>
      <p className="admin-park-muted">{t("report.peakHint")}</p>
      <div className="admin-table">
        <div className="admin-table__scroll" role="region" aria-label={t("report.parksCaption")} tabIndex={0}>
          <table className="admin-event-report">
            <caption className="visually-hidden">{t("report.parksCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("report.columns.park")}</th>
                <th scope="col">{t("report.columns.vehicle")}</th>
                <th scope="col" className="admin-table__num">
                  {t("report.columns.allocation")}
                </th>
                <th scope="col" className="admin-table__num">
                  {t("report.columns.booked")}
                </th>
                <th scope="col" className="admin-table__num">
                  {t("report.columns.checkedIn")}
                </th>
                <th scope="col" className="admin-table__num">
                  {t("report.columns.capacity")}
                </th>
                <th scope="col" className="admin-table__num">
                  {t("report.columns.peak")}
                </th>
              </tr>
            </thead>
            <tbody>
              {r.parks.flatMap((p) =>
                p.types.map((v, i) => (
                  <tr key={`${p.park_id}:${v.vehicle_type_id}`}>
                    {i === 0 && (
                      <th scope="rowgroup" rowSpan={p.types.length}>
                        {p.park_name}
                        <br />
                        <span className="admin-park-muted">
                          {formatShortZoned(p.window_start, lang, zone)} –{" "}
                          {formatShortZoned(p.window_end, lang, zone)}
                        </span>
                      </th>
                    )}
                    <td>
                      {t(`vehicleId.${v.vehicle_type_id}`, {
                        ns: "admin-parks",
                        defaultValue: v.vehicle_type,
                      })}
                    </td>
                    <td className="admin-table__num">{formatNumber(v.allocation, lang)}</td>
                    <td className="admin-table__num">{formatNumber(v.booked, lang)}</td>
                    <td className="admin-table__num">{formatNumber(v.checked_in, lang)}</td>
                    <td className="admin-table__num">{formatNumber(v.capacity, lang)}</td>
                    <td className="admin-table__num">
                      {formatNumber(v.peak_held, lang)}
                      {v.capacity > 0 && (
                        <span className="admin-park-muted">
                          {" "}
                          ({formatNumber(v.peak_held / v.capacity, lang, { style: "percent" })})
                        </span>
                      )}
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      </div>
    </>
  );
}
