import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Spinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api";
import { useSelectedCountry } from "../../lib/country";
import { useQuote } from "./api";
import { closeCartDrawer, useCart, useCartDrawerOpen } from "./cart";
import { QuoteLines, QuoteTotals } from "./components/quote-lines";
import "../../components/ui/alert.css";
import "./marketplace.css";

/**
 * The cart as a modal drawer (a <dialog>: focus stays inside, Escape closes): the lines as the
 * server prices them now, each line's problem with its fix, the totals, and Checkout.
 */
export function CartDrawer() {
  const { t } = useTranslation("marketplace");
  const open = useCartDrawerOpen();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const country = useSelectedCountry();
  const lines = useCart(country.code);
  const navigate = useNavigate();
  // Delivery is priced at checkout, where the address is chosen; here the goods are.
  const quote = useQuote(
    open && lines.length > 0 ? { country: country.code, lines, order_type: "takeaway" } : null,
  );

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const lineProblem = quote.data?.lines.some((l) => l.problem) ?? false;

  return (
    <dialog
      ref={ref}
      className="panel cart-drawer"
      aria-labelledby={titleId}
      onClose={closeCartDrawer}
      onClick={(e) => e.target === ref.current && closeCartDrawer()}
    >
      <div className="panel__body">
        <div className="panel__head">
          <h2 id={titleId}>{t("cart.title")}</h2>
          <button
            type="button"
            className="icon-button"
            onClick={closeCartDrawer}
            aria-label={t("cart.close")}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {lines.length === 0 ? (
          <div className="cart-empty">
            <p>{t("cart.empty")}</p>
            <Link className="button" to="/marketplace" onClick={closeCartDrawer}>
              {t("cart.browse")}
            </Link>
          </div>
        ) : (
          <>
            <QuoteLines country={country.code} lines={lines} quote={quote.data} />
            {quote.isPending && <Spinner />}
            {quote.error && (
              <p className="alert alert--error" role="alert">
                {quote.error instanceof ApiError ? quote.error.message : t("loadError")}
              </p>
            )}
            {quote.data && (
              <div aria-live="polite" aria-busy={quote.isFetching}>
                <QuoteTotals quote={quote.data} />
                <p className="field__hint">{t("cart.deliveryLater")}</p>
              </div>
            )}
            {lineProblem && <p className="notice">{t("cart.fixFirst")}</p>}
            <button
              type="button"
              className="button button--accent cart-drawer__checkout"
              disabled={!quote.data || lineProblem}
              onClick={() => {
                closeCartDrawer();
                void navigate("/marketplace/checkout");
              }}
            >
              {t("cart.checkout")}
            </button>
          </>
        )}
      </div>
    </dialog>
  );
}
