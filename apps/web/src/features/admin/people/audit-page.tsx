import type { AuditEntry } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/ui/form-field";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { auditQuery } from "./api";
import { diffRows } from "./diff";
import { formatDateTime } from "./format";
import "./people.css";

const FILTERS = ["entity", "actor", "action", "from", "to"] as const;

/** The audit log: every change made in the back office, newest first, its record before and after. */
export function AuditPage() {
  const { t, i18n } = useTranslation("admin-people");
  const filters = useUrlFilters(FILTERS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const list = useQuery({ ...auditQuery(applied, page, size), placeholderData: keepPreviousData });
  const columns: Column<AuditEntry>[] = [
    { key: "at", header: t("audit.columns.at"), cell: (e) => formatDateTime(e.at, i18n.language) },
    {
      key: "actor",
      header: t("audit.columns.actor"),
      cell: (e) =>
        e.actor ? (
          <>
            {e.actor.name || e.actor.email}
            <br />
            <span className="pp-muted">{e.actor.email}</span>
          </>
        ) : (
          <span className="pp-muted">{t("audit.system")}</span>
        ),
    },
    {
      key: "action",
      header: t("audit.columns.action"),
      cell: (e) => (
        <>
          <span className="pp-code">{e.action}</span>
          <br />
          <span className="pp-muted pp-code">
            {e.entity} {e.entity_id}
          </span>
        </>
      ),
    },
    { key: "changes", header: t("audit.columns.changes"), cell: (e) => <Changes entry={e} /> },
  ];
  return (
    <>
      <PageHeader title={t("audit.title")} description={t("audit.description")} />
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        <TextField
          label={t("audit.filters.entity")}
          hint={t("audit.filters.entityHint")}
          value={draft.entity}
          maxLength={100}
          onChange={(e) => set("entity", e.target.value)}
        />
        <TextField
          label={t("audit.filters.actor")}
          value={draft.actor}
          maxLength={200}
          onChange={(e) => set("actor", e.target.value)}
        />
        <TextField
          label={t("audit.filters.action")}
          value={draft.action}
          maxLength={100}
          onChange={(e) => set("action", e.target.value)}
        />
        <TextField
          type="date"
          label={t("audit.filters.from")}
          value={draft.from}
          onChange={(e) => set("from", e.target.value)}
        />
        <TextField
          type="date"
          label={t("audit.filters.to")}
          value={draft.to}
          min={draft.from || undefined}
          onChange={(e) => set("to", e.target.value)}
        />
      </FilterBar>
      <DataTable
        caption={t("audit.title")}
        columns={columns}
        rowKey={(e) => e.id}
        query={list}
        emptyText={t("audit.empty")}
      />
    </>
  );
}

/** Before and after, field by field, the changed ones marked; folded until asked for. */
function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation("admin-people");
  const rows = diffRows(entry.before, entry.after);
  if (rows.length === 0) return <span className="pp-muted">—</span>;
  const changed = rows.filter((r) => r.changed).length;
  return (
    <details>
      <summary>{t("audit.showChanges", { count: changed })}</summary>
      <table className="pp-diff">
        <thead>
          <tr>
            <th scope="col">{t("audit.field")}</th>
            <th scope="col">{t("audit.before")}</th>
            <th scope="col">{t("audit.after")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.field} className={r.changed ? "pp-diff__changed" : undefined}>
              <th scope="row" className="pp-code">
                {r.field}
              </th>
              <td>
                <pre className="pp-json">{r.before}</pre>
              </td>
              <td>
                <pre className="pp-json">{r.after}</pre>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
