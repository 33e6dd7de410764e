import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A list's filters: the fields (components/ui/form-field's Field, TextField, SelectField) in a
 * grid that wraps on a phone, then Apply and Reset. The page keeps the filters in the URL and
 * goes back to page 1 when they change (writePageParams(search, { page: 1 })).
 */
export function FilterBar({
  children,
  onApply,
  onReset,
  label,
}: {
  children: ReactNode;
  onApply: () => void;
  onReset?: () => void;
  /** The filters' name for screen readers; "Filters" by default. */
  label?: string;
}) {
  const { t } = useTranslation("admin");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply();
  };
  return (
    <form className="admin-filters" role="search" aria-label={label ?? t("filters.label")} onSubmit={submit}>
      <div className="admin-filters__fields">{children}</div>
      <div className="admin-filters__actions">
        <button type="submit" className="button button--accent">
          {t("filters.apply")}
        </button>
        {onReset && (
          <button type="button" className="button" onClick={onReset}>
            {t("filters.reset")}
          </button>
        )}
      </div>
    </form>
  );
}
