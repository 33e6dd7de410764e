import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { errorText } from "../../lib/form-errors";
import { formatMoney } from "../../lib/format";
import { companyIdOf, companySpendQuery, companyWalletQuery, monthLabel, monthOn } from "./dashboard-api";
import "./dashboard.css";

/**
 * The company pages' links (overview, bookings, receipts, statements, wallet, policy, members), at the top
 * of each of them.
 */
export function BusinessLinks({ id }: { id: number }) {
  const { t } = useTranslation("business");
  const links = [
    ["", "overview"],
    ["/bookings", "bookings"],
    ["/receipts", "receipts"],
    ["/statements", "statements"],
    ["/wallet", "wallet"],
    ["/policy", "policy"],
    ["/members", "members"],
  ] as const;
  return (
    <nav className="business-links" aria-label={t("dashboard.overview.title")}>
      {links.map(([path, key]) => (
        <NavLink key={key} to={`/business/${id}${path}`} end className="business-links__link">
          {t(`dashboard.nav.${key}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/** A refused or failed load: 403 and 404 say the company is not the reader's to manage. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(["business", "receipts"]);
  if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
    return (
      <p className="alert alert--error" role="alert">
        {t("dashboard.notFound")}
      </p>
    );
  }
  return (
    <div className="alert alert--error" role="alert">
      <p>{errorText(t, error)}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t("receipts:retry")}
      </button>
    </div>
  );
}

/** /business/:id: the company's balances and this month's spend per member and cost centre. */
export function OverviewPage() {
  const { t, i18n } = useTranslation(["business", "common"]);
  const id = companyIdOf(useParams().id) ?? 0;
  const wallet = useQuery({ ...companyWalletQuery(id), enabled: id > 0 });
  const zone = wallet.data?.time_zone;
  const month = zone ? monthOn(new Date(), zone) : "";
  const spend = useQuery({ ...companySpendQuery(id, month), enabled: id > 0 && !!month });
  const money = (amount: number, currency: string) => formatMoney(amount, currency, i18n.language);

  return (
    <div className="container page business-page">
      <h1>{wallet.data?.name ?? t("dashboard.overview.title")}</h1>
      <BusinessLinks id={id} />
      {wallet.isPending && <p role="status">{t("common:loading")}</p>}
      {wallet.isError && <LoadError error={wallet.error} onRetry={() => void wallet.refetch()} />}
      {wallet.data && (
        <section className="business-section" aria-labelledby="business-balances">
          <h2 id="business-balances">{t("dashboard.overview.balances")}</h2>
          <ul className="business-balances">
            {wallet.data.balances.map((b) => (
              <li key={b.currency} className="business-balance">
                <strong data-testid="company-balance">{money(b.balance, b.currency)}</strong>
                <span>{t("dashboard.overview.available", { amount: money(b.available, b.currency) })}</span>
              </li>
            ))}
          </ul>
          <p className="business-muted">
            {wallet.data.billing === "invoice"
              ? t("dashboard.overview.billingInvoice", {
                  limit: money(wallet.data.credit_limit, wallet.data.currency),
                })
              : t("dashboard.overview.billingWallet")}
          </p>
        </section>
      )}
      {spend.data && (
        <section className="business-section" aria-labelledby="business-spend">
          <h2 id="business-spend">
            {t("dashboard.overview.spendTitle", { month: monthLabel(spend.data.month, i18n.language) })}
          </h2>
          <p className="business-muted">
            {t("dashboard.overview.spendNote", { zone: spend.data.time_zone })}
          </p>
          {spend.data.totals.length === 0 ? (
            <p>{t("dashboard.overview.noSpend")}</p>
          ) : (
            <>
              <p className="business-total">
                {t("dashboard.overview.total")}:{" "}
                {spend.data.totals.map((x) => money(x.amount, x.currency)).join(" · ")}
              </p>
              <div className="business-columns">
                <table className="business-table">
                  <caption>{t("dashboard.overview.perMember")}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("dashboard.overview.member")}</th>
                      <th scope="col">{t("dashboard.overview.costCentre")}</th>
                      <th scope="col" className="business-num">
                        {t("dashboard.overview.amount")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {spend.data.members.map((m) => (
                      <tr key={`${m.member_id}-${m.currency}`}>
                        <td>
                          <Link to={`/business/${id}/bookings?member_id=${m.member_id}`}>
                            {m.name || m.email}
                          </Link>
                          {m.removed ? ` (${t("dashboard.overview.removed")})` : ""}
                        </td>
                        <td>{m.cost_centre || "—"}</td>
                        <td className="business-num">{money(m.amount, m.currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <table className="business-table">
                  <caption>{t("dashboard.overview.perCostCentre")}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("dashboard.overview.costCentre")}</th>
                      <th scope="col" className="business-num">
                        {t("dashboard.overview.amount")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {spend.data.cost_centres.map((c) => (
                      <tr key={`${c.cost_centre}-${c.currency}`}>
                        <td>{c.cost_centre || t("dashboard.overview.noCostCentre")}</td>
                        <td className="business-num">{money(c.amount, c.currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </section>
      )}
    </div>
  );
}
