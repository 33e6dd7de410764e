import type { MarketItemSummary } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useTextLang } from "../../../components/ui/staff-text";
import { formatMoney } from "../../../lib/format";
import { ItemArt } from "./item-art";

/** Products with this few units left say so. */
export const LOW_STOCK = 5;

/** "Out of stock", "Only 2 left", or nothing (plenty, or a service). */
export function StockHint({ stock }: { stock: number | null }) {
  const { t } = useTranslation("marketplace");
  if (stock === null || stock > LOW_STOCK) return null;
  return (
    <p className={stock === 0 ? "market-stock market-stock--out" : "market-stock"} data-testid="stock-hint">
      {stock === 0 ? t("stock.out") : t("stock.few", { count: stock })}
    </p>
  );
}

/** The price, and the offer price beside the struck-through one when an offer cuts it. */
export function PriceTag({
  price,
  offerPrice,
  from,
}: {
  price: { amount: number; currency: string };
  offerPrice: { amount: number; currency: string };
  from?: boolean;
}) {
  const { t, i18n } = useTranslation("marketplace");
  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency, i18n.language);
  const cut = offerPrice.amount < price.amount;
  const shown = from ? t("price.from", { price: money(offerPrice) }) : money(offerPrice);
  return (
    <p className="market-price">
      <strong className={cut ? "market-price__offer" : undefined}>{shown}</strong>
      {cut && (
        <>
          {" "}
          <s className="market-price__was">
            <span className="visually-hidden">{t("price.was")} </span>
            {money(price)}
          </s>
        </>
      )}
    </p>
  );
}

/**
 * One item in the list: picture, category, name (the link), price, stock. A name in another
 * language than the page's carries its `lang`, without a note: a note on each card would clutter
 * the grid, and the item's page says it beside the description.
 */
export function ItemCard({ item }: { item: MarketItemSummary }) {
  const { t } = useTranslation("marketplace");
  const textLang = useTextLang();
  return (
    <article className="market-card" data-item-id={item.id}>
      <ItemArt imageUrl={item.image_url} kind={item.kind} category={item.category.slug} />
      <div className="market-card__body">
        <p className="market-card__category">
          {item.category.name}
          {item.kind === "service" && <> · {t("kind.service")}</>}
        </p>
        <h2 className="market-card__name" lang={textLang(item.text_language)}>
          <Link to={`/marketplace/${item.id}`}>{item.name}</Link>
        </h2>
        <PriceTag price={item.price} offerPrice={item.offer_price} from={item.has_variations} />
        <StockHint stock={item.stock} />
      </div>
    </article>
  );
}
