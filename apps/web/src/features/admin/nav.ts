import type { AdminPage } from "./pages";
import { canAny, type PermissionHolder } from "./permissions";

/** The pages the user may open, in the nav's order. */
export function visiblePages<P extends Pick<AdminPage, "permission">>(
  pages: readonly P[],
  me: PermissionHolder | null | undefined,
): P[] {
  return pages.filter((p) => canAny(me, p.permission));
}

/**
 * The page /admin opens: the first section of `order` with a page the user may open, else the
 * first page the user may open at all, else none (the user then sees the index's notice).
 */
export function landingPage<P extends Pick<AdminPage, "permission" | "section">>(
  pages: readonly P[],
  order: readonly P["section"][],
  me: PermissionHolder | null | undefined,
): P | undefined {
  const open = visiblePages(pages, me);
  for (const section of order) {
    const page = open.find((p) => p.section === section);
    if (page) return page;
  }
  return open[0];
}

/** The page a path under /admin belongs to (its first segment), if any. */
export function pageOfPath<P extends Pick<AdminPage, "path">>(
  pages: readonly P[],
  pathname: string,
): P | undefined {
  const rest = pathname.replace(/^\/admin\/?/, "");
  const first = rest.split("/")[0] ?? "";
  return pages.find((p) => p.path === first);
}
