import type { PayoutAccount, PayoutSetup } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Route, Routes, useSearchParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { SelectField } from "../../../components/ui/form-field";
import { formatMoney } from "../../../lib/format";
import { errorText } from "../../../lib/form-errors";
import { browserTimeZone, formatZonedDateTime } from "../../../lib/zoned-time";
import { useAdminMe, useCan } from "../me";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { PageHeader } from "../ui/page-header";
import { EmptyState, LoadingState } from "../ui/states";
import { cancelPayoutAccount, payoutAccountsQuery, payoutOperatorsQuery, payoutSetupQuery } from "./api";
import { PayoutAccountForm } from "./payout-account-form";
import { ConfirmPayoutAccountPage } from "./payout-account-confirm";
import "./payouts.css";

/** /admin/payout-accounts: where the operator is paid; /admin/payout-accounts/confirm: the e-mail's link. */
export function PayoutAccountsPage() {
  return (
    <Routes>
      <Route index element={<PayoutAccounts />} />
      <Route path="confirm" element={<ConfirmPayoutAccountPage />} />
    </Routes>
  );
}

/**
 * The operator the page is about: a branch manager's own; Parkwell's admin picks one (kept in
 * `?operator=`), the first by default.
 */
export function useChosenOperator(): {
  operatorId: number | null;
  ready: boolean;
  picker: React.ReactNode;
} {
  const { t } = useTranslation("admin-payouts");
  const me = useAdminMe();
  const own = me.data?.operator ?? null;
  const operators = useQuery({ ...payoutOperatorsQuery(), enabled: me.isSuccess && own === null });
  const [params, setParams] = useSearchParams();
  if (own) return { operatorId: null, ready: true, picker: null };
  const items = operators.data?.items ?? [];
  const named = Number(params.get("operator"));
  const chosen = items.find((o) => o.id === named) ?? items[0];
  return {
    operatorId: chosen?.id ?? null,
    ready: Boolean(chosen),
    picker: items.length > 0 && (
      <div className="po-picker">
        <SelectField
          label={t("operator")}
          value={String(chosen?.id ?? "")}
          onChange={(e) => setParams({ operator: e.target.value })}
          options={items.map(
            (o) => [String(o.id), `${o.name}${o.country_code ? ` (${o.country_code})` : ""}`] as const,
          )}
        />
      </div>
    ),
  };
}

function PayoutAccounts() {
  const { t } = useTranslation("admin-payouts");
  const { operatorId, ready, picker } = useChosenOperator();
  const setup = useQuery({ ...payoutSetupQuery(operatorId), enabled: ready });
  const can = useCan();
  return (
    <>
      <PageHeader title={t("accounts.title")} description={t("accounts.description")} />
      {picker}
      {!ready || setup.isPending ? (
        <LoadingState text={t("loading")} />
      ) : setup.isError ? (
        <FormAlert message={errorText(t, setup.error)} />
      ) : (
        <>
          <SetupFacts setup={setup.data} />
          <AccountsList operatorId={operatorId} />
          {can("payout_accounts.create") && setup.data.method && setup.data.provider_ready && (
            <section className="po-section">
              <PayoutAccountForm operatorId={operatorId} method={setup.data.method} onAdded={() => {}} />
            </section>
          )}
        </>
      )}
    </>
  );
}

function SetupFacts({ setup }: { setup: PayoutSetup }) {
  const { t, i18n } = useTranslation("admin-payouts");
  return (
    <section className="po-section" aria-label={t("accounts.facts")}>
      {setup.hold && (
        <p className="po-notice" role="note">
          {t("hold.notice", { reason: setup.hold.reason })}
        </p>
      )}
      {!setup.provider_ready && <p className="po-notice">{t("accounts.notReady")}</p>}
      <dl className="po-facts">
        <div>
          <dt>{t("accounts.operator")}</dt>
          <dd>{setup.operator.name}</dd>
        </div>
        <div>
          <dt>{t("accounts.method")}</dt>
          <dd>{setup.method ? t(`method.${setup.method}`) : t("accounts.noCountry")}</dd>
        </div>
        {setup.minimum !== null && setup.currency && (
          <div>
            <dt>{t("accounts.minimum")}</dt>
            <dd>{formatMoney(setup.minimum, setup.currency, i18n.language)}</dd>
          </div>
        )}
        <div>
          <dt>{t("accounts.holdHours")}</dt>
          <dd>{t("accounts.holdHoursValue", { hours: setup.hold_hours })}</dd>
        </div>
      </dl>
    </section>
  );
}

function AccountsList({ operatorId }: { operatorId: number | null }) {
  const { t, i18n } = useTranslation("admin-payouts");
  const can = useCan();
  const client = useQueryClient();
  const list = useQuery(payoutAccountsQuery(operatorId));
  const [cancelling, setCancelling] = useState<PayoutAccount | null>(null);
  const cancel = useMutation({
    mutationFn: (id: number) => cancelPayoutAccount(id),
    onSuccess: async () => {
      setCancelling(null);
      await client.invalidateQueries({ queryKey: ["admin", "payout-accounts"] });
    },
  });
  const when = (iso: string | null) =>
    iso ? formatZonedDateTime(iso, i18n.language, browserTimeZone()) : "—";
  if (list.isPending) return <LoadingState text={t("loading")} />;
  if (list.isError) return <FormAlert message={errorText(t, list.error)} />;
  const items = list.data.items;
  return (
    <section className="po-section" aria-labelledby="po-accounts-title">
      <h2 id="po-accounts-title">{t("accounts.listTitle")}</h2>
      {items.length === 0 ? (
        <EmptyState text={t("accounts.empty")} />
      ) : (
        <div className="admin-table admin-table--cards">
          <div
            className="admin-table__scroll"
            role="region"
            aria-label={t("accounts.listTitle")}
            tabIndex={0}
          >
            <table>
              <caption className="visually-hidden">{t("accounts.listTitle")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("accounts.columns.account")}</th>
                  <th scope="col">{t("accounts.columns.status")}</th>
                  <th scope="col">{t("accounts.columns.usableFrom")}</th>
                  <th scope="col">{t("accounts.columns.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((a) => (
                  <tr key={a.id}>
                    <td data-label={t("accounts.columns.account")}>
                      <strong>{a.holder_name}</strong>
                      <br />
                      <span className="po-muted">
                        {t("accounts.ending", { last4: a.last4 })}
                        {a.bank_name ? ` · ${a.bank_name}` : ""} · {a.currency}
                      </span>
                    </td>
                    <td data-label={t("accounts.columns.status")}>
                      <span className={`po-badge po-badge--${a.status}`}>
                        {t(`accountStatus.${a.status}`)}
                      </span>
                      {a.in_use && <span className="po-muted"> {t("accounts.inUse")}</span>}
                      {a.status === "pending" && <p className="po-muted">{t("accounts.pendingHint")}</p>}
                    </td>
                    <td data-label={t("accounts.columns.usableFrom")}>{when(a.usable_from)}</td>
                    <td>
                      {can("payout_accounts.delete") && (a.status === "pending" || a.status === "active") && (
                        <button type="button" className="button" onClick={() => setCancelling(a)}>
                          {t("accounts.cancel")}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={t("accounts.cancelTitle")}
        message={cancelling ? t("accounts.cancelText", { last4: cancelling.last4 }) : ""}
        confirmLabel={t("accounts.cancelConfirm")}
        danger
        busy={cancel.isPending}
        error={cancel.isError ? errorText(t, cancel.error) : null}
        onConfirm={() => cancelling && cancel.mutate(cancelling.id)}
        onCancel={() => setCancelling(null)}
      />
    </section>
  );
}
