import { KIND_OF_SUBJECT, purchasePage } from "@parkwell/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { formatMoney } from "../../lib/format";
import { countriesQuery } from "../../lib/queries";
import { formatZonedDateTime, zoneOfCurrency } from "../../lib/zoned-time";
import { transactionsQuery } from "./api";

export function TransactionsList() {
  const { t, i18n } = useTranslation("wallet");
  const [page, setPage] = useState(1);
  const query = useQuery(transactionsQuery(page));
  // A line belongs to no park: it is on its currency's country's clock, the zone named.
  const countries = useQuery(countriesQuery());

  if (query.isPending) return <p className="wallet-muted">{t("common:loading")}</p>;
  if (query.isError) {
    return (
      <div role="alert">
        <p>{query.error instanceof ApiError ? query.error.message : t("loadError")}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          {t("retry")}
        </button>
      </div>
    );
  }
  const { items, pages } = query.data;
  if (items.length === 0) return <p className="wallet-muted">{t("transactions.empty")}</p>;
  return (
    <>
      <ul className="wallet-tx-list">
        {items.map((tx) => (
          <li key={tx.id} className="wallet-tx">
            <div className="wallet-tx__main">
              <span className="wallet-tx__title">{t(`transactions.types.${tx.type}`)}</span>
              <span className="wallet-tx__meta">
                <time dateTime={tx.created_at}>
                  {formatZonedDateTime(
                    tx.created_at,
                    i18n.language,
                    zoneOfCurrency(tx.currency, countries.data),
                  )}
                </time>
                {tx.subject && (
                  <>
                    {" · "}
                    <Link to={purchasePage(KIND_OF_SUBJECT[tx.subject.kind], tx.subject.code)}>
                      {t(`transactions.subject.${tx.subject.kind}`, { code: tx.subject.code })}
                    </Link>
                  </>
                )}
                {/* A top-up is found by its receipt; a raw reference only when nothing else names the move. */}
                {!tx.subject && !tx.receipt_number && tx.reference
                  ? ` · ${t("transactions.reference", { reference: tx.reference })}`
                  : ""}
                {tx.receipt_number && (
                  <>
                    {" · "}
                    <Link to={`/receipts/${tx.receipt_number}`}>
                      {t("transactions.receipt", { number: tx.receipt_number })}
                    </Link>
                  </>
                )}
              </span>
            </div>
            <div className="wallet-tx__amounts">
              <span
                className={tx.amount >= 0 ? "wallet-tx__amount wallet-tx__amount--in" : "wallet-tx__amount"}
              >
                {tx.amount >= 0 ? "+" : ""}
                {formatMoney(tx.amount, tx.currency, i18n.language)}
              </span>
              <span className="wallet-tx__meta">
                {t("transactions.balanceAfter", {
                  amount: formatMoney(tx.balance_after, tx.currency, i18n.language),
                })}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="wallet-pager" aria-label={t("transactions.pagesLabel")}>
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("transactions.previous")}
          </button>
          <span aria-live="polite">{t("transactions.page", { page, pages })}</span>
          <button type="button" className="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t("transactions.next")}
          </button>
        </nav>
      )}
    </>
  );
}
