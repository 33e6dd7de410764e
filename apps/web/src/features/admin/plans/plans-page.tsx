import { describeHours, PLAN_STATUSES, type AdminPlan } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Route, Routes } from "react-router";
import { SelectField } from "../../../components/ui/form-field";
import { formatMoney, vehicleTypeLabel } from "../../../lib/format";
import { useCan } from "../me";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { ParkPicker } from "../ui/park-picker";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { plansQuery } from "./api";
import { PassesList } from "./passes-list";
import { PlanEditor } from "./plan-editor";
import { StatusBadge } from "./plan-status";
import "../parks/parks.css";
import "./plans.css";

/** /admin/plans: the plans, /new and /{id} (the form), /passes (the passes sold). */
export function AdminPlansPage() {
  return (
    <Routes>
      <Route index element={<PlansList />} />
      <Route path="new" element={<PlanEditor />} />
      <Route path="passes" element={<PassesList />} />
      <Route path=":id" element={<PlanEditor />} />
    </Routes>
  );
}

const FILTERS = ["park_id", "status"] as const;

function PlansList() {
  const { t, i18n } = useTranslation(["admin-plans", "bookings"]);
  const lang = i18n.language.startsWith("fr") ? "fr" : "en";
  const can = useCan();
  const filters = useUrlFilters(FILTERS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const list = useQuery({ ...plansQuery(applied, page, size), placeholderData: keepPreviousData });

  const columns: Column<AdminPlan>[] = [
    {
      key: "name",
      header: t("columns.plan"),
      cell: (p) => (
        <>
          <Link to={String(p.id)}>
            <strong>{p.name[lang]}</strong>
          </Link>
          <br />
          <span className="admin-park-muted">{p.park.name}</span>
        </>
      ),
    },
    { key: "hours", header: t("columns.hours"), cell: (p) => describeHours(p.windows, lang) },
    {
      key: "prices",
      header: t("columns.prices"),
      cell: (p) =>
        p.prices.map((x) => (
          <span key={x.vehicle_type_id} className="admin-plan-price">
            {vehicleTypeLabel(t, x.vehicle_type_id, x.vehicle_type)}:{" "}
            {formatMoney(x.monthly_price, p.currency, i18n.language)}
            <br />
          </span>
        )),
    },
    {
      key: "sold",
      header: t("columns.sold"),
      numeric: true,
      cell: (p) => t("soldOf", { sold: p.sold, allocation: p.allocation }),
    },
    { key: "space", header: t("columns.spaceMode"), cell: (p) => t(`spaceMode.${p.space_mode}`) },
    {
      key: "status",
      header: t("columns.status"),
      cell: (p) => <StatusBadge kind="plan" status={p.status} />,
    },
  ];

  const statuses: [string, string][] = [
    ["", t("planStatus.any")],
    ...PLAN_STATUSES.map((s): [string, string] => [s, t(`planStatus.${s}`)]),
  ];

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <>
            <Link className="button" to="passes">
              {t("passesLink")}
            </Link>
            {can("plans.create") && (
              <Link className="button button--accent" to="new">
                {t("new")}
              </Link>
            )}
          </>
        }
      />
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        <ParkPicker permission="plans.view" value={draft.park_id} onChange={(v) => set("park_id", v)} />
        <SelectField
          label={t("filters.status")}
          options={statuses}
          value={draft.status}
          onChange={(e) => set("status", e.target.value)}
        />
      </FilterBar>
      <DataTable
        caption={t("title")}
        columns={columns}
        rowKey={(p) => p.id}
        query={list}
        emptyText={t("empty")}
        cards
      />
    </>
  );
}
