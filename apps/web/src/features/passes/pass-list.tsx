import { describeHours, formatZonedDateTime } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Pagination } from "../../components/ui/pagination";
import { SavedCopyNotice } from "../../components/ui/saved-copy-notice";
import { ApiError } from "../../lib/api";
import { passesQuery } from "./pass-api";
import { PassBadgeText } from "./pass-badge";
import { formatPassDay } from "./pass-format";
import { planName } from "./plans-text";
import "./pass.css";

const hoursLanguage = (language: string) => (/^fr\b/i.test(language) ? "fr" : "en");

/** My Bookings' "Monthly passes" tab: the driver's passes, newest first, ten a page. */
export function PassList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation("passes");
  const lang = i18n.language;
  const list = useQuery({ ...passesQuery(page), placeholderData: keepPreviousData });
  return (
    <>
      {list.isPending && <p>{t("common:loading")}</p>}
      {list.isError && (
        <p role="alert" className="alert alert--error">
          {list.error instanceof ApiError ? list.error.message : t("loadError")}
        </p>
      )}
      {list.data?.saved_copy && <SavedCopyNotice />}
      {list.data && list.data.items.length === 0 && (
        <div className="pass-empty" data-testid="passes-empty">
          <p>{t("list.empty")}</p>
          <Link className="button button--accent" to="/subscription-plans">
            {t("list.browse")}
          </Link>
        </div>
      )}
      {list.data && list.data.items.length > 0 && (
        <ul className="pass-items">
          {list.data.items.map((p) => {
            const zone = p.park.time_zone;
            return (
              <li key={p.id} className="card pass-item" data-testid="pass-item">
                <Link to={`/passes/${p.pass_code}`}>
                  <strong>{planName(p.plan, lang)}</strong>
                  <span>{p.pass_code}</span>
                </Link>
                <span>{p.park.name}</span>
                <span>
                  <PassBadgeText pass={p} />
                </span>
                <span>{t("list.plates", { plates: p.plates.join(", "), count: p.plates.length })}</span>
                <span>{describeHours(p.plan.windows, hoursLanguage(lang))}</span>
                <span>
                  {p.renews_at
                    ? t("list.renews", { date: formatPassDay(p.renews_at, lang, zone) })
                    : p.status === "ended"
                      ? t("list.ended")
                      : t("list.endsOn", { date: formatZonedDateTime(p.paid_until, lang, zone) })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {list.data && <Pagination page={list.data.page} pages={list.data.pages} onPage={onPage} />}
    </>
  );
}
