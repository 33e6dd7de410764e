import type { Receipt, ReceiptLine, ReceiptParty } from "@parkwell/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Spinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api";
import { formatMoney, formatTaxRate } from "../../lib/format";
import { errorText } from "../../lib/form-errors";
import { formatShortZoned, formatZonedDateTime, zoneAbbreviation } from "../../lib/zoned-time";
import { downloadReceiptPdf, purchasePath, receiptQuery } from "./api";
import "./receipts.css";

/** /receipts/{number}: the receipt (or credit note) as a document, to read, print or save as PDF. */
export function ReceiptPage() {
  const { number = "" } = useParams();
  return <ReceiptView number={number.toUpperCase()} />;
}

export function ReceiptView({ number }: { number: string }) {
  const { t, i18n } = useTranslation(["receipts", "auth"]);
  const receipt = useQuery(receiptQuery(number, i18n.language));

  if (receipt.error instanceof ApiError && receipt.error.status === 404) {
    return (
      <section className="container page" data-testid="receipt-not-found">
        <h1>{t("doc.notFound")}</h1>
        <p>{t("doc.notFoundText", { number })}</p>
        <Link className="button" to="/receipts">
          {t("doc.all")}
        </Link>
      </section>
    );
  }
  if (receipt.isPending) return <Spinner />;
  if (receipt.isError) {
    return (
      <div className="container page">
        <div className="alert alert--error" role="alert">
          <p>{errorText(t, receipt.error)}</p>
          <button type="button" className="button" onClick={() => void receipt.refetch()}>
            {t("retry")}
          </button>
        </div>
      </div>
    );
  }
  return <ReceiptDocument receipt={receipt.data} />;
}

