import type { VehicleRenewalDetails } from "@parkwell/contract";
import { useTranslation } from "react-i18next";

/** A calendar day (YYYY-MM-DD) as the language writes it, with the month. */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A vehicle's papers with their status on Nigeria's clock: valid, expires in N days, expired. */
export function PaperStatuses({ expiries }: { expiries: VehicleRenewalDetails["expiries"] }) {
  const { t, i18n } = useTranslation("vehicle-docs");
  if (expiries.length === 0) return <p className="field__hint">{t("vehicles.noPapers")}</p>;
  return (
    <ul className="vd-papers">
      {expiries.map((e) => {
        const date = formatDay(e.expires_on, i18n.language);
        const text =
          e.status === "expired"
            ? t("paper.expired", { date })
            : e.status === "expiring"
              ? e.days_left === 0
                ? t("paper.today")
                : t("paper.expiring", { count: e.days_left, date })
              : t("paper.valid", { date });
        return (
          <li key={e.document_type} className={`vd-paper vd-paper--${e.status}`}>
            <span>{t(`docs.${e.document_type}`)}</span> <strong>{text}</strong>
          </li>
        );
      })}
    </ul>
  );
}
