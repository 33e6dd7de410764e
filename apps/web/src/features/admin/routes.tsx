import { lazy } from "react";
import { Route, Routes } from "react-router";
import { AdminLayout } from "./admin-layout";
import { AdminIndex, RequirePermission } from "./guard";
import { ADMIN_PAGES } from "./pages";
import { adminRoutePath } from "./route-paths";
import { AdminNotFoundPage } from "./status-pages";

/** Each page's code loads the first time it opens (a chunk per page, beside this one). */
const PAGES = ADMIN_PAGES.map((page) => ({
  page,
  Component: lazy(async () => ({ default: await page.load() })),
}));

/**
 * The back office under /admin, loaded lazily by the app's router once the visitor is signed in:
 * its layout, /admin's redirect, one route per line of pages.ts behind its permission, and the
 * back office's own 404.
 */
export function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<AdminIndex />} />
        {PAGES.map(({ page, Component }) => (
          <Route
            key={page.path}
            path={adminRoutePath(page)}
            element={
              <RequirePermission permission={page.permission}>
                <Component />
              </RequirePermission>
            }
          />
        ))}
        <Route path="*" element={<AdminNotFoundPage />} />
      </Route>
    </Routes>
  );
}
