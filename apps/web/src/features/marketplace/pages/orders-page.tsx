import { ORDER_STAGES, stageWord, type OrderStage } from "@parkwell/contract";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Pagination } from "../../../components/ui/pagination";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { formatMoney } from "../../../lib/format";
import { ordersQuery } from "../api";
import { formatZonedDateTime } from "../../../lib/zoned-time";
import "../../../components/ui/alert.css";
import "../marketplace.css";

const isStage = (v: string | null): v is OrderStage => ORDER_STAGES.includes(v as OrderStage);

/** /orders: the driver's marketplace orders, newest first, filtered by stage (in the URL), ten a page. */
export function OrdersPage() {
  const { t, i18n } = useTranslation("marketplace");
  const lang = i18n.language;
  const [params, setParams] = useSearchParams();
  const raw = params.get("stage");
  const stage = isStage(raw) ? raw : undefined;
  const page = Math.max(1, Math.trunc(Number(params.get("page"))) || 1);
  const list = useQuery(ordersQuery(stage, page));
  const go = (s: OrderStage | undefined, p: number) =>
    setParams({ ...(s ? { stage: s } : {}), ...(p > 1 ? { page: String(p) } : {}) });

  return (
    <div className="container page market-orders">
      <h1>{t("orders.title")}</h1>
      <nav className="market-chips" aria-label={t("orders.stages")}>
        <ul>
          {[undefined, ...ORDER_STAGES].map((s) => (
            <li key={s ?? "all"}>
              <button
                type="button"
                className="market-chip"
                aria-pressed={s === stage}
                onClick={() => go(s, 1)}
              >
                {s ? t(s === "delivered" ? "stageFilterDelivered" : `stage.${s}`) : t("orders.all")}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {list.isPending && <Spinner />}
      {list.isError && (
        <div role="alert" className="alert alert--error">
          <p>{list.error instanceof ApiError ? list.error.message : t("loadError")}</p>
          <button type="button" className="button" onClick={() => void list.refetch()}>
            {t("retry")}
          </button>
        </div>
      )}
      {list.data && list.data.items.length === 0 && (
        <div className="market-empty">
          <p>{stage ? t("orders.emptyStage") : t("orders.empty")}</p>
          <Link className="button" to="/marketplace">
            {t("cart.browse")}
          </Link>
        </div>
      )}
      {list.data && list.data.items.length > 0 && (
        <ul className="market-order-list" aria-busy={list.isFetching}>
          {list.data.items.map((o) => (
            <li key={o.order_code} className="card market-order-item" data-order-code={o.order_code}>
              <p className="market-order-item__head">
                <Link to={`/orders/${o.order_code}`}>
                  <strong>{o.order_code}</strong>
                </Link>
                <span className={`stage-chip stage-chip--${o.stage}`}>
                  {t(`stage.${stageWord(o.stage, o.order_type)}`)}
                </span>
              </p>
              <p className="field__hint">
                <time dateTime={o.created_at}>{formatZonedDateTime(o.created_at, lang, o.time_zone)}</time> ·{" "}
                {t(`checkout.types.${o.order_type}`)} · {t("orders.items", { count: o.items })}
              </p>
              <p>
                <strong>{formatMoney(o.total.amount, o.total.currency, lang)}</strong>
                {o.refunded.amount > 0 && (
                  <>
                    {" "}
                    ·{" "}
                    {t("orders.refunded", {
                      amount: formatMoney(o.refunded.amount, o.refunded.currency, lang),
                    })}
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      {list.data && <Pagination page={list.data.page} pages={list.data.pages} onPage={(p) => go(stage, p)} />}
    </div>
  );
}
