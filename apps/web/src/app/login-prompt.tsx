import { useTranslation } from "react-i18next";
import { openLoginDialog } from "../lib/login-dialog";

/**
 * /bookings, /orders, /wallet and /receipts, signed out, show this prompt (docs/PRODUCT-RULES.md#routes-and-layouts) instead
 * of sending the visitor away. Elsewhere (checkout) `text` says what signing in is for.
 */
export function LoginPrompt({
  titleKey,
  title,
  text,
}: {
  titleKey?: "nav.myBookings" | "nav.myOrders" | "nav.wallet" | "nav.receipts";
  title?: string;
  text?: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="container page prompt" aria-labelledby="login-prompt-title">
      <h1 id="login-prompt-title">{title ?? (titleKey ? t(titleKey) : null)}</h1>
      <p className="prompt__text">{text ?? t("account.prompt")}</p>
      <button type="button" className="button button--accent" onClick={openLoginDialog}>
        {t("account.loginToContinue")}
      </button>
    </section>
  );
}
