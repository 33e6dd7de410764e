import { useTranslation } from "react-i18next";

export function Pagination({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("parks");
  if (pages <= 1) return null;
  return (
    <nav className="park-pagination" aria-label={t("pagination")}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("previous")}
      </button>
      <span aria-live="polite">{t("pageOf", { page, pages })}</span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("next")}
      </button>
    </nav>
  );
}
