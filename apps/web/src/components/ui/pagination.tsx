import { useTranslation } from "react-i18next";
import "./pagination.css";

/** Previous and next around "Page 2 of 5" (the parks list, the events list); nothing when there is one page. */
export function Pagination({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("common");
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t("pagination.label")}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("pagination.previous")}
      </button>
      <span aria-live="polite">{t("pagination.pageOf", { page, pages })}</span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("pagination.next")}
      </button>
    </nav>
  );
}
