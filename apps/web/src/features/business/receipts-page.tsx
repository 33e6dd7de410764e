import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { TextField } from "../../components/ui/form-field";
import { Pagination } from "../../components/ui/pagination";
import { formatMoney } from "../../lib/format";
import { formatZonedDateTime } from "../../lib/zoned-time";
import {
  companyIdOf,
  companyReceiptsQuery,
  downloadCompanyReceipt,
  companyWalletQuery,
  isMonth,
  monthOn,
} from "./dashboard-api";
import { BusinessLinks, LoadError } from "./overview-page";
import "./dashboard.css";

/** /business/:id/receipts: the receipts and credit notes of the company's moves, by month. */
export function ReceiptsPage() {
  const { t, i18n } = useTranslation(["business", "receipts", "common"]);
  const id = companyIdOf(useParams().id) ?? 0;
  const [params, setParams] = useSearchParams();
  const wallet = useQuery({ ...companyWalletQuery(id), enabled: id > 0 });
  const asked = params.get("month");
  const month = isMonth(asked) ? asked : wallet.data ? monthOn(new Date(), wallet.data.time_zone) : "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const list = useQuery({
    ...companyReceiptsQuery(id, month, page),
    enabled: id > 0 && !!month,
    placeholderData: keepPreviousData,
  });
  const [failed, setFailed] = useState(false);
  const pdf = async (number: string) => {
    setFailed(false);
    try {
      await downloadCompanyReceipt(id, number, i18n.language);
    } catch {
      setFailed(true);
    }
  };
  const go = (next: { month?: string; page?: number }) => {
    const query = new URLSearchParams();
    query.set("month", next.month ?? month);
    if ((next.page ?? 1) > 1) query.set("page", String(next.page));
    setParams(query, { replace: true });
  };

  return (
    <div className="container page business-page">
      <h1>{t("dashboard.receipts.title")}</h1>
      <BusinessLinks id={id} />
      <p className="business-muted">{t("dashboard.receipts.intro")}</p>
      <div className="business-filters">
        <TextField
          label={t("dashboard.receipts.month")}
          type="month"
          name="month"
          value={month}
          onChange={(e) => isMonth(e.target.value) && go({ month: e.target.value })}
        />
      </div>
      {failed && (
        <p className="alert alert--error" role="alert">
          {t("dashboard.statements.failed")}
        </p>
      )}
      {(wallet.isError || list.isError) && (
        <LoadError error={wallet.error ?? list.error} onRetry={() => void list.refetch()} />
      )}
      {list.isPending && !!month && <p role="status">{t("common:loading")}</p>}
      {list.data && (
        <>
          {list.data.items.length === 0 ? (
            <p>{t("dashboard.receipts.empty")}</p>
          ) : (
            <ul className="business-list" aria-label={t("dashboard.receipts.title")}>
              {list.data.items.map((r) => (
                <li key={r.number} className="business-row">
                  <button
                    type="button"
                    className="business-link-button"
                    title={t("dashboard.receipts.pdf")}
                    onClick={() => void pdf(r.number)}
                  >
                    {r.number}
                  </button>
                  <span className="business-row__meta">
                    {r.charge_kind === "topup"
                      ? t("dashboard.receipts.topup")
                      : t(`receipts:kinds.${r.kind}`)}{" "}
                    ·{" "}
                    <time dateTime={r.issued_at}>
                      {formatZonedDateTime(r.issued_at, i18n.language, r.time_zone)}
                    </time>{" "}
                    · {r.reference} · {r.member_name}
                    {r.cost_centre ? ` (${r.cost_centre})` : ""}
                  </span>
                  <span className="business-num">{formatMoney(r.total, r.currency, i18n.language)}</span>
                </li>
              ))}
            </ul>
          )}
          <Pagination page={list.data.page} pages={list.data.pages} onPage={(p) => go({ page: p })} />
        </>
      )}
    </div>
  );
}
