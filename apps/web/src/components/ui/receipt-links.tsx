import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney } from "../../lib/format";
import { receiptsOfQuery } from "../../lib/queries";
import { formatZonedDateTime } from "../../lib/zoned-time";
import "./receipt-links.css";

/**
 * "Receipts": the receipts and credit notes of one purchase (a booking's, an order's, a monthly
 * pass's: one per charged term), each a link to /receipts/{number}, dated on its own clock. Nothing
 * while none is known (a purchase from before receipts, or the list not answering): the page's own
 * facts stay the page's.
 */
export function ReceiptLinks({ reference }: { reference: string }) {
  const { t, i18n } = useTranslation("receipts");
  const receipts = useQuery({ ...receiptsOfQuery(reference), enabled: reference !== "" });
  const id = useId();
  if (!receipts.data || receipts.data.length === 0) return null;
  return (
    <section className="card receipt-links" aria-labelledby={id} data-testid="receipt-links">
      <h2 id={id}>{t("links.title")}</h2>
      <ul>
        {receipts.data.map((r) => (
          <li key={r.number}>
            <Link to={`/receipts/${r.number}`}>{r.number}</Link>
            <span>
              {t(`kinds.${r.kind}`)} ·{" "}
              <time dateTime={r.issued_at}>
                {formatZonedDateTime(r.issued_at, i18n.language, r.time_zone)}
              </time>
            </span>
            <span className="receipt-links__total">{formatMoney(r.total, r.currency, i18n.language)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
