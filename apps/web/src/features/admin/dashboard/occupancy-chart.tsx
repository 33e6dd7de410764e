import type { AdminDashboard } from "@parkwell/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatZonedHour } from "../../../lib/zoned-time";

type Park = AdminDashboard["parks"][number];

const W = 288;
const H = 96;
const PAD_TOP = 6;
const PAD_BOTTOM = 18;
const BAR_GAP = 2;

const percent = (held: number, capacity: number) => (capacity > 0 ? Math.round((held / capacity) * 100) : 0);

/**
 * One park's next 24 hours as an inline SVG bar chart: a bar per hour, its height the share of
 * the capacity held, 80% and more drawn as "busy". The SVG is an image with a text summary (its
 * title and description); the numbers themselves are in the table below the charts.
 */
function ParkChart({ park }: { park: Park }) {
  const { t, i18n } = useTranslation("admin-reports");
  const id = useId();
  const lang = i18n.language;
  const n = park.hours.length || 1;
  const barW = (W - BAR_GAP * (n - 1)) / n;
  const plot = H - PAD_TOP - PAD_BOTTOM;
  const peak = park.hours.reduce(
    (best, h) => (h.held > best.held ? h : best),
    park.hours[0] ?? { held: 0, hour: "" },
  );
  const summary = t("dashboard.chartSummary", {
    park: park.park,
    now: park.hours[0]?.held ?? 0,
    capacity: park.capacity,
    peak: peak.held,
    at: peak.hour ? formatZonedHour(peak.hour, lang, park.time_zone) : "",
  });
  return (
    <figure className="report-chart">
      <figcaption className="report-chart__title">
        {park.park}
        <span className="report-muted"> · {t("dashboard.capacity", { count: park.capacity })}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-t`}
        aria-describedby={`${id}-d`}
        className="report-chart__svg"
      >
        <title id={`${id}-t`}>{t("dashboard.chartTitle", { park: park.park })}</title>
        <desc id={`${id}-d`}>{summary}</desc>
        <line x1={0} x2={W} y1={PAD_TOP} y2={PAD_TOP} className="report-chart__grid" />
        <line x1={0} x2={W} y1={PAD_TOP + plot / 2} y2={PAD_TOP + plot / 2} className="report-chart__grid" />
        <line x1={0} x2={W} y1={H - PAD_BOTTOM} y2={H - PAD_BOTTOM} className="report-chart__axis" />
        {park.hours.map((h, i) => {
          const p = Math.min(100, percent(h.held, park.capacity));
          const height = (p / 100) * plot;
          return (
            <rect
              key={h.hour}
              x={i * (barW + BAR_GAP)}
              y={H - PAD_BOTTOM - height}
              width={barW}
              height={Math.max(height, h.held > 0 ? 1 : 0)}
              className={p >= 80 ? "report-chart__bar report-chart__bar--busy" : "report-chart__bar"}
            />
          );
        })}
        {[0, 6, 12, 18].map((i) =>
          park.hours[i] ? (
            <text key={i} x={i * (barW + BAR_GAP)} y={H - 4} className="report-chart__label">
              {formatZonedHour(park.hours[i].hour, lang, park.time_zone)}
            </text>
          ) : null,
        )}
      </svg>
      <p className="report-muted report-chart__summary" aria-hidden="true">
        {summary}
      </p>
    </figure>
  );
}

/** The next 24 hours of every park shown, and the same numbers as a table for those who prefer one. */
export function OccupancyCharts({ parks }: { parks: Park[] }) {
  const { t, i18n } = useTranslation("admin-reports");
  if (parks.length === 0) return <p className="report-muted">{t("dashboard.noParks")}</p>;
  return (
    <>
      <div className="report-charts">
        {parks.map((p) => (
          <ParkChart key={p.park_id} park={p} />
        ))}
      </div>
      <details className="report-chart__table">
        <summary>{t("dashboard.asTable")}</summary>
        <div className="admin-table__scroll">
          <table>
            <caption className="visually-hidden">{t("dashboard.next24")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("columns.park")}</th>
                {parks[0]!.hours.map((h, i) => (
                  <th scope="col" key={h.hour}>
                    {i === 0 ? t("dashboard.now") : `+${i} h`}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {parks.map((p) => (
                <tr key={p.park_id}>
                  <th scope="row">{p.park}</th>
                  {p.hours.map((h) => (
                    <td key={h.hour} title={formatZonedHour(h.hour, i18n.language, p.time_zone)}>
                      {h.held}/{p.capacity}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
