import type { AdminEventBooking } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { errorText } from "../../../lib/form-errors";
import { formatMoney } from "../../../lib/format";
import { formatShortZoned } from "../../../lib/zoned-time";
import { DataTable, type Column } from "../ui/data-table";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { usePageParams } from "../ui/use-page-params";
import { eventBookingsQuery, eventQuery } from "./api";

/** /admin/events/{code}/bookings: the event's bookings, latest first. */
export function EventBookingsPage() {
  const { t, i18n } = useTranslation(["admin-events", "admin-parks", "auth"]);
  const code = useParams().code ?? "";
  const event = useQuery(eventQuery(code));
  const { page, size } = usePageParams();
  const list = useQuery({ ...eventBookingsQuery(code, page, size), placeholderData: keepPreviousData });
  const lang = i18n.language;
  if (event.isPending) return <LoadingState text={t("loading")} />;
  if (event.isError) {
    return (
      <>
        <PageHeader title={t("bookings.title")} />
        <p role="alert">{errorText(t, event.error)}</p>
        <Link to="../.." relative="path">
          {t("back")}
        </Link>
      </>
    );
  }
  const zone = event.data.time_zone;

  const columns: Column<AdminEventBooking>[] = [
    {
      key: "code",
      header: t("bookings.columns.code"),
      cell: (b) => <span className="admin-park-code">{b.booking_code}</span>,
    },
    {
      key: "plate",
      header: t("bookings.columns.plate"),
      cell: (b) => (
        <>
          <strong>{b.plate_number ?? "—"}</strong>
          <br />
          <span className="admin-park-muted">
            {t(`vehicleId.${b.vehicle_type_id}`, { ns: "admin-parks", defaultValue: b.vehicle_type })}
          </span>
        </>
      ),
    },
    { key: "driver", header: t("bookings.columns.driver"), cell: (b) => b.driver_first_name },
    { key: "park", header: t("bookings.columns.park"), cell: (b) => b.park.name },
    {
      key: "status",
      header: t("bookings.columns.status"),
      cell: (b) => t(`bookings.status.${b.status}`),
    },
    {
      key: "checkedIn",
      header: t("bookings.columns.checkedIn"),
      cell: (b) => (b.checked_in_at ? formatShortZoned(b.checked_in_at, lang, zone) : "—"),
    },
    {
      key: "paid",
      header: t("bookings.columns.paid"),
      numeric: true,
      cell: (b) => formatMoney(b.paid, b.currency, lang),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("bookings.title")}
        description={`${event.data.name} · ${event.data.event_code}`}
        actions={
          <Link className="button" to=".." relative="path">
            {t("backToEvent")}
          </Link>
        }
      />
      <DataTable
        caption={t("bookings.title")}
        columns={columns}
        rowKey={(b) => b.booking_code}
        query={list}
        emptyText={t("bookings.empty")}
      />
    </>
  );
}
