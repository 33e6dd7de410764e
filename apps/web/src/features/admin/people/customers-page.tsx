import type { CustomerSummary } from "@parkwell/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Route, Routes, useParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { countryLabel, formatMoney } from "../../../lib/format";
import { formatShortZoned, formatZonedDateTime } from "../../../lib/zoned-time";
import { formatDateTime } from "./format";
import { errorText } from "../../../lib/form-errors";
import { useCan } from "../me";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { customerQuery, customersQuery, setCustomerDisabled } from "./api";
import "./people.css";

const FILTERS = ["search", "status"] as const;

/** /admin/customers and /admin/customers/:id. */
export function CustomersPage() {
  return (
    <Routes>
      <Route index element={<CustomerList />} />
      <Route path=":id" element={<CustomerDetailPage />} />
    </Routes>
  );
}

function CustomerList() {
  const { t, i18n } = useTranslation("admin-people");
  const filters = useUrlFilters(FILTERS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const list = useQuery({ ...customersQuery(applied, page, size), placeholderData: keepPreviousData });
  const columns: Column<CustomerSummary>[] = [
    {
      key: "name",
      header: t("customers.columns.name"),
      cell: (c) => (
        <>
          <Link to={c.id}>
            <strong>{`${c.first_name} ${c.last_name}`.trim() || c.email}</strong>
          </Link>
          <br />
          <span className="pp-muted">{c.email}</span>
        </>
      ),
    },
    { key: "phone", header: t("customers.columns.phone"), cell: (c) => c.phone ?? "—" },
    { key: "country", header: t("customers.columns.country"), cell: (c) => countryLabel(t, c.country) },
    {
      key: "bookings",
      header: t("customers.columns.bookings"),
      numeric: true,
      cell: (c) => c.bookings_count,
    },
    {
      key: "status",
      header: t("customers.columns.status"),
      cell: (c) => <span className={`pp-badge pp-badge--${c.status}`}>{t(`status.${c.status}`)}</span>,
    },
    {
      key: "joined",
      header: t("customers.columns.joined"),
      cell: (c) => formatDateTime(c.created_at, i18n.language),
    },
  ];
  return (
    <>
      <PageHeader title={t("customers.title")} description={t("customers.description")} />
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        <TextField
          label={t("customers.filters.search")}
          hint={t("customers.filters.searchHint")}
          value={draft.search}
          maxLength={200}
          onChange={(e) => set("search", e.target.value)}
        />
        <SelectField
          label={t("customers.filters.status")}
          options={[
            ["", t("customers.filters.any")],
            ["active", t("status.active")],
            ["disabled", t("status.disabled")],
          ]}
          value={draft.status}
          onChange={(e) => set("status", e.target.value)}
        />
      </FilterBar>
      <DataTable
        caption={t("customers.title")}
        columns={columns}
        rowKey={(c) => c.id}
        query={list}
        emptyText={t("customers.empty")}
      />
    </>
  );
}

function CustomerDetailPage() {
  const { t, i18n } = useTranslation("admin-people");
  const { id = "" } = useParams();
  const can = useCan();
  const queryClient = useQueryClient();
  const detail = useQuery(customerQuery(id));
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const toggle = useMutation({
    mutationFn: (disable: boolean) => setCustomerDisabled(id, disable),
    onSuccess: async (c) => {
      setConfirming(false);
      setNotice(t(c.status === "disabled" ? "customers.disabledNotice" : "customers.enabledNotice"));
      queryClient.setQueryData(customerQuery(id).queryKey, c);
      await queryClient.invalidateQueries({ queryKey: ["admin", "customers"] });
    },
  });
  const lang = i18n.language;
  const back = (
    <Link className="pp-back" to="..">
      ← {t("customers.back")}
    </Link>
  );
  if (detail.isPending) return <LoadingState text={t("loading")} />;
  if (detail.isError) {
    return (
      <>
        {back}
        <FormAlert message={errorText(t, detail.error)} />
      </>
    );
  }
  const c = detail.data;
  const disabled = c.status === "disabled";
  return (
    <>
      {back}
      <PageHeader
        title={`${c.first_name} ${c.last_name}`.trim() || c.email}
        description={<span className={`pp-badge pp-badge--${c.status}`}>{t(`status.${c.status}`)}</span>}
        actions={
          can("customers.update") && (
            <button
              type="button"
              className={disabled ? "button button--accent" : "button button--danger"}
              onClick={() => {
                toggle.reset();
                setConfirming(true);
              }}
            >
              {t(disabled ? "customers.enable" : "customers.disable")}
            </button>
          )
        }
      />
      <FormAlert message={notice} tone="success" />
      <dl className="pp-details">
        <dt>{t("customers.fields.email")}</dt>
        <dd>
          {c.email} {c.email_verified ? "" : <span className="pp-muted">({t("customers.unverified")})</span>}
        </dd>
        <dt>{t("customers.fields.phone")}</dt>
        <dd>{c.phone ?? "—"}</dd>
        <dt>{t("customers.fields.country")}</dt>
        <dd>{countryLabel(t, c.country)}</dd>
        <dt>{t("customers.fields.language")}</dt>
        <dd>{c.language === "fr" ? "Français" : "English"}</dd>
        <dt>{t("customers.fields.signIn")}</dt>
        <dd>{t(`customers.provider.${c.auth_provider}`, { defaultValue: c.auth_provider })}</dd>
        <dt>{t("customers.fields.joined")}</dt>
        <dd>{formatDateTime(c.created_at, lang)}</dd>
        <dt>{t("customers.fields.lastSignIn")}</dt>
        <dd>{c.last_sign_in_at ? formatDateTime(c.last_sign_in_at, lang) : "—"}</dd>
        {c.disabled_at && (
          <>
            <dt>{t("customers.fields.disabledAt")}</dt>
            <dd>{formatDateTime(c.disabled_at, lang)}</dd>
          </>
        )}
      </dl>

      <section className="pp-section" aria-labelledby="pp-wallet">
        <h2 id="pp-wallet">{t("customers.wallet")}</h2>
        {c.wallets.length === 0 ? (
          <p className="pp-muted">{t("customers.noWallet")}</p>
        ) : (
          <ul className="pp-wallets">
            {c.wallets.map((w) => (
              <li key={w.currency}>{formatMoney(w.balance, w.currency, lang)}</li>
            ))}
          </ul>
        )}
        {c.ledger.length > 0 && (
          <div className="admin-table__scroll" role="region" aria-labelledby="pp-wallet" tabIndex={0}>
            <table className="pp-simple-table">
              <caption className="visually-hidden">{t("customers.ledger")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("customers.ledgerColumns.when")}</th>
                  <th scope="col">{t("customers.ledgerColumns.what")}</th>
                  <th scope="col" className="admin-table__num">
                    {t("customers.ledgerColumns.amount")}
                  </th>
                  <th scope="col" className="admin-table__num">
                    {t("customers.ledgerColumns.balance")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {c.ledger.map((e) => (
                  <tr key={e.id}>
                    <td>{formatDateTime(e.at, lang)}</td>
                    <td>
                      {t(`customers.kinds.${e.kind}`, { defaultValue: e.kind })}
                      {e.reference && <span className="pp-muted pp-code"> · {e.reference}</span>}
                    </td>
                    <td className="admin-table__num">{formatMoney(e.amount, e.currency, lang)}</td>
                    <td className="admin-table__num">{formatMoney(e.balance_after, e.currency, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="pp-section" aria-labelledby="pp-bookings">
        <h2 id="pp-bookings">{t("customers.bookings", { count: c.bookings_count })}</h2>
        {c.bookings.length === 0 ? (
          <p className="pp-muted">{t("customers.noBookings")}</p>
        ) : (
          <div className="admin-table__scroll" role="region" aria-labelledby="pp-bookings" tabIndex={0}>
            <table className="pp-simple-table">
              <thead>
                <tr>
                  <th scope="col">{t("customers.bookingColumns.code")}</th>
                  <th scope="col">{t("customers.bookingColumns.park")}</th>
                  <th scope="col">{t("customers.bookingColumns.window")}</th>
                  <th scope="col">{t("customers.bookingColumns.status")}</th>
                  <th scope="col" className="admin-table__num">
                    {t("customers.bookingColumns.paid")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {c.bookings.map((b) => (
                  <tr key={b.id}>
                    <td className="pp-code">{b.booking_code}</td>
                    <td>{b.park.name}</td>
                    <td>
                      {formatShortZoned(b.start_time, lang, b.time_zone)} –{" "}
                      {formatZonedDateTime(b.end_time, lang, b.time_zone)}
                    </td>
                    <td>{t(`customers.bookingStatus.${b.status}`, { defaultValue: b.status })}</td>
                    <td className="admin-table__num">{formatMoney(b.paid, b.currency, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <ConfirmDialog
        open={confirming}
        title={t(disabled ? "customers.enableTitle" : "customers.disableTitle")}
        message={t(disabled ? "customers.enableText" : "customers.disableText", { email: c.email })}
        confirmLabel={t(disabled ? "customers.enable" : "customers.disable")}
        danger={!disabled}
        busy={toggle.isPending}
        error={toggle.isError ? errorText(t, toggle.error) : null}
        onConfirm={() => toggle.mutate(!disabled)}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
