import { useTranslation } from "react-i18next";

/** Previous and next around "Page 2 of 5"; nothing when there is one page. */
export function Pagination({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("events");
  if (pages <= 1) return null;
  return (
    <nav className="events-pagination" aria-label={t("list.pages")}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("list.previous")}
      </button>
      <span aria-live="polite">{t("list.pageOf", { page, pages })}</span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("list.next")}
      </button>
    </nav>
  );
}
