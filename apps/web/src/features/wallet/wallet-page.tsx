import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { formatAmountInput, formatMoney } from "../../lib/format";
import { AddFundsDialog } from "./add-funds-dialog";
import { walletQuery } from "../../lib/queries";
import { isCheckoutPath, rememberedReturn, rememberReturn } from "./return-to";
import { SavedCardsSection } from "./saved-cards-section";
import { TransactionsList } from "./transactions-list";
import "./wallet.css";

/** Signed out, /wallet shows an inline prompt instead of sending the user away. */
function SignedInWallet() {
  const { t, i18n } = useTranslation("wallet");
  const wallet = useQuery(walletQuery());
  const [params] = useSearchParams();
  // A checkout short of funds sends `amount` (what is missing) and `return_to` (itself).
  const missing = Number(params.get("amount"));
  const [adding, setAdding] = useState(missing > 0);
  const [returnTo] = useState(() => {
    const path = params.get("return_to");
    if (isCheckoutPath(path)) rememberReturn(path);
    return rememberedReturn();
  });

  return (
    <div className="container page">
      <h1>{t("title")}</h1>
      <section className="card wallet-balance" aria-labelledby="balance-label">
        <h2 id="balance-label" className="wallet-balance__label">
          {t("balanceLabel")}
        </h2>
        {wallet.isPending && <p className="wallet-muted">{t("common:loading")}</p>}
        {wallet.isError && (
          <div role="alert">
            <p>{wallet.error instanceof ApiError ? wallet.error.message : t("loadError")}</p>
            <button type="button" className="button" onClick={() => void wallet.refetch()}>
              {t("retry")}
            </button>
          </div>
        )}
        {wallet.data && (
          <>
            <p className="wallet-balance__amount" data-testid="wallet-balance">
              {formatMoney(wallet.data.balance, wallet.data.currency, i18n.language)}
            </p>
            <button type="button" className="button button--accent" onClick={() => setAdding(true)}>
              {t("addFunds")}
            </button>
            {returnTo && (
              <Link className="button" to={returnTo}>
                {t("backToCheckout")}
              </Link>
            )}
            <AddFundsDialog
              wallet={wallet.data}
              open={adding}
              onClose={() => setAdding(false)}
              initialAmount={
                missing > 0 ? formatAmountInput(Math.max(missing, wallet.data.min_topup), i18n.language) : ""
              }
            />
          </>
        )}
      </section>
      {wallet.data && <SavedCardsSection wallet={wallet.data} />}
      <section className="section" aria-labelledby="tx-title">
        <h2 id="tx-title">{t("transactions.title")}</h2>
        <TransactionsList />
      </section>
    </div>
  );
}

export function WalletPage() {
  return <SignedInWallet />;
}
