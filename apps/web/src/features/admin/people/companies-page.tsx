import type { AdminCompany } from "@parkwell/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, Route, Routes, useParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { TextField } from "../../../components/ui/form-field";
import { formatMoney } from "../../../lib/format";
import { errorText } from "../../../lib/form-errors";
import { ApiError } from "../../../lib/api";
import { useCan } from "../me";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { formatZonedDateTime } from "../../../lib/zoned-time";
import { companiesQuery, companyQuery, updateCompany } from "./api";
import "./people.css";

const FILTERS = ["search"] as const;

/** /admin/companies and /admin/companies/:id: business accounts, their credit limit and status. */
export function CompaniesPage() {
  return (
    <Routes>
      <Route index element={<CompanyList />} />
      <Route path=":id" element={<CompanyDetail />} />
    </Routes>
  );
}

function CompanyList() {
  const { t, i18n } = useTranslation("admin-people");
  const filters = useUrlFilters(FILTERS);
  const { page, size } = usePageParams();
  const list = useQuery({
    ...companiesQuery(filters.applied, page, size),
    placeholderData: keepPreviousData,
  });
  const money = (n: number, c: string) => formatMoney(n, c, i18n.language);
  const columns: Column<AdminCompany>[] = [
    {
      key: "name",
      header: t("companies.columns.name"),
      cell: (c) => (
        <>
          <Link to={String(c.id)}>
            <strong>{c.name}</strong>
          </Link>
          <br />
          <span className="pp-muted">{c.billing_email}</span>
        </>
      ),
    },
    { key: "country", header: t("companies.columns.country"), cell: (c) => c.country_code },
    { key: "members", header: t("companies.columns.members"), numeric: true, cell: (c) => c.members },
    {
      key: "balance",
      header: t("companies.columns.balance"),
      numeric: true,
      cell: (c) => money(c.balance, c.currency),
    },
    {
      key: "limit",
      header: t("companies.columns.creditLimit"),
      numeric: true,
      cell: (c) => money(c.credit_limit, c.currency),
    },
    {
      key: "status",
      header: t("companies.columns.status"),
      cell: (c) => {
        const status = c.disabled ? "disabled" : "active";
        return <span className={`pp-badge pp-badge--${status}`}>{t(`status.${status}`)}</span>;
      },
    },
    {
      key: "created",
      header: t("companies.columns.created"),
      cell: (c) => formatZonedDateTime(c.created_at, i18n.language, c.time_zone),
    },
  ];
  return (
    <>
      <PageHeader title={t("companies.title")} description={t("companies.description")} />
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        <TextField
          label={t("companies.search")}
          value={filters.draft.search}
          maxLength={200}
          onChange={(e) => filters.set("search", e.target.value)}
        />
      </FilterBar>
      <DataTable
        caption={t("companies.title")}
        columns={columns}
        rowKey={(c) => String(c.id)}
        query={list}
        emptyText={t("companies.empty")}
      />
    </>
  );
}

function CompanyDetail() {
  const { t, i18n } = useTranslation("admin-people");
  const id = Number(useParams().id) || 0;
  const can = useCan();
  const queryClient = useQueryClient();
  const detail = useQuery(companyQuery(id));
  const [limit, setLimit] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { credit_limit?: number; disabled?: boolean }) => updateCompany(id, body),
    onSuccess: async (c) => {
      setNotice(t("companies.saved"));
      setLimit(null);
      queryClient.setQueryData(companyQuery(id).queryKey, c);
      await queryClient.invalidateQueries({ queryKey: ["admin", "companies"] });
    },
  });
  const back = (
    <Link className="pp-back" to="..">
      ← {t("companies.back")}
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
  const money = (n: number) => formatMoney(n, c.currency, i18n.language);
  const fieldError = save.error instanceof ApiError ? (save.error.fields?.credit_limit ?? null) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    save.mutate({ credit_limit: Number((limit ?? String(c.credit_limit)).replace(",", ".")) });
  };
  return (
    <>
      {back}
      <PageHeader title={c.name} description={`${c.billing_email} · ${c.tax_id} · ${c.country_code}`} />
      <FormAlert message={notice} tone="success" />
      <FormAlert message={save.isError && !fieldError ? errorText(t, save.error) : null} />
      <dl className="pp-details">
        <dt>{t("companies.columns.status")}</dt>
        <dd>{t(`status.${c.disabled ? "disabled" : "active"}`)}</dd>
        <dt>{t("companies.verified")}</dt>
        <dd>{t(c.verified ? "companies.yes" : "companies.no")}</dd>
        <dt>{t("companies.billing")}</dt>
        <dd>{t(`companies.billingModes.${c.billing}`)}</dd>
        <dt>{t("companies.columns.balance")}</dt>
        <dd>{money(c.balance)}</dd>
        <dt>{t("companies.columns.members")}</dt>
        <dd>{c.members}</dd>
      </dl>
      {can("customers.update") && (
        <>
          <form className="pp-limit-form" noValidate onSubmit={submit} aria-label={t("companies.saveLimit")}>
            <TextField
              label={t("companies.creditLimit", { currency: c.currency })}
              hint={t("companies.creditLimitHint")}
              inputMode="decimal"
              value={limit ?? String(c.credit_limit)}
              error={fieldError ?? undefined}
              onChange={(e) => setLimit(e.target.value)}
            />
            <button type="submit" className="button button--accent" disabled={save.isPending}>
              {t("companies.saveLimit")}
            </button>
          </form>
          <button
            type="button"
            className="button"
            disabled={save.isPending}
            onClick={() => {
              setNotice(null);
              save.mutate({ disabled: !c.disabled });
            }}
          >
            {t(c.disabled ? "companies.enable" : "companies.disable")}
          </button>
        </>
      )}
    </>
  );
}
