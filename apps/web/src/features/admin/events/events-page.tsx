import type { AdminEventListItem } from "@parkwell/contract";
import { EVENT_STATUSES } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Route, Routes } from "react-router";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { eventSpan } from "../../../lib/event-time";
import { formatZonedDateTime } from "../../../lib/zoned-time";
import { useCan } from "../me";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { eventsQuery } from "./api";
import { EventBookingsPage } from "./event-bookings";
import { EventEditor } from "./event-editor";
import { EventReportPage } from "./event-report";
import { EventStatus } from "./event-status";
import "../parks/parks.css";
import "./events.css";

/** /admin/events: the list, /new, /{code} (the form), /{code}/bookings and /{code}/report. */
/** The end's time alone when it falls on the start's day on the venue's clock, else its date too. */
function endOf(e: AdminEventListItem, language: string): string {
  const span = eventSpan(e.start_time, e.end_time, language, e.time_zone);
  return span.sameDay ? span.to : formatZonedDateTime(e.end_time, language, e.time_zone);
}

export function AdminEventsPage() {
  return (
    <Routes>
      <Route index element={<EventsList />} />
      <Route path="new" element={<EventEditor />} />
      <Route path=":code" element={<EventEditor />} />
      <Route path=":code/bookings" element={<EventBookingsPage />} />
      <Route path=":code/report" element={<EventReportPage />} />
    </Routes>
  );
}

const FILTERS = ["search", "status", "from", "to"] as const;

function EventsList() {
  const { t, i18n } = useTranslation("admin-events");
  const can = useCan();
  const filters = useUrlFilters(FILTERS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const list = useQuery({ ...eventsQuery(applied, page, size), placeholderData: keepPreviousData });

  const columns: Column<AdminEventListItem>[] = [
    {
      key: "name",
      header: t("columns.name"),
      cell: (e) => (
        <>
          <Link to={e.event_code}>
            <strong>{e.name}</strong>
          </Link>
          <br />
          <span className="admin-park-code">{e.event_code}</span>
        </>
      ),
    },
    {
      key: "when",
      header: t("columns.when"),
      cell: (e) => (
        <>
          {formatZonedDateTime(e.start_time, i18n.language, e.time_zone)} – {endOf(e, i18n.language)}
          <br />
          <span className="admin-park-muted">{e.time_zone}</span>
        </>
      ),
    },
    { key: "venue", header: t("columns.venue"), cell: (e) => `${e.venue_name}, ${e.city} (${e.country})` },
    { key: "parks", header: t("columns.parks"), numeric: true, cell: (e) => e.parks },
    { key: "allocation", header: t("columns.allocation"), numeric: true, cell: (e) => e.allocation },
    { key: "booked", header: t("columns.booked"), numeric: true, cell: (e) => e.booked },
    {
      key: "status",
      header: t("columns.status"),
      cell: (e) => (
        <>
          <EventStatus status={e.status} />
          {e.visibility === "private" && (
            <span className="admin-park-muted"> · {t("visibility.private")}</span>
          )}
        </>
      ),
    },
  ];

  const statuses: [string, string][] = [
    ["", t("status.any")],
    ...EVENT_STATUSES.map((s): [string, string] => [s, t(`status.${s}`)]),
  ];

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          can("events.create") && (
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
        <TextField
          label={t("filters.from")}
          type="date"
          value={draft.from}
          onChange={(e) => set("from", e.target.value)}
        />
        <TextField
          label={t("filters.to")}
          type="date"
          value={draft.to}
          onChange={(e) => set("to", e.target.value)}
        />
      </FilterBar>
      <DataTable
        caption={t("title")}
        columns={columns}
        rowKey={(e) => e.event_code}
        query={list}
        emptyText={t("empty")}
      />
    </>
  );
}
