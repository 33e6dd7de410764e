import { RECEIPT_KINDS } from "@parkwell/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { SelectField, TextField } from "../../components/ui/form-field";
import { Pagination } from "../../components/ui/pagination";
import { ApiError } from "../../lib/api";
import { formatMoney } from "../../lib/format";
import { errorText } from "../../lib/form-errors";
import { formatZonedDateTime } from "../../lib/zoned-time";
import { filtersOf, receiptsQuery, type ReceiptFilters } from "./api";
import "./receipts.css";

/** /receipts (signed in): the driver's receipts and credit notes, newest first, by day and kind. */
export function ReceiptsPage() {
  const { t, i18n } = useTranslation(["receipts", "auth"]);
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const list = useQuery({ ...receiptsQuery(filters), placeholderData: keepPreviousData });
  const fields = list.error instanceof ApiError ? (list.error.fields ?? {}) : {};
  const filtered = Boolean(filters.from || filters.to || filters.kind);

  /** A filter changed: back to the first page; the URL keeps them (the back button, a shared link). */
  const set = (change: Partial<ReceiptFilters>) => {
    const next = { ...filters, page: 1, ...change };
    const query = new URLSearchParams();
    if (next.from) query.set("from", next.from);
    if (next.to) query.set("to", next.to);
    if (next.kind) query.set("kind", next.kind);
    if (next.page > 1) query.set("page", String(next.page));
    setParams(query, { replace: true });
  };

  return (
    <div className="container page receipts-page">
      <h1>{t("list.title")}</h1>
      <p className="receipts-muted">{t("list.intro")}</p>
      <form
        className="receipts-filters"
        aria-label={t("list.filters")}
        role="search"
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField
          label={t("list.from")}
          type="date"
          name="from"
          value={filters.from}
          error={fields.from}
          onChange={(e) => set({ from: e.target.value })}
        />
        <TextField
          label={t("list.to")}
          type="date"
          name="to"
          value={filters.to}
          min={filters.from || undefined}
          error={fields.to}
          onChange={(e) => set({ to: e.target.value })}
        />
        <SelectField
          label={t("list.kind")}
          name="kind"
          value={filters.kind}
          error={fields.kind}
          options={[["", t("list.allKinds")], ...RECEIPT_KINDS.map((k) => [k, t(`kinds.${k}`)] as const)]}
          onChange={(e) => set({ kind: e.target.value as ReceiptFilters["kind"] })}
        />
        {filtered && (
          <button type="button" className="button receipts-filters__clear" onClick={() => setParams({})}>
            {t("list.clear")}
          </button>
        )}
      </form>

      {list.isPending && <p role="status">{t("common:loading")}</p>}
      {list.isError && Object.keys(fields).length === 0 && (
        <div className="alert alert--error" role="alert">
          <p>{errorText(t, list.error)}</p>
          <button type="button" className="button" onClick={() => void list.refetch()}>
            {t("retry")}
          </button>
        </div>
      )}
      {list.data && !list.isError && (
        <>
          {list.data.items.length === 0 ? (
            <p className="receipts-empty" data-testid="receipts-empty">
              {filtered ? t("list.noneMatch") : t("list.empty")}
            </p>
          ) : (
            <ul className="receipts-list" aria-label={t("list.title")}>
              {list.data.items.map((r) => {
                const credit = r.kind === "credit_note";
                return (
                  <li key={r.number} className={credit ? "receipt-row receipt-row--credit" : "receipt-row"}>
                    <Link className="receipt-row__number" to={`/receipts/${r.number}`}>
                      {r.number}
                    </Link>
                    <span className={credit ? "receipt-kind receipt-kind--credit" : "receipt-kind"}>
                      {t(`kinds.${r.kind}`)}
                    </span>
                    <span className="receipt-row__meta">
                      <time dateTime={r.issued_at}>
                        {formatZonedDateTime(r.issued_at, i18n.language, r.time_zone)}
                      </time>
                      {r.subject ? ` · ${r.subject}` : ""}
                      {" · "}
                      <span className="receipt-row__ref">{t("reference", { reference: r.reference })}</span>
                    </span>
                    <span className="receipt-row__total" data-testid="receipt-total">
                      {formatMoney(r.total, r.currency, i18n.language)}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
          <Pagination
            page={list.data.page}
            pages={list.data.pages}
            onPage={(page) => set({ ...filters, page })}
          />
        </>
      )}
    </div>
  );
}
