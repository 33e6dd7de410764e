import type { PlanWindow } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { formatClockTime, weekdayName } from "../../lib/zoned-time";
import { weekTable } from "./pass-format";

/** The plan's week as a table: each day and the hours the pass holds a space, on the park's clock. */
export function PassWeek({ windows }: { windows: PlanWindow[] }) {
  const { t, i18n } = useTranslation("passes");
  const lang = i18n.language;
  return (
    <table className="pass-week">
      <caption>{t("week.caption")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("week.day")}</th>
          <th scope="col">{t("week.hours")}</th>
        </tr>
      </thead>
      <tbody>
        {weekTable(windows).map((row) => (
          <tr key={row.weekday}>
            <th scope="row">{weekdayName(row.weekday % 7, lang)}</th>
            <td>
              {row.spans.length === 0
                ? t("week.none")
                : row.spans
                    .map((s) =>
                      s.allDay
                        ? t("week.allDay")
                        : t(s.overnight ? "week.spanOvernight" : "week.span", {
                            start: formatClockTime(s.start, lang),
                            end: formatClockTime(s.end, lang),
                          }),
                    )
                    .join(", ")}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
