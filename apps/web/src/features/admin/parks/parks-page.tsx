import type { AdminParkListItem } from "@parkwell/contract";
import { ADMIN_PARK_STATUSES } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Route, Routes } from "react-router";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { formatMoney } from "../../../lib/format";
import { useCan } from "../me";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { parksQuery } from "./api";
import { ParkEditor } from "./park-editor";
import "./parks.css";

/** /admin/parks: the list, /admin/parks/new and /admin/parks/{id}. */
export function AdminParksPage() {
  return (
    <Routes>
      <Route index element={<ParksList />} />
      <Route path="new" element={<ParkEditor />} />
      <Route path=":id" element={<ParkEditor />} />
    </Routes>
  );
}

const FILTERS = ["search", "status"] as const;

function ParksList() {
  const { t, i18n } = useTranslation("admin-parks");
  const can = useCan();
  const filters = useUrlFilters(FILTERS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const list = useQuery({ ...parksQuery(applied, page, size), placeholderData: keepPreviousData });

  const columns: Column<AdminParkListItem>[] = [
    {
      key: "name",
      header: t("columns.name"),
      cell: (p) => (
        <>
          <Link to={String(p.id)}>
            <strong>{p.name}</strong>
          </Link>
          <br />
          <span className="admin-park-code">{p.park_code}</span>
        </>
      ),
    },
    { key: "type", header: t("columns.type"), cell: (p) => t(`types.${p.type}`, { defaultValue: p.type }) },
    { key: "city", header: t("columns.city"), cell: (p) => `${p.city}, ${p.country}` },
    { key: "operator", header: t("columns.operator"), cell: (p) => p.operator || t("parkwell") },
    { key: "capacity", header: t("columns.capacity"), numeric: true, cell: (p) => p.capacity },
    { key: "photos", header: t("columns.photos"), numeric: true, cell: (p) => p.photos },
    {
      key: "hourly",
      header: t("columns.hourly"),
      numeric: true,
      cell: (p) => (p.hourly_from === null ? "—" : formatMoney(p.hourly_from, p.currency, i18n.language)),
    },
    {
      key: "status",
      header: t("columns.status"),
      cell: (p) => (
        <span className={`admin-park-status admin-park-status--${p.status}`}>{t(`status.${p.status}`)}</span>
      ),
    },
  ];

  const statuses: [string, string][] = [
    ["", t("status.any")],
    ...ADMIN_PARK_STATUSES.map((s): [string, string] => [s, t(`status.${s}`)]),
  ];

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          can("parks.create") && (
            <Link className="button button--accent" to="new">
              {t("new")}
            </Link>
          )
        }
      />
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        <TextField
          label={t("filters.search")}
          value={draft.search}
          maxLength={100}
          onChange={(e) => set("search", e.target.value)}
        />
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
      />
    </>
  );
}
