import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { TextField } from "../../components/ui/form-field";
import type { CompanyStatementSummary } from "@parkwell/contract";
import { formatMoney } from "../../lib/format";
import {
  companyIdOf,
  companyStatementBalancesQuery,
  companyWalletQuery,
  downloadStatement,
  isMonth,
  monthLabel,
  monthOn,
} from "./dashboard-api";
import { BusinessLinks, LoadError } from "./overview-page";
import "./dashboard.css";

/**
 * /business/:id/statements: a month's statement: the company account's balance at its start, the
 * money in and out, and the balance at its end (from the ledger), then the PDF or CSV.
 */
export function StatementsPage() {
  const { t, i18n } = useTranslation(["business", "common"]);
  const id = companyIdOf(useParams().id) ?? 0;
  const wallet = useQuery({ ...companyWalletQuery(id), enabled: id > 0 });
  const [picked, setPicked] = useState("");
  const [busy, setBusy] = useState<"pdf" | "csv" | null>(null);
  const [failed, setFailed] = useState(false);
  const zone = wallet.data?.time_zone;
  const month = picked || (zone ? monthOn(new Date(), zone) : "");
  const balances = useQuery({ ...companyStatementBalancesQuery(id, month), enabled: id > 0 && month !== "" });

  const download = async (kind: "pdf" | "csv") => {
    setBusy(kind);
    setFailed(false);
    try {
      await downloadStatement(id, month, kind, i18n.language);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="container page business-page">
      <h1>{t("dashboard.statements.title")}</h1>
      <BusinessLinks id={id} />
      {wallet.isPending && <p role="status">{t("common:loading")}</p>}
      {wallet.isError && <LoadError error={wallet.error} onRetry={() => void wallet.refetch()} />}
      {wallet.data && (
        <>
          <p className="business-muted">{t("dashboard.statements.intro", { zone: wallet.data.time_zone })}</p>
          <div className="business-actions">
            <TextField
              label={t("dashboard.statements.month")}
              type="month"
              name="month"
              value={month}
              onChange={(e) => isMonth(e.target.value) && setPicked(e.target.value)}
            />
            <button
              type="button"
              className="button button--primary"
              disabled={busy !== null || !month}
              onClick={() => void download("pdf")}
            >
              {t("dashboard.statements.pdf")}
            </button>
            <button
              type="button"
              className="button"
              disabled={busy !== null || !month}
              onClick={() => void download("csv")}
            >
              {t("dashboard.statements.csv")}
            </button>
          </div>
          {month && <p className="business-muted">{monthLabel(month, i18n.language)}</p>}
          {balances.isError && <LoadError error={balances.error} onRetry={() => void balances.refetch()} />}
          {balances.data && <Balances summary={balances.data} />}
          {failed && (
            <p className="alert alert--error" role="alert">
              {t("dashboard.statements.failed")}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** Opening balance + money in - money out = closing balance, per currency of the company's account. */
function Balances({ summary }: { summary: CompanyStatementSummary }) {
  const { t, i18n } = useTranslation("business");
  const month = monthLabel(summary.month, i18n.language);
  const money = (amount: number, currency: string) => formatMoney(amount, currency, i18n.language);
  if (summary.balances.length === 0) return <p>{t("dashboard.statements.noBalance")}</p>;
  return (
    <div className="business-columns">
      {summary.balances.map((b) => (
        <div key={b.currency} className="business-balance">
          <table className="business-table business-statement">
            <caption>{t("dashboard.statements.balanceTitle", { currency: b.currency })}</caption>
            <tbody>
              <tr>
                <th scope="row">{t("dashboard.statements.opening", { month })}</th>
                <td className="business-num">{money(b.opening, b.currency)}</td>
              </tr>
              <tr>
                <th scope="row">{t("dashboard.statements.moneyIn")}</th>
                <td className="business-num">{money(b.money_in, b.currency)}</td>
              </tr>
              <tr>
                <th scope="row">{t("dashboard.statements.moneyOut")}</th>
                <td className="business-num">{money(-b.money_out, b.currency)}</td>
              </tr>
              <tr className="business-statement__closing">
                <th scope="row">{t("dashboard.statements.closing", { month })}</th>
                <td className="business-num">{money(b.closing, b.currency)}</td>
              </tr>
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
