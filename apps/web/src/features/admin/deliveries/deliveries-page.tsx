import type { AdminDelivery, OrderStage } from "@parkwell/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert";
import { errorText } from "../../../lib/form-errors";
import { formatMoney } from "../../../lib/format";
import { useCan } from "../me";
import { loc } from "../orders/format";
import { StageBadge } from "../orders/stage";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { TablePagination } from "../ui/data-table";
import { PageHeader } from "../ui/page-header";
import { EmptyState, LoadingState } from "../ui/states";
import { usePageParams } from "../ui/use-page-params";
import { deliveriesQuery, moveDelivery } from "./api";
import "../parks/parks.css";
import "../orders/orders.css";
import { formatCalendarDate } from "../../../lib/zoned-time";

/** The courier's two moves, in the order they come. */
const MOVES: readonly OrderStage[] = ["out_for_delivery", "delivered"];

/**
 * /admin/deliveries: a courier's assigned orders as cards for a phone, each with the address (and
 * a map link), the customer's phone, the slot and the lines, and "Picked up" then "Delivered".
 */
export function DeliveriesPage() {
  const { t } = useTranslation(["admin-marketplace", "auth"]);
  const { page, size } = usePageParams();
  const list = useQuery({ ...deliveriesQuery(page, size), placeholderData: keepPreviousData });
  const [asking, setAsking] = useState<{ order: AdminDelivery; to: OrderStage } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const client = useQueryClient();
  const move = useMutation({
    mutationFn: (a: { order: AdminDelivery; to: OrderStage }) => moveDelivery(a.order.order_code, a.to),
    onMutate: () => setNotice(null),
    onSuccess: async (next) => {
      setAsking(null);
      setNotice(t("deliveries.moved", { code: next.order_code, stage: t(`stages.${next.stage}`) }));
      await client.invalidateQueries({ queryKey: ["admin", "deliveries"] });
    },
  });

  return (
    <>
      <PageHeader title={t("deliveries.title")} description={t("deliveries.description")} />
      {notice && (
        <p role="status" className="admin-park-saved">
          {notice}
        </p>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`deliveries.confirm.${asking.to}.title`, { code: asking.order.order_code }) : ""}
        message={
          asking
            ? t(`deliveries.confirm.${asking.to}.message`, {
                name: `${asking.order.customer.first_name} ${asking.order.customer.last_name}`,
              })
            : ""
        }
        confirmLabel={asking ? t(`deliveries.move.${asking.to}`) : undefined}
        busy={move.isPending}
        error={move.isError ? errorText(t, move.error) : null}
        onConfirm={() => asking && move.mutate(asking)}
        onCancel={() => {
          setAsking(null);
          move.reset();
        }}
      />
      {list.isPending ? (
        <LoadingState text={t("deliveries.loading")} />
      ) : list.isError || !list.data ? (
        <FormAlert message={errorText(t, list.error)} />
      ) : (
        <div className="admin-table" aria-busy={list.isFetching ? true : undefined}>
          {list.data.items.length === 0 ? (
            <EmptyState text={t("deliveries.empty")} />
          ) : (
            <ul className="mp-deliveries">
              {list.data.items.map((d) => (
                <DeliveryCard key={d.order_code} order={d} onMove={(to) => setAsking({ order: d, to })} />
              ))}
            </ul>
          )}
          <TablePagination total={list.data.total} />
        </div>
      )}
    </>
  );
}

function DeliveryCard({ order, onMove }: { order: AdminDelivery; onMove: (to: OrderStage) => void }) {
  const { t, i18n } = useTranslation("admin-marketplace");
  const lang = i18n.language;
  const can = useCan();
  const a = order.address;
  const slot = order.time_slot;
  const titleId = `delivery-${order.order_code}`;
  return (
    <li className="mp-delivery">
      <div className="mp-delivery__head">
        <h2 id={titleId} className="admin-park-code">
          {order.order_code}
        </h2>
        <StageBadge stage={order.stage} type="delivery" />
      </div>
      <p>
        <strong>
          {order.customer.first_name} {order.customer.last_name}
        </strong>
        {a && (
          <>
            <br />
            {a.address}, {a.city}
          </>
        )}
      </p>
      {a && (
        <p className="mp-delivery__links">
          <a className="button" href={`tel:${a.phone}`}>
            {t("deliveries.call", { phone: a.phone })}
          </a>
          <a
            className="button"
            href={`https://www.google.com/maps/search/?api=1&query=${a.lat},${a.lng}`}
            target="_blank"
            rel="noreferrer"
          >
            {t("orders.openMap")}
          </a>
        </p>
      )}
      {slot && (
        <p>
          {t("orders.slot", {
            date: formatCalendarDate(slot.date, lang),
            from: slot.start_time,
            to: slot.end_time,
          })}
        </p>
      )}
      {order.depot && (
        <p className="admin-park-muted">
          {t("orders.depot", { name: order.depot.name, city: order.depot.city })}
        </p>
      )}
      <ul className="mp-delivery__lines" aria-label={t("orders.lines")}>
        {order.lines.map((l, i) => (
          <li key={i}>
            {l.quantity} × {loc(l.name, lang)}
            {l.variation_name && <> · {loc(l.variation_name, lang)}</>}
          </li>
        ))}
      </ul>
      <p className="admin-park-muted">
        {t("deliveries.total", { amount: formatMoney(order.total.amount, order.total.currency, lang) })}
      </p>
      {can("deliveries.update") && (
        <div className="mp-delivery__actions">
          {MOVES.filter((s) => order.next_stages.includes(s)).map((to) => (
            <button key={to} type="button" className="button button--accent" onClick={() => onMove(to)}>
              {t(`deliveries.move.${to}`)}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}
