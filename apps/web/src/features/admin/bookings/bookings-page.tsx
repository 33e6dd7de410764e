import type { StaffBooking } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { formatMoney } from "../../../lib/format";
import { formatShortZoned } from "../../../lib/zoned-time";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import { BOOKING_FILTERS, staffBookingsQuery } from "./api";
import "./bookings.css";

/** The bookings at the user's parks: found by code or plate, filtered by status and days. */
export function StaffBookingsPage() {
  const { t, i18n } = useTranslation("admin-bookings");
  const filters = useUrlFilters(BOOKING_FILTERS);
  const { draft, set } = filters;
  const { page, size } = usePageParams();
  const list = useQuery({
    ...staffBookingsQuery(filters.applied, page, size),
    placeholderData: keepPreviousData,
  });
  const lang = i18n.language;

  const when = (b: StaffBooking) =>
    `${formatShortZoned(b.start_time, lang, b.park.time_zone)} – ${formatShortZoned(b.end_time, lang, b.park.time_zone)}`;

  const columns: Column<StaffBooking>[] = [
    {
      key: "code",
      header: t("columns.code"),
      cell: (b) => <span className="admin-code">{b.booking_code}</span>,
    },
    {
      key: "plate",
      header: t("columns.plate"),
      cell: (b) => (
        <>
          <strong>{b.plate_number ?? t("noPlate")}</strong>
          <br />
          <span className="admin-muted">
            {t(`vehicleId.${b.vehicle_type_id}`, { defaultValue: b.vehicle_type })}
          </span>
        </>
      ),
    },
    { key: "driver", header: t("columns.driver"), cell: (b) => b.driver_first_name },
    { key: "park", header: t("columns.park"), cell: (b) => b.park.name },
    { key: "window", header: t("columns.window"), cell: when },
    {
      key: "status",
      header: t("columns.status"),
      cell: (b) => (
        <>
          <span className={`admin-badge admin-badge--${b.status}`}>{t(`status.${b.status}`)}</span>
          {b.checked_in_at && (
            <>
              <br />
              <span className="admin-muted">
                {b.checked_out_at
                  ? t("checkedOut", { time: formatShortZoned(b.checked_out_at, lang, b.park.time_zone) })
                  : t("checkedIn", { time: formatShortZoned(b.checked_in_at, lang, b.park.time_zone) })}
              </span>
            </>
          )}
        </>
      ),
    },
    {
      key: "amount",
      header: t("columns.amount"),
      numeric: true,
      cell: (b) => (
        <>
          {formatMoney(b.amount, b.currency, lang)}
          {b.overstay_owed > 0 && (
            <>
              <br />
              <span className="admin-owed">
                {t("owed", { amount: formatMoney(b.overstay_owed, b.currency, lang) })}
              </span>
            </>
          )}
        </>
      ),
    },
  ];

  const statuses = [
    ["", t("status.any")],
    ["active", t("status.active")],
    ["completed", t("status.completed")],
    ["cancelled", t("status.cancelled")],
  ] as const;

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        <TextField
          label={t("filters.search")}
          value={draft.search}
          maxLength={40}
          autoCapitalize="characters"
          onChange={(e) => set("search", e.target.value)}
        />
        <SelectField
          label={t("filters.status")}
          options={statuses}
          value={draft.status}
          onChange={(e) => set("status", e.target.value)}
        />
        <TextField
          type="date"
          label={t("filters.from")}
          value={draft.from}
          onChange={(e) => set("from", e.target.value)}
        />
        <TextField
          type="date"
          label={t("filters.to")}
          value={draft.to}
          min={draft.from || undefined}
          onChange={(e) => set("to", e.target.value)}
        />
      </FilterBar>
      <DataTable
        caption={t("title")}
        columns={columns}
        rowKey={(b) => b.booking_code}
        query={list}
        emptyText={t("empty")}
      />
    </>
  );
}
