import type { LineProblem, Quote } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../lib/format";
import { taxName } from "./tax-name";
import { removeCartLine, sameLine, setCartQuantity, type CartLine } from "../cart";
import { ItemArt } from "./item-art";
import { lineOfferOf, lineSubtotalOf } from "./line-amounts";

type QuoteLine = Quote["lines"][number];

/** Problems a smaller quantity fixes; the others are fixed by removing the line. */
const LOWER: readonly LineProblem[] = ["over_stock"];

/** The quote's line for a cart line: the same position when it is the same line, else the equal one. */
export function quoteLineOf(quote: Quote | undefined, line: CartLine, index: number): QuoteLine | undefined {
  if (!quote) return undefined;
  const at = quote.lines[index];
  const match = (q: QuoteLine) =>
    sameLine({ item_id: q.item_id, variation_id: q.variation_id, addon_ids: q.addon_ids }, line);
  return at && match(at) ? at : quote.lines.find(match);
}

/**
 * The cart's lines as the server priced them: name, variation and add-ons, quantity (changeable),
 * the line's total, and a line's problem with the fix it needs (remove it, or lower its quantity).
 */
export function QuoteLines({
  country,
  lines,
  quote,
  editable = true,
}: {
  country: string;
  lines: CartLine[];
  quote: Quote | undefined;
  editable?: boolean;
}) {
  const { t, i18n } = useTranslation("marketplace");
  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency, i18n.language);
  return (
    <ul className="cart-lines">
      {lines.map((line, index) => {
        const q = quoteLineOf(quote, line, index);
        const name = q?.name ?? t("cart.loadingLine");
        const key = `${line.item_id}-${line.variation_id ?? 0}-${line.addon_ids.join(".")}`;
        return (
          <li
            key={key}
            className={q?.problem ? "cart-line cart-line--problem" : "cart-line"}
            data-testid="cart-line"
          >
            <ItemArt
              imageUrl={q?.image_url ?? null}
              kind={q?.kind ?? "product"}
              category={q?.kind ?? "product"}
              className="cart-line__art"
            />
            <div className="cart-line__body">
              <p className="cart-line__name">{name}</p>
              {(q?.variation_name || (q?.addons.length ?? 0) > 0) && (
                <p className="cart-line__detail">
                  {[q?.variation_name, ...(q?.addons.map((a) => `+ ${a.name}`) ?? [])]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              )}
              {q && (
                <p className="cart-line__price">
                  {t("cart.unit", { price: money(q.unit_price) })}
                  {" · "}
                  <strong data-testid="line-amount">{money(lineSubtotalOf(q))}</strong>
                </p>
              )}
              {q && q.unit_offer.amount > 0 && (
                <p className="cart-line__detail" data-testid="line-offer">
                  {t("cart.lineOffer", { amount: money(lineOfferOf(q)) })}
                </p>
              )}
              {q?.problem && (
                <p className="cart-line__problem" role="alert">
                  {q.problem.message}
                </p>
              )}
              {editable && (
                <div className="cart-line__actions">
                  {q?.problem && LOWER.includes(q.problem.code) && q.available !== null && q.available > 0 ? (
                    <button
                      type="button"
                      className="button"
                      onClick={() => setCartQuantity(country, index, q.available!)}
                    >
                      {t("cart.lowerTo", { count: q.available })}
                    </button>
                  ) : (
                    <span className="cart-line__qty">
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={t("cart.less", { name })}
                        onClick={() => setCartQuantity(country, index, line.quantity - 1)}
                      >
                        <span aria-hidden="true">−</span>
                      </button>
                      <span aria-label={t("cart.quantity", { count: line.quantity })}>{line.quantity}</span>
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={t("cart.more", { name })}
                        onClick={() => setCartQuantity(country, index, line.quantity + 1)}
                      >
                        <span aria-hidden="true">+</span>
                      </button>
                    </span>
                  )}
                  <button
                    type="button"
                    className={q?.problem ? "button button--accent" : "link-button"}
                    onClick={() => removeCartLine(country, index)}
                    aria-label={t("cart.removeLabel", { name })}
                  >
                    {t("cart.remove")}
                  </button>
                </div>
              )}
              {!editable && (
                <p className="cart-line__detail">{t("cart.quantity", { count: line.quantity })}</p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The quote's amounts: subtotal, offers, coupon, delivery, tax, total (the lines that apply). */
export function QuoteTotals({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation("marketplace");
  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency, i18n.language);
  const rows: [string, string, string?][] = [[t("totals.subtotal"), money(quote.subtotal)]];
  if (quote.offer_discount.amount > 0) rows.push([t("totals.offers"), `−${money(quote.offer_discount)}`]);
  if (quote.coupon?.applied && quote.coupon.discount.amount > 0)
    rows.push([
      t("totals.coupon", { code: quote.coupon.code }),
      `−${money(quote.coupon.discount)}`,
      "coupon",
    ]);
  if (quote.delivery_charge.amount > 0) rows.push([t("totals.delivery"), money(quote.delivery_charge)]);
  if (quote.tax.amount > 0) rows.push([taxName(t, quote.tax_name), money(quote.tax)]);
  return (
    <dl className="cart-totals">
      {rows.map(([label, value, id]) => (
        <div key={label} className="cart-totals__row" data-testid={id ? `total-${id}` : undefined}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="cart-totals__row cart-totals__row--total">
        <dt>{t("totals.total")}</dt>
        <dd data-testid="quote-total">{money(quote.total)}</dd>
      </div>
    </dl>
  );
}
