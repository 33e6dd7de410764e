import { ORDER_STAGES, stageWord, type Order, type OrderStage } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { ReceiptLinks } from "../../../components/ui/receipt-links";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { formatMoney } from "../../../lib/format";
import { formatCalendarDate, formatZonedDateTime } from "../../../lib/zoned-time";
import { lineOfferOf, lineSubtotalOf } from "../components/line-amounts";
import { taxName } from "../components/tax-name";
import { cancelOrder, orderQuery } from "../api";
import "../../../components/ui/alert.css";
import "../marketplace.css";

/** The usual way of an order of this type (a pickup skips "out for delivery"). */
function pathOf(order: Order): OrderStage[] {
  const main = ORDER_STAGES.slice(0, ORDER_STAGES.indexOf("completed") + 1);
  return order.order_type === "takeaway" ? main.filter((s) => s !== "out_for_delivery") : main;
}

/** /orders/{code}: the order's lines and amounts, where and when, its stages so far, and Cancel while placed. */
export function OrderPage() {
  const { t, i18n } = useTranslation("marketplace");
  const lang = i18n.language;
  const { orderCode = "" } = useParams();
  const [params] = useSearchParams();
  const code = orderCode.toUpperCase();
  const result = useQuery(orderQuery(code, lang));
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelOrder(code),
    onSuccess: async (order) => {
      client.setQueryData(orderQuery(code, lang).queryKey, order);
      setConfirming(false);
      await client.invalidateQueries({ queryKey: ["orders"] });
      await client.invalidateQueries({ queryKey: ["wallet"] });
    },
  });
  const id = useId();

  if (result.error instanceof ApiError && result.error.status === 404) {
    return (
      <section className="container page" data-testid="order-not-found">
        <h1>{t("order.notFound")}</h1>
        <p>{t("order.notFoundText")}</p>
        <Link className="button" to="/orders">
          {t("order.all")}
        </Link>
      </section>
    );
  }
  if (result.isPending) return <Spinner />;
  if (result.isError) {
    return (
      <div className="container page">
        <div className="alert alert--error" role="alert">
          <p>{result.error instanceof ApiError ? result.error.message : t("loadError")}</p>
          <button type="button" className="button" onClick={() => void result.refetch()}>
            {t("retry")}
          </button>
        </div>
      </div>
    );
  }
  const o = result.data;
  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency, lang);
  const reached = new Map(o.timeline.map((e) => [e.stage, e.at]));
  const ended = !pathOf(o).includes(o.stage);
  const steps: OrderStage[] = ended ? [...o.timeline.map((e) => e.stage)] : pathOf(o);
  const slotDay = o.time_slot ? formatCalendarDate(o.time_slot.date, lang, "long") : null;

  return (
    <div className="container page market-order">
      <p>
        <Link to="/orders">{t("order.all")}</Link>
      </p>
      {params.get("placed") && o.stage === "placed" && (
        <p className="alert alert--success" role="status" data-testid="order-placed">
          {o.paid_by_company ? (
            t("order.placedCompany", { company: o.paid_by_company })
          ) : (
            <>
              {t("order.placed")}
              {o.wallet_balance && <> {t("order.balance", { amount: money(o.wallet_balance) })}</>}
            </>
          )}
        </p>
      )}
      <div className="market-order__head">
        <h1>{t("order.title", { code: o.order_code })}</h1>
        <span className={`stage-chip stage-chip--${o.stage}`} data-testid="order-stage">
          {t(`stage.${stageWord(o.stage, o.order_type)}`)}
        </span>
      </div>
      <div className="market-order__layout">
        <section className="card" aria-labelledby={`${id}-progress`}>
          <h2 id={`${id}-progress`}>{t("order.progress")}</h2>
          <ol className="market-timeline">
            {steps.map((s) => {
              const at = reached.get(s);
              return (
                <li
                  key={s}
                  className={
                    at ? "market-timeline__step market-timeline__step--done" : "market-timeline__step"
                  }
                >
                  <span className="market-timeline__dot" aria-hidden="true" />
                  <span className="market-timeline__label">
                    {t(`stage.${stageWord(s, o.order_type)}`)}
                    {!at && <span className="visually-hidden"> ({t("order.notYet")})</span>}
                  </span>
                  {at && (
                    <time className="market-timeline__time" dateTime={at}>
                      {formatZonedDateTime(at, lang, o.time_zone)}
                    </time>
                  )}
                </li>
              );
            })}
          </ol>
          {o.courier && o.stage === "out_for_delivery" && (
            <p className="notice" data-testid="order-courier">
              {t("order.courier", { name: o.courier })}
            </p>
          )}
          {o.refunded.amount > 0 && (
            <p className="alert alert--success" data-testid="order-refunded">
              {o.paid_by_company
                ? t("order.refundedCompany", { amount: money(o.refunded), company: o.paid_by_company })
                : t("order.refunded", { amount: money(o.refunded) })}
            </p>
          )}
          {o.can_cancel && (
            <button type="button" className="button" onClick={() => setConfirming(true)}>
              {t("order.cancel")}
            </button>
          )}
        </section>

        <section className="card" aria-labelledby={`${id}-where`}>
          <h2 id={`${id}-where`}>{t(`checkout.types.${o.order_type}`)}</h2>
          {o.address && (
            <p>
              <strong>{t(`address.labels.${o.address.label}`)}</strong>
              <br />
              {o.address.address}, {o.address.city}
              <br />
              {o.address.phone}
            </p>
          )}
          {o.park && (
            <p>
              <strong>{o.park.name}</strong>
              <br />
              {o.park.address}, {o.park.city}
            </p>
          )}
          {o.booking_code && <p>{t("order.booking", { code: o.booking_code })}</p>}
          {o.time_slot && slotDay && (
            <p data-testid="order-slot">
              {t("order.slot", {
                day: slotDay,
                from: o.time_slot.start_time.slice(0, 5),
                to: o.time_slot.end_time.slice(0, 5),
              })}
            </p>
          )}
        </section>

        <section className="card market-order__lines" aria-labelledby={`${id}-lines`}>
          <h2 id={`${id}-lines`}>{t("order.lines")}</h2>
          <ul className="cart-lines">
            {o.lines.map((l, i) => (
              <li key={i} className="cart-line cart-line--plain">
                <div className="cart-line__body">
                  <p className="cart-line__name">
                    {l.quantity} × {l.name}
                  </p>
                  {(l.variation_name || l.addons.length > 0) && (
                    <p className="cart-line__detail">
                      {[l.variation_name, ...l.addons.map((a) => `+ ${a.name}`)].filter(Boolean).join(" · ")}
                    </p>
                  )}
                  {l.unit_offer.amount > 0 && (
                    <p className="cart-line__detail">
                      {t("cart.lineOffer", { amount: money(lineOfferOf(l)) })}
                    </p>
                  )}
                  {l.returned_quantity > 0 && (
                    <p className="cart-line__detail">{t("order.returned", { count: l.returned_quantity })}</p>
                  )}
                </div>
                <strong>{money(lineSubtotalOf(l))}</strong>
              </li>
            ))}
          </ul>
          <dl className="cart-totals">
            <div className="cart-totals__row">
              <dt>{t("totals.subtotal")}</dt>
              <dd>{money(o.subtotal)}</dd>
            </div>
            {o.offer_discount.amount > 0 && (
              <div className="cart-totals__row">
                <dt>{t("totals.offers")}</dt>
                <dd>−{money(o.offer_discount)}</dd>
              </div>
            )}
            {o.coupon_code && (
              <div className="cart-totals__row" data-testid="order-coupon">
                <dt>{t("totals.coupon", { code: o.coupon_code })}</dt>
                <dd>−{money(o.coupon_discount)}</dd>
              </div>
            )}
            {o.delivery_charge.amount > 0 && (
              <div className="cart-totals__row">
                <dt>{t("totals.delivery")}</dt>
                <dd>{money(o.delivery_charge)}</dd>
              </div>
            )}
            {o.tax.amount > 0 && (
              <div className="cart-totals__row">
                <dt>{taxName(t, o.tax_name)}</dt>
                <dd>{money(o.tax)}</dd>
              </div>
            )}
            <div className="cart-totals__row cart-totals__row--total">
              <dt>{t("totals.paid")}</dt>
              <dd data-testid="order-total">{money(o.total)}</dd>
            </div>
          </dl>
        </section>
        <ReceiptLinks reference={o.order_code} />
      </div>
      {/* "Cancel this order?" with the refund it gives; focus starts on Keep. */}
      <ConfirmDialog
        open={confirming}
        title={t("order.cancelTitle")}
        message={
          o.paid_by_company
            ? t("order.cancelTextCompany", { amount: money(o.total), company: o.paid_by_company })
            : t("order.cancelText", { amount: money(o.total) })
        }
        cancelLabel={t("order.keep")}
        confirmLabel={t("order.confirmCancel")}
        busyLabel={t("order.cancelling")}
        danger
        busy={cancel.isPending}
        error={cancel.error instanceof ApiError ? cancel.error.message : cancel.error ? t("loadError") : null}
        onConfirm={() => cancel.mutate()}
        onCancel={() => {
          setConfirming(false);
          cancel.reset();
        }}
      />
    </div>
  );
}
