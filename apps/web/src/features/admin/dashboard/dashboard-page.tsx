import type { AdminDashboard } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { errorText } from "../../../lib/form-errors";
import { formatMoney, formatNumber } from "../../../lib/format";
import { useCan } from "../me";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { dashboardQuery } from "./api";
import { OccupancyCharts } from "./occupancy-chart";
import { ParkPicker } from "../ui/park-picker";
import "../reports/reports.css";

function Card({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="report-card">
      <p className="report-card__label">{label}</p>
      <p className="report-card__value">{value}</p>
      {detail && <p className="report-card__detail report-muted">{detail}</p>}
    </div>
  );
}

function Change({ percent }: { percent: number | null }) {
  const { t, i18n } = useTranslation("admin-reports");
  if (percent === null) return <span className="report-muted">{t("dashboard.noBaseline")}</span>;
  const text = `${formatNumber(Math.abs(percent), i18n.language, { maximumFractionDigits: 1 })} %`;
  const dir = percent > 0 ? "up" : percent < 0 ? "down" : "flat";
  return (
    <span className={`report-change report-change--${dir}`}>
      <span aria-hidden="true">{dir === "up" ? "▲ " : dir === "down" ? "▼ " : ""}</span>
      {t(`dashboard.change.${dir}`, { value: text })}
    </span>
  );
}

/** The back office's first page: today, occupancy now and ahead, this week's money, for the user's parks. */
export function DashboardPage() {
  const { t, i18n } = useTranslation("admin-reports");
  const lang = i18n.language;
  const can = useCan();
  const [search, setSearch] = useSearchParams();
  const parkId = search.get("park_id") ?? "";
  const [draft, setDraft] = useState(parkId);
  const query = useQuery({ ...dashboardQuery(parkId), placeholderData: keepPreviousData });
  const apply = (value: string) =>
    setSearch((s) => {
      const next = new URLSearchParams(s);
      if (value) next.set("park_id", value);
      else next.delete("park_id");
      return next;
    });

  const d: AdminDashboard | undefined = query.data;
  return (
    <>
      <PageHeader
        title={t("dashboard.title")}
        description={t("dashboard.description")}
        actions={
          can("reports.view") ? (
            <Link className="button" to="/admin/reports/sales">
              {t("dashboard.toReports")}
            </Link>
          ) : undefined
        }
      />
      <FilterBar
        onApply={() => apply(draft.trim())}
        onReset={() => {
          setDraft("");
          apply("");
        }}
      >
        <ParkPicker permission="dashboard.view" value={draft} onChange={setDraft} />
      </FilterBar>
      {query.isPending ? (
        <LoadingState text={t("loading")} />
      ) : query.isError || !d ? (
        <FormAlert message={errorText(t, query.error)} />
      ) : (
        <>
          <section className="report-cards" aria-label={t("dashboard.today")}>
            <Card label={t("dashboard.bookingsToday")} value={formatNumber(d.bookings_today, lang)} />
            <Card
              label={t("dashboard.arrivalsToday")}
              value={formatNumber(d.arrivals_today, lang)}
              detail={t("dashboard.checkedIn", { count: d.arrivals_checked_in })}
            />
            <Card
              label={t("dashboard.occupancyNow")}
              value={`${formatNumber(d.occupancy_now.percent, lang, { maximumFractionDigits: 1 })} %`}
              detail={t("dashboard.spacesHeld", {
                count: d.occupancy_now.held,
                held: formatNumber(d.occupancy_now.held, lang),
                capacity: formatNumber(d.occupancy_now.capacity, lang),
              })}
            />
            <Card
              label={t("dashboard.passesActive")}
              value={formatNumber(d.passes_active, lang)}
              detail={
                d.monthly_recurring.length === 0
                  ? t("dashboard.noRecurring")
                  : t("dashboard.recurring", {
                      amounts: d.monthly_recurring
                        .map((r) => formatMoney(r.amount, r.currency, lang))
                        .join(" · "),
                    })
              }
            />
          </section>

          <section className="report-section" aria-labelledby="next24">
            <h2 id="next24">{t("dashboard.next24")}</h2>
            <p className="report-muted">
              {d.parks_total > d.parks.length
                ? t("dashboard.busiest", {
                    count: d.parks.length,
                    shown: d.parks.length,
                    total: d.parks_total,
                  })
                : t("dashboard.next24Hint")}
            </p>
            <OccupancyCharts parks={d.parks} />
          </section>

          <div className="report-columns">
            <section className="report-section" aria-labelledby="revenue">
              <h2 id="revenue">{t("dashboard.revenue")}</h2>
              <p className="report-muted">{t("dashboard.revenueHint")}</p>
              {d.revenue.length === 0 ? (
                <p className="report-muted">{t("dashboard.noRevenue")}</p>
              ) : (
                <div className="admin-table__scroll" role="region" aria-labelledby="revenue" tabIndex={0}>
                  <table className="report-table">
                    <caption className="visually-hidden">{t("dashboard.revenue")}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t("columns.currency")}</th>
                        <th scope="col" className="num">
                          {t("dashboard.thisWeek")}
                        </th>
                        <th scope="col" className="num">
                          {t("dashboard.lastWeek")}
                        </th>
                        <th scope="col">{t("dashboard.changeLabel")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {d.revenue.map((r) => (
                        <tr key={r.currency}>
                          <th scope="row">{r.currency}</th>
                          <td className="num">{formatMoney(r.this_week, r.currency, lang)}</td>
                          <td className="num">{formatMoney(r.last_week, r.currency, lang)}</td>
                          <td>
                            <Change percent={r.change_percent} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
            <section className="report-section" aria-labelledby="top">
              <h2 id="top">{t("dashboard.topParks")}</h2>
              {d.top_parks.length === 0 ? (
                <p className="report-muted">{t("dashboard.noRevenue")}</p>
              ) : (
                <ol className="report-top">
                  {d.top_parks.map((p) => (
                    <li key={`${p.park_id}-${p.currency}`}>
                      <span className="report-top__line">
                        <span>{p.park}</span>
                        <strong>{formatMoney(p.revenue, p.currency, lang)}</strong>
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </div>
        </>
      )}
    </>
  );
}
