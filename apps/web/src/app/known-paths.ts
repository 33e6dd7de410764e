import { matchRoutes, type RouteMatch, type RouteObject } from "react-router";

/**
 * What a route's `handle` says of the paths it answers: `notFound` on the catch-all `*` route (the
 * not-found page: matched by an address no other route has), `routesBelow` on a route whose element
 * routes the paths below it itself (descendant <Routes>: the back office): whether one of those
 * routes is at a path.
 */
export interface PathsHandle {
  notFound?: true;
  routesBelow?: (pathname: string) => boolean;
}

const handleOf = (route: RouteObject) => (route.handle ?? {}) as PathsHandle;

/**
 * Whether no route of `routes` is at this path: only the catch-all matches it, or a route that
 * routes the paths below it has none there. The server answers it with 404 (decision 036).
 */
export function isUnknownPath(routes: RouteObject[], pathname: string): boolean {
  return isUnknownMatch(matchRoutes(routes, pathname), pathname);
}

/** `isUnknownPath` from the path's matches already made (the server's render matches once). */
export function isUnknownMatch(matches: RouteMatch[] | null, pathname: string): boolean {
  if (!matches) return true;
  return matches.some(({ route }) => {
    const handle = handleOf(route);
    return handle.notFound === true || (handle.routesBelow !== undefined && !handle.routesBelow(pathname));
  });
}

/**
 * Every path of the route table, its parents' paths joined ("/business/:id/wallet", "/admin/*"),
 * the catch-all's left out: the addresses the app has.
 */
export function routeTablePaths(routes: RouteObject[], parent = ""): string[] {
  return routes.flatMap((route) => {
    if (handleOf(route).notFound) return [];
    const own = route.path === undefined ? parent : `${parent.replace(/\/$/, "")}/${route.path}`;
    const here = route.path !== undefined || route.index ? [own || "/"] : [];
    return [...here, ...routeTablePaths(route.children ?? [], own)];
  });
}
