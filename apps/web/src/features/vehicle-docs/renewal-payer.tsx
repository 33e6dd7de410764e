/** The renewal request's payer and its wallet's shortfall (the renewal page's checkout part). */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PayerChoice, usePayingCompanies } from "../../components/payer-choice";
import { usePayDifference } from "../../components/ui/pay-difference";
import { WalletNotice } from "../../components/ui/top-up-notice";
import type { ApiError } from "../../lib/api";
import { walletQuery } from "../../lib/queries";

/** Who pays: the wallet (null), or a company of the driver's that pays in the quote's currency. */
export function useRenewalPayer(currency: string | undefined) {
  const companies = usePayingCompanies(currency);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const payer = companies.some((c) => c.id === companyId) ? companyId : null;
  return { companies, payer, setCompanyId, companyBody: payer !== null ? { company_id: payer } : {} };
}

/**
 * Who pays, and what the wallet's 402 says: its shortfall with "Pay … and send the request" (the
 * difference paid, the request sent once the payment is confirmed), except for a company's short
 * account, which is the company's to top up.
 */
export function RenewalPayer({
  payers,
  onPayer,
  currency,
  payError,
  request,
}: {
  payers: ReturnType<typeof useRenewalPayer>;
  /** Another payer is another attempt. */
  onPayer: () => void;
  currency: string | undefined;
  payError: ApiError | null;
  /** The request's body as sent, with its expected total (null until it is complete). */
  request: Record<string, unknown> | null;
}) {
  const { t } = useTranslation("vehicle-docs");
  const minTopUp = useQuery(walletQuery()).data?.min_topup;
  const difference = usePayDifference("vehicle_docs");
  return (
    <>
      <PayerChoice
        companies={payers.companies}
        value={payers.payer}
        onChange={(next) => {
          payers.setCompanyId(next);
          onPayer();
        }}
      />
      <WalletNotice
        currency={currency}
        error={payError}
        alert={payError?.message ?? null}
        missingText={(amount) => t("pay.missing", { amount })}
        payDifference={
          payers.payer === null && request
            ? {
                minTopUp,
                busy: difference.busy,
                failed: difference.failed,
                onPay: (cardId) => difference.pay(request, cardId),
                label: (amount) => t("pay.payDifference", { amount }),
              }
            : undefined
        }
      />
    </>
  );
}
