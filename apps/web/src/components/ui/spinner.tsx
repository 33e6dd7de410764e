import { useTranslation } from "react-i18next";

export function Spinner() {
  const { t } = useTranslation();
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{t("loading")}</span>
    </div>
  );
}
