import type {
  AdminGuaranteeOfferPage,
  AdminPark,
  ClosureAffected,
  ClosureConflict,
} from "@parkwell/contract";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api";
import { formatMoney } from "../../../lib/format";
import { formatShortZoned } from "../../../lib/zoned-time";
import { guaranteeOffersQuery } from "./api";
import { BookingConflicts } from "./booking-conflicts";
import { DataTable, type Column } from "../ui/data-table";

type Offer = AdminGuaranteeOfferPage["items"][number];

/** The 409 `closure_conflict`'s list, when the error is one: what the new closure days hit. */
export const closureConflictOf = (err: unknown): ClosureAffected | null =>
  err instanceof ApiError && err.code === "closure_conflict" ? (err.body as ClosureConflict).affected : null;

/**
 * What new closure days would hit, before they are saved (docs/PRODUCT-RULES.md "Back-office
 * parks"): the bookings (offered the space guarantee once confirmed), the monthly passes (each
 * with what its current term gets back), the events (listed), who pays the rebookings'
 * differences; confirm, or go back to the form.
 */
export function ClosureConfirm(props: {
  affected: ClosureAffected;
  park: AdminPark;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation("admin-parks");
  const { affected: a, park } = props;
  return (
    <section
      className="admin-park-section"
      aria-labelledby="closure-confirm-title"
      data-testid="closure-confirm"
    >
      <h2 id="closure-confirm-title">{t("closure.title", { count: a.total })}</h2>
      {a.bookings.length > 0 && (
        <BookingConflicts
          title={t("closure.bookings", { count: a.bookings.length })}
          groups={[{ key: "bookings", line: t(`closure.payer.${a.payer}`), bookings: a.bookings }]}
          timeZone={park.time_zone}
          language={i18n.language}
        />
      )}
      {a.passes.length > 0 && (
        <>
          <p>{t("closure.passes", { count: a.passes.length })}</p>
          <ul>
            {a.passes.map((p) => (
              <li key={p.pass_code}>
                <span className="admin-park-code">{p.pass_code}</span> · {p.plate_number} ·{" "}
                {p.refund > 0
                  ? t("closure.passRefund", { amount: formatMoney(p.refund, p.currency, i18n.language) })
                  : t("closure.passNoRefund")}
              </li>
            ))}
          </ul>
        </>
      )}
      {a.events.length > 0 && (
        <>
          <p>{t("closure.events", { count: a.events.length })}</p>
          <ul>
            {a.events.map((e) => (
              <li key={e.event_id}>
                {e.name} · {formatShortZoned(e.window_start, i18n.language, park.time_zone)}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="admin-park-actions">
        <button
          type="button"
          className="button button--danger"
          disabled={props.busy}
          onClick={props.onConfirm}
        >
          {t("closure.confirm")}
        </button>
        <button type="button" className="button" onClick={props.onCancel}>
          {t("closure.cancel")}
        </button>
      </div>
    </section>
  );
}

/**
 * The park form's save refused with the closure's 409: its list, and the same save sent again with
 * `confirm_closures` once the staff confirm (or the refusal dropped to edit again).
 */
export function ClosureStep<Body extends object>({
  park,
  save,
}: {
  park: AdminPark;
  save: {
    error: unknown;
    isPending: boolean;
    variables: Body | undefined;
    mutate: (body: Body & { confirm_closures: boolean }) => void;
    reset: () => void;
  };
}) {
  const affected = closureConflictOf(save.error);
  if (!affected || !save.variables) return null;
  const body = save.variables;
  return (
    <ClosureConfirm
      affected={affected}
      park={park}
      busy={save.isPending}
      onConfirm={() => save.mutate({ ...body, confirm_closures: true })}
      onCancel={() => save.reset()}
    />
  );
}

/** What the park's closures cost: the space guarantee's offers, newest first, and the totals. */
export function ParkGuaranteeOffers({ park }: { park: AdminPark }) {
  const { t, i18n } = useTranslation("admin-parks");
  const offers = useQuery(guaranteeOffersQuery(park.id));
  const page = offers.data;
  if (!page || (page.total === 0 && page.totals.length === 0)) return null;
  const money = (n: number, currency: string) => formatMoney(n, currency, i18n.language);
  const when = (o: Offer) =>
    `${formatShortZoned(o.start_time, i18n.language, o.time_zone)} – ${formatShortZoned(o.end_time, i18n.language, o.time_zone)}`;
  const columns: Column<Offer>[] = [
    {
      key: "code",
      header: t("guarantee.booking"),
      cell: (o) => <span className="admin-park-code">{o.booking_code}</span>,
    },
    { key: "window", header: t("guarantee.window"), cell: when },
    {
      key: "status",
      header: t("guarantee.status"),
      cell: (o) => `${t(`guarantee.statuses.${o.status}`)}${o.rebooked_park ? ` · ${o.rebooked_park}` : ""}`,
    },
    {
      key: "refunded",
      header: t("guarantee.refunded"),
      numeric: true,
      cell: (o) => money(o.refunded, o.currency),
    },
    {
      key: "difference",
      header: t("guarantee.difference"),
      numeric: true,
      cell: (o) => `${money(o.difference, o.currency)} · ${t(`closure.payerShort.${o.payer}`)}`,
    },
  ];
  return (
    <section className="admin-park-section" aria-labelledby="guarantee-offers-title">
      <h2 id="guarantee-offers-title">{t("guarantee.title")}</h2>
      {page.totals.map((x) => (
        <p key={x.currency} data-testid="guarantee-totals">
          {/* The offers' sentence only where closures made offers: a park whose closures hit passes only says that. */}
          {page.total > 0 &&
            t("guarantee.totals", {
              refunded: money(x.refunded, x.currency),
              operator: money(x.operator_paid, x.currency),
              parkwell: money(x.parkwell_paid, x.currency),
              open: x.open,
            })}
          {page.total > 0 && x.passes_refunded > 0 && " "}
          {x.passes_refunded > 0 &&
            t("guarantee.passesRefunded", { amount: money(x.passes_refunded, x.currency) })}
        </p>
      ))}
      {page.total > 0 && (
        <DataTable<Offer>
          caption={t("guarantee.title")}
          columns={columns}
          rowKey={(o) => o.booking_code}
          query={offers}
          cards
          paged={false}
        />
      )}
    </section>
  );
}
