import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useSelectedCountry } from "../../lib/country";
import { cartCount, openCartDrawer, useCart, useCartDrawerOpen } from "./cart";

const CartDrawer = lazy(async () => ({ default: (await import("./cart-drawer")).CartDrawer }));

/** The header's cart button with the number of units in the country's cart; it opens the drawer. */
export function CartButton() {
  const { t } = useTranslation();
  const country = useSelectedCountry();
  const count = cartCount(useCart(country.code));
  const open = useCartDrawerOpen();
  return (
    <>
      <button
        type="button"
        className="header__chip header__cart"
        aria-haspopup="dialog"
        onClick={openCartDrawer}
        data-testid="cart-button"
      >
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" />
          <circle cx="9" cy="20" r="1.5" />
          <circle cx="17" cy="20" r="1.5" />
        </svg>
        <span className="visually-hidden">{t("nav.cart", { count })}</span>
        {count > 0 && (
          <span className="header__cart-count" aria-hidden="true">
            {count}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      )}
    </>
  );
}
