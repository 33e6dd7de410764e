import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { errorText } from "../../../lib/form-errors";
import { formatMoney } from "../../../lib/format";
import { formatZonedDateTime } from "../../../lib/zoned-time";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { receiptQuery } from "./api";
import { Amounts, WhereAndWhen } from "./order-detail";
import { lineGoods, loc } from "./format";
import { StageBadge } from "./stage";

/** /admin/orders/{code}/receipt: the order as a printable page (the back office's frame is not printed). */
export function ReceiptPage() {
  const { t, i18n } = useTranslation(["admin-marketplace", "auth"]);
  const lang = i18n.language;
  const { code = "" } = useParams();
  const receipt = useQuery(receiptQuery(code));
  if (receipt.isPending) return <LoadingState text={t("orders.loading")} />;
  if (receipt.isError || !receipt.data) {
    return (
      <>
        <PageHeader title={t("receipt.title")} />
        <FormAlert message={errorText(t, receipt.error)} />
        <Link to="..">{t("orders.backToOrder")}</Link>
      </>
    );
  }
  const { order, seller, printed_at } = receipt.data;
  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency, lang);
  return (
    <>
      <div className="mp-no-print">
        <PageHeader
          title={t("receipt.title")}
          actions={
            <>
              <Link className="button" to="..">
                {t("orders.backToOrder")}
              </Link>
              <button type="button" className="button button--accent" onClick={() => window.print()}>
                {t("receipt.print")}
              </button>
            </>
          }
        />
      </div>
      <article className="mp-receipt" aria-labelledby="receipt-title">
        <header className="mp-receipt__head">
          <div>
            <p className="mp-receipt__seller">{seller.name}</p>
            <p className="admin-park-muted">
              {seller.email} · {seller.website}
            </p>
          </div>
          <div className="mp-receipt__code">
            <h2 id="receipt-title">{t("receipt.heading", { code: order.order_code })}</h2>
            <p>
              {formatZonedDateTime(order.created_at, lang, order.time_zone)} ·{" "}
              <StageBadge stage={order.stage} type={order.order_type} />
            </p>
          </div>
        </header>
        <div className="mp-receipt__parties">
          <section>
            <h3>{t("orders.customer")}</h3>
            <p>
              {order.customer.first_name} {order.customer.last_name}
              <br />
              {order.customer.email}
              {order.customer.phone && (
                <>
                  <br />
                  {order.customer.phone}
                </>
              )}
            </p>
          </section>
          <section>
            <h3>{order.order_type === "delivery" ? t("orders.deliverTo") : t("orders.pickupAt")}</h3>
            <WhereAndWhen order={order} />
          </section>
        </div>
        <div className="mp-receipt__scroll" role="region" aria-label={t("orders.lines")} tabIndex={0}>
          <table className="mp-lines mp-receipt__lines">
            <caption className="visually-hidden">{t("orders.lines")}</caption>
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
                    {loc(l.name, lang)}
                    {l.variation_name && <> · {loc(l.variation_name, lang)}</>}
                    {l.addons.map((a) => (
                      <span key={a.id} className="admin-park-muted">
                        <br />+ {loc(a.name, lang)}
                      </span>
                    ))}
                  </td>
                  <td className="admin-table__num">{l.quantity}</td>
                  <td className="admin-table__num">{money(l.unit_price)}</td>
                  <td className="admin-table__num">{money(lineGoods(l))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Amounts order={order} />
        <p className="admin-park-muted mp-receipt__foot">
          {t(`payment.${order.payment_status}`)} ·{" "}
          {t("receipt.printed", {
            time: formatZonedDateTime(printed_at, lang, order.time_zone),
          })}
        </p>
      </article>
    </>
  );
}
