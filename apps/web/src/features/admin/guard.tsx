import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useAdminMe } from "./me";
import { landingPage } from "./nav";
import { ADMIN_PAGES, landingOrderFor } from "./pages";
import { canAny, type Permission } from "./permissions";
import { ForbiddenPage } from "./status-pages";

/** A page's guard: the 403 page for a user without the page's permission (or any of a list's). */
export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission | readonly Permission[];
  children: ReactNode;
}) {
  const { data: me } = useAdminMe();
  return canAny(me, permission) ? children : <ForbiddenPage />;
}

/** /admin: the first section the user may view (pages.ts's landing order for the role). */
export function AdminIndex() {
  const { t } = useTranslation("admin");
  const { data: me } = useAdminMe();
  const page = landingPage(ADMIN_PAGES, landingOrderFor(me?.role), me);
  if (page) return <Navigate to={`/admin/${page.path}`} replace />;
  return (
    <section className="admin-status">
      <h1>{t("title")}</h1>
      <p>{t("noSections")}</p>
    </section>
  );
}
