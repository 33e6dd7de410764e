import { useEffect, useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/form-errors";
import { FormAlert } from "../../../components/ui/form-alert";
import { Field } from "../../../components/ui/form-field";
import { pageButtons, PAGE_SIZES, pageCount, shownRange, type PageSize } from "./pagination";
import { EmptyState, LoadingState } from "./states";
import { usePageParams } from "./use-page-params";

/** The list envelope of every admin list route. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
  pages: number;
}

export interface Column<T> {
  /** Unique among the columns. */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Right-aligned (amounts, counts). */
  numeric?: boolean;
}

/**
 * A list page's table: caption, columns, the loading and empty states, and the pagination below
 * it (page sizes 10 to 1000, "Showing 1 to 10 of 45 entries", pages), its page and size in the
 * URL. The page asks the API with `usePageParams()`'s page and size and passes the answer here:
 *
 *   const { page, size } = usePageParams();
 *   const list = useQuery({ queryKey: ["admin", "parks", page, size], queryFn: ... });
 *   <DataTable caption={t("parks.title")} columns={columns} rowKey={(p) => p.id} query={list} />
 */
export function DataTable<T>({
  caption,
  columns,
  rowKey,
  query,
  emptyText,
  emptyAction,
  cards = false,
  dense = false,
  paged = true,
}: {
  /** The table's name for screen readers (shown as a caption). */
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  query: {
    data: Page<T> | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    /** A new page is on its way (the previous one still shows): the table says it is busy. */
    isFetching?: boolean;
  };
  emptyText?: string;
  emptyAction?: ReactNode;
  /**
   * On a phone, each row is a card, its cells one under the other with their column's name: for a
   * list whose rows have actions (a hand-held screen), so nothing of a row is off to the side.
   */
  cards?: boolean;
  /**
   * Many columns (a report's): smaller type, tighter cells and headers that may wrap between
   * their words, so every column fits a laptop's width.
   */
  dense?: boolean;
  /** False for a list that is whole, not a page of one (no page size, no page buttons). */
  paged?: boolean;
}) {
  const { t } = useTranslation(["admin", "auth"]);
  const { data, isPending, isError, error } = query;
  if (isPending) return <LoadingState text={t("table.loading")} />;
  if (isError || !data) return <FormAlert message={isError ? errorText(t, error) : t("table.loadFailed")} />;
  return (
    <div
      className={["admin-table", cards && "admin-table--cards", dense && "admin-table--dense"]
        .filter(Boolean)
        .join(" ")}
      aria-busy={query.isFetching ? true : undefined}
    >
      {data.items.length === 0 ? (
        <EmptyState text={emptyText ?? t("table.empty")} action={emptyAction} />
      ) : (
        <div className="admin-table__scroll" role="region" aria-label={caption} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col" className={c.numeric ? "admin-table__num" : undefined}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      className={c.numeric ? "admin-table__num" : undefined}
                      data-label={cards && typeof c.header === "string" ? c.header : undefined}
                    >
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {paged && <TablePagination total={data.total} />}
    </div>
  );
}

/** Page size, "Showing x to y of z entries" and the page buttons; the state is the URL's. */
export function TablePagination({ total }: { total: number }) {
  const { t, i18n } = useTranslation("admin");
  const id = useId();
  const { page, size, setPage, setSize } = usePageParams();
  const pages = pageCount(total, size);
  const { from, to } = shownRange(page, size, total);
  // A page past the end (an old link, or a list that shrank): go to the last one.
  useEffect(() => {
    if (pages > 0 && page > pages) setPage(pages);
  }, [page, pages, setPage]);
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  return (
    <div className="admin-pagination">
      <div className="admin-pagination__size">
        <Field label={t("table.pageSize")} id={`${id}-size`}>
          {(control) => (
            <select {...control} value={size} onChange={(e) => setSize(Number(e.target.value) as PageSize)}>
              {PAGE_SIZES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <p className="admin-pagination__info" aria-live="polite">
        {t("table.showing", { from: n(from), to: n(to), total: n(total) })}
      </p>
      {pages > 1 && (
        <nav className="admin-pagination__pages" aria-label={t("table.pagination")}>
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("table.previous")}
          </button>
          <ul>
            {pageButtons(Math.min(page, pages), pages).map((p, i) =>
              p === "gap" ? (
                <li key={`gap-${i}`} aria-hidden="true" className="admin-pagination__gap">
                  …
                </li>
              ) : (
                <li key={p}>
                  <button
                    type="button"
                    className="admin-pagination__page"
                    aria-current={p === page ? "page" : undefined}
                    aria-label={t("table.page", { page: p })}
                    onClick={() => setPage(p)}
                  >
                    {n(p)}
                  </button>
                </li>
              ),
            )}
          </ul>
          <button type="button" className="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t("table.next")}
          </button>
        </nav>
      )}
    </div>
  );
}
