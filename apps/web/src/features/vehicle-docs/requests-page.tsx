import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Pagination } from "../../components/ui/pagination";
import { Spinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api";
import { formatMoney } from "../../lib/format";
import { formatZonedDateTime } from "../../lib/zoned-time";
import { NIGERIA_TIME_ZONE, vehicleDocRequestsQuery } from "./api";
import "../../components/ui/alert.css";
import "./vehicle-docs.css";

/** /vehicle-docs-renewal/requests: the driver's renewal requests, newest first, ten a page. */
export function VehicleDocRequestsPage() {
  const { t, i18n } = useTranslation("vehicle-docs");
  const lang = i18n.language;
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get("page"))) || 1);
  const list = useQuery(vehicleDocRequestsQuery(page));
  return (
    <div className="container page vd-page">
      <h1>{t("requests.title")}</h1>
      <p>
        <Link to="/vehicle-docs-renewal">{t("title")}</Link>
      </p>
      {list.isPending && <Spinner />}
      {list.isError && (
        <div role="alert" className="alert alert--error">
          <p>{list.error instanceof ApiError ? list.error.message : t("loadError")}</p>
          <button type="button" className="button" onClick={() => void list.refetch()}>
            {t("retry")}
          </button>
        </div>
      )}
      {list.data && list.data.items.length === 0 && (
        <div className="vd-empty">
          <p>{t("requests.empty")}</p>
          <Link className="button" to="/vehicle-docs-renewal">
            {t("requests.start")}
          </Link>
        </div>
      )}
      {list.data && list.data.items.length > 0 && (
        <ul className="vd-list" aria-busy={list.isFetching}>
          {list.data.items.map((r) => (
            <li key={r.code} className="card vd-item" data-code={r.code}>
              <p className="vd-item__head">
                <Link to={`/vehicle-docs-renewal/requests/${r.code}`}>
                  <strong>{r.code}</strong>
                </Link>
                <span className={`vd-chip vd-chip--${r.stage}`}>{t(`stage.${r.stage}`)}</span>
              </p>
              <p className="field__hint">
                {t("requests.sent", {
                  date: formatZonedDateTime(r.created_at, lang, NIGERIA_TIME_ZONE),
                })}
                {r.plate_number && <> · {r.plate_number}</>}
              </p>
              <p>{r.lines.map((l) => t(`docs.${l.document_type}`)).join(", ")}</p>
              <p>
                <strong>{formatMoney(r.total, r.currency, lang)}</strong>
              </p>
            </li>
          ))}
        </ul>
      )}
      {list.data && (
        <Pagination
          page={list.data.page}
          pages={list.data.pages}
          onPage={(p) => setParams(p > 1 ? { page: String(p) } : {})}
        />
      )}
    </div>
  );
}