function ReceiptDocument({ receipt: r }: { receipt: Receipt }) {
  const { t, i18n } = useTranslation(["receipts", "auth"]);
  const lang = i18n.language;
  const id = useId();
  const credit = r.kind === "credit_note";
  const money = (amount: number) => formatMoney(amount, r.currency, lang);
  // A credit note's purchase is the one of the receipt it reverses: its kind tells which page.
  const reversed = useQuery({ ...receiptQuery(r.reverses ?? "", lang), enabled: Boolean(r.reverses) });
  const purchase = purchasePath(credit ? (reversed.data?.kind ?? "credit_note") : r.kind, r.reference);
  const download = useMutation({ mutationFn: () => downloadReceiptPdf(r.pdf_url, r.number) });
  const taxNames = t("common:price.taxNames", { returnObjects: true }) as Record<string, string>;

  return (
    <div className="container page receipt-page">
      <p className="receipt-chrome">
        <Link to="/receipts">{t("doc.all")}</Link>
      </p>
      <article className="card receipt-doc" aria-labelledby={`${id}-title`}>
        <header className="receipt-doc__head">
          <h1 id={`${id}-title`}>
            {t(credit ? "doc.creditTitle" : "doc.title")}{" "}
            <span className="receipt-doc__number">{r.number}</span>
          </h1>
          <dl className="receipt-facts">
            <div>
              <dt>{t("doc.number")}</dt>
              <dd>{r.number}</dd>
            </div>
            <div>
              <dt>{t("doc.date")}</dt>
              <dd>
                <time dateTime={r.issued_at} data-testid="receipt-date">
                  {formatZonedDateTime(r.issued_at, lang, r.time_zone)}
                </time>
              </dd>
            </div>
            <div>
              <dt>{t("doc.kind")}</dt>
              <dd>{t(`kinds.${r.kind}`)}</dd>
            </div>
            <div>
              <dt>{t("doc.reference")}</dt>
              <dd>{purchase ? <Link to={purchase}>{r.reference}</Link> : r.reference}</dd>
            </div>
          </dl>
        </header>

        <div className="receipt-parties">
          <Party title={t("doc.seller")} party={r.seller} />
          <Party title={t("doc.buyer")} party={r.buyer} />
        </div>

        {credit && r.reverses && (
          <p className="receipt-note" data-testid="receipt-reverses">
            {t("doc.reverses")} <Link to={`/receipts/${r.reverses}`}>{r.reverses}</Link>
          </p>
        )}

        <table className="receipt-lines">
          <caption className="visually-hidden">{t("doc.lines")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("doc.description")}</th>
              <th scope="col" className="receipt-lines__amount">
                {t("doc.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {r.lines.map((line, i) => (
              <tr key={i} data-testid="receipt-line">
                <td>
                  <LineText line={line} timeZone={r.time_zone} />
                </td>
                <td className="receipt-lines__amount">{line.amount === null ? "" : money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("doc.subtotal")}</th>
              <td className="receipt-lines__amount" data-testid="receipt-subtotal">
                {money(r.subtotal)}
              </td>
            </tr>
            {r.taxes.map((tax) => (
              <tr key={`${tax.name} ${tax.rate}`} data-testid="receipt-tax">
                <th scope="row">
                  {t("doc.tax", {
                    name: taxNames[tax.name] ?? tax.name,
                    rate: formatTaxRate(tax.rate, lang),
                    base: money(tax.base),
                  })}
                </th>
                <td className="receipt-lines__amount">{money(tax.amount)}</td>
              </tr>
            ))}
            <tr className="receipt-lines__total">
              <th scope="row">{t(credit ? "doc.creditTotal" : "doc.total")}</th>
              <td className="receipt-lines__amount" data-testid="receipt-doc-total">
                {money(r.total)}
              </td>
            </tr>
          </tfoot>
        </table>

        {r.credit_notes.length > 0 && (
          <section
            className="receipt-credits"
            aria-labelledby={`${id}-credits`}
            data-testid="receipt-credit-notes"
          >
            <h2 id={`${id}-credits`}>{t("doc.creditNotes")}</h2>
            <ul>
              {r.credit_notes.map((n) => (
                <li key={n}>
                  <Link to={`/receipts/${n}`}>{n}</Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        <p className="receipt-doc__foot">{t("doc.clock", { zone: r.time_zone })}</p>
      </article>

      <div className="receipt-actions receipt-chrome">
        <button
          type="button"
          className="button button--accent"
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          {download.isPending ? t("doc.downloading") : t("doc.download")}
        </button>
        <button type="button" className="button" onClick={() => window.print()}>
          {t("doc.print")}
        </button>
      </div>
      {download.isError && (
        <p className="alert alert--error receipt-chrome" role="alert">
          {download.error instanceof ApiError && download.error.status === 404
            ? t("doc.pdfUnavailable")
            : errorText(t, download.error)}
        </p>
      )}
    </div>
  );
}

function Party({ title, party }: { title: string; party: ReceiptParty }) {
  const { t } = useTranslation("receipts");
  return (
    <section className="receipt-party">
      <h2>{title}</h2>
      <p>
        <strong>{party.company_name ?? party.name}</strong>
        {party.company_name && (
          <>
            <br />
            {party.name}
          </>
        )}
      </p>
      {party.address && <p className="receipt-party__address">{party.address}</p>}
      {party.tax_id && <p>{t("doc.taxId", { id: party.tax_id })}</p>}
      {party.email && <p>{party.email}</p>}
    </section>
  );
}

/** A line's words: what it is (worded by the API), for what, over which period on the receipt's clock. */
function LineText({ line, timeZone }: { line: ReceiptLine; timeZone: string }) {
  const { t, i18n } = useTranslation("receipts");
  const lang = i18n.language;
  const quantity = line.quantity !== null && line.quantity !== 1 ? `× ${line.quantity}` : null;
  const detail = [quantity, line.detail].filter(Boolean).join(" · ");
  return (
    <>
      <span className="receipt-line__label">{line.label}</span>
      {line.subject && <span className="receipt-line__subject">{line.subject}</span>}
      {line.from && line.to && (
        <span className="receipt-line__period" data-testid="receipt-period">
          {t("doc.period", {
            from: formatShortZoned(line.from, lang, timeZone),
            to: formatShortZoned(line.to, lang, timeZone),
            zone: zoneAbbreviation(timeZone, lang, new Date(line.from)),
          })}
        </span>
      )}
      {detail && <span className="receipt-line__detail">{detail}</span>}
    </>
  );
}
