/**
 * What the marketplace's back-office pages share: the tabs, a record's status badge, the served
 * countries for a select, and the catalogue list page (RecordListPage). The router is
 * marketplace-page.tsx; the pages import this file, never the router.
 */
import { RECORD_STATUSES } from "@parkwell/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { errorText } from "../../../lib/form-errors";
import { countryLabel } from "../../../lib/format";
import { countriesQuery } from "../../../lib/queries";
import { useCan } from "../me";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { deleteRecord, isDeletable, marketListQuery, type MarketListKind, type MarketLists } from "./api";

/** The marketplace's back-office pages, in the tabs' order. */
const TABS = [
  "items",
  "categories",
  "attributes",
  "addons",
  "offers",
  "sliders",
  "coupons",
  "delivery",
] as const;

export function MarketTabs() {
  const { t } = useTranslation("admin-marketplace");
  return (
    <nav className="report-tabs" aria-label={t("tabs")}>
      {TABS.map((tab) => (
        <NavLink key={tab} to={`/admin/marketplace/${tab}`}>
          {t(`${tab}.title`)}
        </NavLink>
      ))}
    </nav>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("admin-marketplace");
  return <span className={`admin-park-status admin-park-status--${status}`}>{t(`status.${status}`)}</span>;
}

/** [code, name] of the countries served, for a select. */
export function useCountryOptions(): (readonly [string, string])[] {
  const { t } = useTranslation();
  const countries = useQuery(countriesQuery());
  return (countries.data ?? []).map((c) => [c.code, countryLabel(t, c)] as const);
}

type Filter = "search" | "status" | "country";
const FILTER_KEYS = ["search", "status", "country"] as const;

/**
 * A catalogue list (categories, add-ons, coupons…): the header with "New", the tabs, the filters it
 * takes, the table with an Edit button per row, and the record's dialog.
 */
export function RecordListPage<K extends MarketListKind>({
  kind,
  filters: shownFilters,
  columns,
  rowName,
  dialog,
}: {
  kind: K;
  filters: readonly Filter[];
  columns: Column<MarketLists[K]["items"][number]>[];
  /** The row's name, for its Edit button's label. */
  rowName: (row: MarketLists[K]["items"][number]) => string;
  /** The form for a new record (null) or an existing one. */
  dialog: (props: {
    record: MarketLists[K]["items"][number] | null;
    onClose: () => void;
    onSaved: () => Promise<unknown>;
  }) => ReactNode;
}) {
  type Row = MarketLists[K]["items"][number];
  const { t } = useTranslation(["admin-marketplace", "auth"]);
  const can = useCan();
  const client = useQueryClient();
  const filters = useUrlFilters(FILTER_KEYS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const used = Object.fromEntries(shownFilters.map((f) => [f, applied[f]]));
  const list = useQuery({ ...marketListQuery(kind, used, page, size), placeholderData: keepPreviousData });
  const countries = useCountryOptions();
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  const mayEdit = can("marketplace.update");
  // Records the API removes (one still in use is refused with a 409 that says so).
  const deletableKind = isDeletable(kind) ? kind : null;
  const mayDelete = deletableKind !== null && can("marketplace.delete");
  const remove = useMutation({
    mutationFn: (row: Row) => deleteRecord(deletableKind!, (row as { id: number }).id),
    onSuccess: async () => {
      setRemoving(null);
      await client.invalidateQueries({ queryKey: ["admin", "marketplace"] });
    },
  });

  const all: Column<Row>[] = [
    ...columns,
    ...(mayEdit || mayDelete
      ? [
          {
            key: "edit",
            header: <span className="visually-hidden">{t("actions")}</span>,
            cell: (row: Row) => (
              <span className="mp-row-actions">
                {mayEdit && (
                  <button type="button" className="button" onClick={() => setEditing(row)}>
                    {t("edit")}
                    <span className="visually-hidden"> {rowName(row)}</span>
                  </button>
                )}
                {mayDelete && (
                  <button type="button" className="button button--danger" onClick={() => setRemoving(row)}>
                    {t("delete")}
                    <span className="visually-hidden"> {rowName(row)}</span>
                  </button>
                )}
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t(`${kind}.title`)}
        description={t(`${kind}.description`)}
        actions={
          can("marketplace.create") && (
            <button type="button" className="button button--accent" onClick={() => setEditing("new")}>
              {t(`${kind}.new`)}
            </button>
          )
        }
      />
      <MarketTabs />
      {shownFilters.length > 0 && (
        <FilterBar onApply={filters.apply} onReset={filters.reset}>
          {shownFilters.includes("search") && (
            <TextField
              label={t("filters.search")}
              value={draft.search}
              maxLength={100}
              onChange={(e) => set("search", e.target.value)}
            />
          )}
          {shownFilters.includes("country") && (
            <SelectField
              label={t("filters.country")}
              options={[["", t("filters.anyCountry")], ...countries]}
              value={draft.country}
              onChange={(e) => set("country", e.target.value)}
            />
          )}
          {shownFilters.includes("status") && (
            <SelectField
              label={t("filters.status")}
              options={[
                ["", t("filters.anyStatus")],
                ...RECORD_STATUSES.map((s) => [s, t(`status.${s}`)] as const),
              ]}
              value={draft.status}
              onChange={(e) => set("status", e.target.value)}
            />
          )}
        </FilterBar>
      )}
      <DataTable
        caption={t(`${kind}.title`)}
        columns={all}
        rowKey={(r) => (r as { id: number }).id}
        query={list}
        emptyText={t("empty")}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t("deleteTitle", { name: removing ? rowName(removing) : "" })}
        message={t("deleteMessage")}
        confirmLabel={t("delete")}
        danger
        busy={remove.isPending}
        error={remove.isError ? errorText(t, remove.error) : null}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
      />
      {editing !== null &&
        dialog({
          record: editing === "new" ? null : editing,
          onClose: () => setEditing(null),
          onSaved: () => client.invalidateQueries({ queryKey: ["admin", "marketplace"] }),
        })}
    </>
  );
}
