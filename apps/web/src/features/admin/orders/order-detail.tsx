import { stageWord, type AdminOrder, type AdminOrderStageBody, type OrderStage } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { SelectField } from "../../../components/ui/form-field";
import { FormAlert } from "../../../components/ui/form-alert";
import { errorText } from "../../../lib/form-errors";
import { formatMoney } from "../../../lib/format";
import { formatCalendarDate, formatZonedDateTime } from "../../../lib/zoned-time";
import { useCan } from "../me";
import { FormDialog } from "../people/form-dialog";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { assignCourier, couriersQuery, moveOrder, orderQuery } from "./api";
import { lineGoods, loc } from "./format";
import { StageBadge } from "./stage";

/** /admin/orders/{code}: the order, its moves along the allowed stages and its courier. */
export function OrderDetail() {
  const { t } = useTranslation(["admin-marketplace", "auth"]);
  const { code = "" } = useParams();
  const order = useQuery(orderQuery(code));
  if (order.isPending) return <LoadingState text={t("orders.loading")} />;
  if (order.isError || !order.data) {
    return (
      <>
        <PageHeader title={code} />
        <FormAlert message={errorText(t, order.error)} />
        <Link to="..">{t("orders.back")}</Link>
      </>
    );
  }
  return <OrderView order={order.data} />;
}

/** Moves that give money back ask first, saying how much. */
const ASKS: readonly OrderStage[] = ["rejected", "canceled"];

