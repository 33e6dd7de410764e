import type { ReactNode } from "react";

/** A back-office page's title (its one h1) and its actions (New, Export CSV, ...) beside it. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  /** A string, or a sentence with parts marked up (a request's code kept on one line). */
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="admin-page-header">
      <div className="admin-page-header__text">
        <h1>{title}</h1>
        {description && <p className="admin-page-header__description">{description}</p>}
      </div>
      {actions && <div className="admin-page-header__actions">{actions}</div>}
    </div>
  );
}
