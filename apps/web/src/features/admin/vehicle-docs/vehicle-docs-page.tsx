import { VEHICLE_DOC_STAGES } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Navigate, NavLink, Route, Routes } from "react-router";
import { SelectField } from "../../../components/ui/form-field";
import { formatMoney } from "../../../lib/format";
import { formatZonedDateTime } from "../../../lib/zoned-time";
import { RequirePermission } from "../guard";
import { useAdminMe, useCan } from "../me";
import { AdminNotFoundPage } from "../status-pages";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { QUEUE_FILTERS, vehicleDocsQuery, type VehicleDocRow } from "./api";
import { VehicleDocFeesPage } from "./fees-page";
import { VehicleDocInsurersPage } from "./insurers-page";
import { VehicleDocRequestPage } from "./request-page";
import { vehicleText } from "./request-sections";
import { VehicleDocStageBadge } from "./stage";
import { NIGERIA_ZONE, useNigerianStates } from "./states";
import "../parks/parks.css";
import "../reports/reports.css";
import "../orders/orders.css";
import "./vehicle-docs.css";

/**
 * /admin/vehicle-docs: the queue, /fees (the fee tables), /fees/insurers (comprehensive
 * insurance's insurers) and /{code} (a request). Staff who hold
 * only vehicle_doc_fees.view (the nav offers them this page too) open it on the fee tables.
 */
export function AdminVehicleDocsPage() {
  return (
    <Routes>
      <Route index element={<QueueOrFees />} />
      <Route
        path="fees"
        element={
          <RequirePermission permission="vehicle_doc_fees.view">
            <VehicleDocFeesPage tabs={<VehicleDocsTabs />} />
          </RequirePermission>
        }
      />
      <Route
        path="fees/insurers"
        element={
          <RequirePermission permission="vehicle_doc_fees.view">
            <VehicleDocInsurersPage tabs={<VehicleDocsTabs />} />
          </RequirePermission>
        }
      />
      <Route
        path=":code"
        element={
          <RequirePermission permission="vehicle_docs.view">
            <VehicleDocRequestPage />
          </RequirePermission>
        }
      />
      <Route path="*" element={<AdminNotFoundPage />} />
    </Routes>
  );
}

/** The queue for who may view the requests, else (once /admin/me has answered) the fee tables. */
function QueueOrFees() {
  const me = useAdminMe();
  const can = useCan();
  if (!me.data) return null;
  return can("vehicle_docs.view") ? <VehicleDocsQueue /> : <Navigate to="fees" replace />;
}

/** The queue (for who may see it), the fee tables and the insurers (for who may see the fees). */
export function VehicleDocsTabs() {
  const { t } = useTranslation("admin-vehicle-docs");
  const can = useCan();
  if (!can("vehicle_doc_fees.view")) return null;
  return (
    <nav className="report-tabs" aria-label={t("tabs.label")}>
      {can("vehicle_docs.view") && (
        <NavLink to="/admin/vehicle-docs" end>
          {t("tabs.queue")}
        </NavLink>
      )}
      <NavLink to="/admin/vehicle-docs/fees" end>
        {t("tabs.fees")}
      </NavLink>
      <NavLink to="/admin/vehicle-docs/fees/insurers">{t("tabs.insurers")}</NavLink>
    </nav>
  );
}

const AGES = ["1", "3", "7", "14"] as const;

function VehicleDocsQueue() {
  const { t, i18n } = useTranslation("admin-vehicle-docs");
  const lang = i18n.language;
  const filters = useUrlFilters(QUEUE_FILTERS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const list = useQuery({ ...vehicleDocsQuery(applied, page, size), placeholderData: keepPreviousData });
  const states = useNigerianStates();
  const stateName = (code: string) => states.data?.find((s) => s.code === code)?.name ?? code;

  const columns: Column<VehicleDocRow>[] = [
    {
      key: "code",
      header: t("queue.columns.code"),
      cell: (r) => (
        <Link to={r.code} className="admin-park-code">
          <strong>{r.code}</strong>
        </Link>
      ),
    },
    {
      key: "driver",
      header: t("queue.columns.driver"),
      cell: (r) => (
        <>
          {r.customer.name}
          <br />
          <span className="admin-park-muted">{r.customer.email}</span>
        </>
      ),
    },
    {
      key: "plate",
      header: t("queue.columns.plate"),
      cell: (r) => (
        <>
          {r.plate_number ?? t("queue.driversLicence")}
          <br />
          {r.vehicle && vehicleText(r.vehicle) && (
            <>
              <span className="admin-park-muted">{vehicleText(r.vehicle)}</span>
              <br />
            </>
          )}
          <span className="admin-park-muted">{stateName(r.state_code)}</span>
        </>
      ),
    },
    {
      key: "documents",
      header: t("queue.columns.documents"),
      cell: (r) => r.lines.map((l) => t(`documents.${l.document_type}`)).join(", "),
    },
    { key: "stage", header: t("queue.columns.stage"), cell: (r) => <VehicleDocStageBadge stage={r.stage} /> },
    {
      key: "total",
      header: t("queue.columns.total"),
      numeric: true,
      cell: (r) => formatMoney(r.total, r.currency, lang),
    },
    {
      key: "created",
      header: t("queue.columns.created"),
      cell: (r) => formatZonedDateTime(r.created_at, lang, NIGERIA_ZONE),
    },
  ];

  return (
    <>
      <PageHeader title={t("queue.title")} description={t("queue.description")} />
      <VehicleDocsTabs />
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        <SelectField
          label={t("queue.filters.stage")}
          options={[
            ["", t("queue.filters.anyStage")],
            ...VEHICLE_DOC_STAGES.map((s) => [s, t(`stages.${s}`)] as const),
          ]}
          value={draft.stage}
          onChange={(e) => set("stage", e.target.value)}
        />
        <SelectField
          label={t("queue.filters.state")}
          options={[
            ["", t("queue.filters.anyState")],
            ...(states.data ?? []).map((s) => [s.code, s.name] as const),
          ]}
          value={draft.state_code}
          onChange={(e) => set("state_code", e.target.value)}
        />
        <SelectField
          label={t("queue.filters.age")}
          options={[
            ["", t("queue.filters.anyAge")],
            ...AGES.map((a) => [a, t(`queue.filters.ages.${a}`)] as const),
          ]}
          value={draft.min_age_days}
          onChange={(e) => set("min_age_days", e.target.value)}
        />
      </FilterBar>
      <DataTable
        caption={t("queue.title")}
        columns={columns}
        rowKey={(r) => r.code}
        query={list}
        emptyText={t("queue.empty")}
        cards
      />
    </>
  );
}