function OrderView({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation(["admin-marketplace", "auth"]);
  const lang = i18n.language;
  const can = useCan();
  const client = useQueryClient();
  const [asking, setAsking] = useState<OrderStage | null>(null);
  const [returning, setReturning] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency, lang);
  const mayUpdate = can("orders.update");
  const refundable = { amount: order.total.amount - order.refunded.amount, currency: order.total.currency };

  const stored = async (next: AdminOrder) => {
    client.setQueryData(orderQuery(next.order_code).queryKey, next);
    await client.invalidateQueries({ queryKey: ["admin", "orders"] });
  };
  const move = useMutation({
    mutationFn: (body: AdminOrderStageBody) => moveOrder(order.order_code, body),
    onMutate: () => setNotice(null),
    onSuccess: async (next) => {
      setAsking(null);
      setReturning(false);
      setNotice(t("orders.moved", { stage: t(`stages.${stageWord(next.stage, next.order_type)}`) }));
      await stored(next);
    },
  });
  const moveError = move.isError ? errorText(t, move.error) : null;

  const press = (to: OrderStage) => {
    if (to === "returned") setReturning(true);
    else if (ASKS.includes(to)) setAsking(to);
    else move.mutate({ to });
  };

  return (
    <>
      <PageHeader
        title={t("orders.orderTitle", { code: order.order_code })}
        description={
          <>
            <StageBadge stage={order.stage} type={order.order_type} /> · {t(`orderTypes.${order.order_type}`)}{" "}
            · {t(`payment.${order.payment_status}`)} ·{" "}
            {formatZonedDateTime(order.created_at, lang, order.time_zone)}
          </>
        }
        actions={
          <>
            <Link className="button" to="..">
              {t("orders.back")}
            </Link>
            <Link className="button" to="receipt">
              {t("orders.receipt")}
            </Link>
          </>
        }
      />

      {mayUpdate && order.next_stages.length > 0 && (
        <section className="admin-park-section mp-moves" aria-labelledby="order-moves">
          <h2 id="order-moves">{t("orders.moveTitle")}</h2>
          <div className="mp-moves__buttons">
            {order.next_stages.map((to) => {
              const danger = ASKS.includes(to) || to === "returned";
              return (
                <button
                  key={to}
                  type="button"
                  className={danger ? "button button--danger" : "button button--accent"}
                  disabled={move.isPending}
                  onClick={() => press(to)}
                >
                  {t(`moveTo.${stageWord(to, order.order_type)}`)}
                </button>
              );
            })}
          </div>
          {moveError && !asking && !returning && <FormAlert message={moveError} />}
        </section>
      )}
      {notice && (
        <p role="status" className="admin-park-saved">
          {notice}
        </p>
      )}

      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`confirmMove.${asking}.title`, { code: order.order_code }) : ""}
        message={t("confirmMove.refund", {
          amount: money(refundable),
          name: `${order.customer.first_name} ${order.customer.last_name}`,
        })}
        confirmLabel={asking ? t(`moveTo.${asking}`) : undefined}
        danger
        busy={move.isPending}
        error={asking ? moveError : null}
        onConfirm={() => asking && move.mutate({ to: asking })}
        onCancel={() => {
          setAsking(null);
          move.reset();
        }}
      />
      <ReturnDialog
        order={order}
        open={returning}
        busy={move.isPending}
        error={returning ? moveError : null}
        onSubmit={(returns) => move.mutate({ to: "returned", returns })}
        onClose={() => {
          setReturning(false);
          move.reset();
        }}
      />

      {order.order_type === "delivery" && (order.can_assign_courier || order.courier) && (
        <CourierSection order={order} editable={mayUpdate && order.can_assign_courier} onSaved={stored} />
      )}

      <div className="mp-detail-grid">
        <section className="admin-park-section" aria-labelledby="order-lines">
          <h2 id="order-lines">{t("orders.lines")}</h2>
          <div className="admin-table__scroll" role="region" aria-labelledby="order-lines" tabIndex={0}>
            <table className="mp-lines">
              <thead>
                <tr>
                  <th scope="col">{t("orders.line.item")}</th>
                  <th scope="col" className="admin-table__num">
                    {t("orders.line.quantity")}
                  </th>
                  <th scope="col" className="admin-table__num">
                    {t("orders.line.unit")}
                  </th>
                  <th scope="col" className="admin-table__num">
                    {t("orders.line.amount")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.lines.map((l) => (
                  <tr key={l.position}>
                    <td>
                      <strong>{loc(l.name, lang)}</strong>
                      {l.variation_name && <> · {loc(l.variation_name, lang)}</>}
                      <br />
                      <span className="admin-park-muted">{t(`kinds.${l.kind}`)}</span>
                      {l.addons.map((a) => (
                        <span key={a.id} className="admin-park-muted">
                          <br />+ {loc(a.name, lang)} ({money(a.price)})
                        </span>
                      ))}
                      {l.unit_offer.amount > 0 && (
                        <span className="admin-park-muted">
                          <br />
                          {t("orders.line.offer", { amount: money(l.unit_offer) })}
                        </span>
                      )}
                    </td>
                    <td className="admin-table__num">
                      {l.quantity}
                      {l.returned_quantity > 0 && (
                        <>
                          <br />
                          <span className="admin-park-muted">
                            {t("orders.line.returned", { count: l.returned_quantity })}
                          </span>
                        </>
                      )}
                    </td>
                    <td className="admin-table__num">{money(l.unit_price)}</td>
                    <td className="admin-table__num">{money(lineGoods(l))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Amounts order={order} />
        </section>

        <div>
          <section className="admin-park-section" aria-labelledby="order-customer">
            <h2 id="order-customer">{t("orders.customer")}</h2>
            <p>
              <strong>
                {order.customer.first_name} {order.customer.last_name}
              </strong>
              <br />
              <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
              {order.customer.phone && (
                <>
                  <br />
                  <a href={`tel:${order.customer.phone}`}>{order.customer.phone}</a>
                </>
              )}
            </p>
          </section>
          <section className="admin-park-section" aria-labelledby="order-where">
            <h2 id="order-where">
              {order.order_type === "delivery" ? t("orders.deliverTo") : t("orders.pickupAt")}
            </h2>
            <WhereAndWhen order={order} />
          </section>
          <section className="admin-park-section" aria-labelledby="order-timeline">
            <h2 id="order-timeline">{t("orders.timeline")}</h2>
            <ol className="mp-timeline">
              {order.timeline.map((e, i) => (
                <li key={`${e.stage}-${i}`}>
                  <StageBadge stage={e.stage} type={order.order_type} />{" "}
                  <time dateTime={e.at}>{formatZonedDateTime(e.at, lang, order.time_zone)}</time>
                  {e.actor && <span className="admin-park-muted"> · {e.actor}</span>}
                  {e.note && <p className="admin-park-muted">{e.note}</p>}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </>
  );
}

/** Subtotal, discounts, delivery, tax, total and what was refunded. */
export function Amounts({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation("admin-marketplace");
  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency, i18n.language);
  const rows: [string, string][] = [[t("amounts.subtotal"), money(order.subtotal)]];
  if (order.offer_discount.amount > 0) rows.push([t("amounts.offers"), `−${money(order.offer_discount)}`]);
  if (order.coupon_code)
    rows.push([t("amounts.coupon", { code: order.coupon_code }), `−${money(order.coupon_discount)}`]);
  if (order.order_type === "delivery") rows.push([t("amounts.delivery"), money(order.delivery_charge)]);
  // The country's tax by its name in the language shown (common catalogue), else as its data names it.
  rows.push([
    t(`common:price.taxNames.${order.tax_name}`, { defaultValue: order.tax_name }),
    money(order.tax),
  ]);
  return (
    <dl className="mp-amounts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="mp-amounts__total">
        <dt>{t("amounts.total")}</dt>
        <dd>{money(order.total)}</dd>
      </div>
      {order.refunded.amount > 0 && (
        <div>
          <dt>{t("amounts.refunded")}</dt>
          <dd>−{money(order.refunded)}</dd>
        </div>
      )}
    </dl>
  );
}

/** The address (with a map link) or the park, the slot or the booking, the depot. */
export function WhereAndWhen({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation("admin-marketplace");
  const slot = order.time_slot;
  return (
    <>
      {order.address && (
        <p>
          <strong>{t(`labels.${order.address.label}`, { defaultValue: order.address.label })}</strong>
          <br />
          {order.address.address}, {order.address.city}
          <br />
          <a href={`tel:${order.address.phone}`}>{order.address.phone}</a>
          <br />
          <a
            href={`https://www.google.com/maps/search/?api=1&query=${order.address.lat},${order.address.lng}`}
            target="_blank"
            rel="noreferrer"
          >
            {t("orders.openMap")}
          </a>
        </p>
      )}
      {order.park && (
        <p>
          <strong>{order.park.name}</strong>
          <br />
          {order.park.address}, {order.park.city}
        </p>
      )}
      {order.depot && (
        <p className="admin-park-muted">
          {t("orders.depot", { name: order.depot.name, city: order.depot.city })}
        </p>
      )}
      {slot && (
        <p>
          {t("orders.slot", {
            date: formatCalendarDate(slot.date, i18n.language),
            from: slot.start_time,
            to: slot.end_time,
          })}
        </p>
      )}
      {order.booking_code && <p>{t("orders.booking", { code: order.booking_code })}</p>}
    </>
  );
}

function CourierSection({
  order,
  editable,
  onSaved,
}: {
  order: AdminOrder;
  editable: boolean;
  onSaved: (o: AdminOrder) => Promise<void>;
}) {
  const { t } = useTranslation(["admin-marketplace", "auth"]);
  const couriers = useQuery({ ...couriersQuery, enabled: editable });
  const [picked, setPicked] = useState(order.courier?.id ?? "");
  const assign = useMutation({
    mutationFn: () => assignCourier(order.order_code, picked),
    onSuccess: onSaved,
  });
  return (
    <section className="admin-park-section" aria-labelledby="order-courier">
      <h2 id="order-courier">{t("orders.courier")}</h2>
      {order.courier ? (
        <p>{t("orders.courierIs", { name: order.courier.name })}</p>
      ) : (
        <p className="admin-park-muted">{t("orders.noCourier")}</p>
      )}
      {editable && (
        <form
          className="mp-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (picked) assign.mutate();
          }}
        >
          <SelectField
            label={t("orders.chooseCourier")}
            options={[
              ["", couriers.data?.items.length === 0 ? t("orders.noCouriers") : t("orders.pickCourier")],
              ...(couriers.data?.items ?? []).map(
                (c) => [c.id, t("orders.courierOption", { name: c.name, count: c.active_orders })] as const,
              ),
            ]}
            value={picked}
            onChange={(e) => setPicked(e.target.value)}
          />
          <button
            type="submit"
            className="button button--accent"
            disabled={!picked || picked === order.courier?.id || assign.isPending}
          >
            {assign.isPending ? t("saving") : t("orders.assign")}
          </button>
        </form>
      )}
      <FormAlert message={assign.isError ? errorText(t, assign.error) : null} />
      {assign.isSuccess && !assign.isPending && (
        <p role="status" className="admin-park-saved">
          {t("orders.assigned")}
        </p>
      )}
    </section>
  );
}

/** A return: the units coming back on each line (at most those not yet returned). */
function ReturnDialog({
  order,
  open,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  order: AdminOrder;
  open: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: (returns: { position: number; quantity: number }[]) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("admin-marketplace");
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [empty, setEmpty] = useState(false);
  const returns = Object.entries(quantities)
    .filter(([, q]) => q > 0)
    .map(([position, quantity]) => ({ position: Number(position), quantity }));
  return (
    <FormDialog
      open={open}
      title={t("returnDialog.title", { code: order.order_code })}
      busy={busy}
      onClose={onClose}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (returns.length === 0) setEmpty(true);
          else onSubmit(returns);
        }}
      >
        <p>{t("returnDialog.lead")}</p>
        <div className="admin-table__scroll">
          <table className="mp-lines">
            <thead>
              <tr>
                <th scope="col">{t("orders.line.item")}</th>
                <th scope="col">{t("returnDialog.returning")}</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((l) => {
                const left = l.quantity - l.returned_quantity;
                const name = `${loc(l.name, i18n.language)}${l.variation_name ? ` · ${loc(l.variation_name, i18n.language)}` : ""}`;
                return (
                  <tr key={l.position}>
                    <th scope="row">
                      {name}
                      <br />
                      <span className="admin-park-muted">{t("returnDialog.left", { count: left })}</span>
                    </th>
                    <td>
                      <select
                        aria-label={t("returnDialog.unitsOf", { name })}
                        value={quantities[l.position] ?? 0}
                        disabled={left === 0}
                        onChange={(e) => {
                          setEmpty(false);
                          setQuantities((q) => ({ ...q, [l.position]: Number(e.target.value) }));
                        }}
                      >
                        {Array.from({ length: left + 1 }, (_, n) => (
                          <option key={n} value={n}>
                            {n}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p className="admin-park-muted">{t("returnDialog.refundNote")}</p>
        {empty && (
          <p className="alert alert--error" role="alert">
            {t("returnDialog.chooseOne")}
          </p>
        )}
        {error && (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        <div className="admin-dialog__actions">
          <button type="button" className="button" disabled={busy} onClick={onClose}>
            {t("admin:confirm.cancel")}
          </button>
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? t("saving") : t("moveTo.returned")}
          </button>
        </div>
      </form>
    </FormDialog>
  );
}
