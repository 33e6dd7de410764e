import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { adminMeQuery } from "../../lib/queries";
import { can, type Permission } from "./permissions";

/** The signed-in user in the back office (GET /admin/me), shared by the guard, the nav and pages. */
export function useAdminMe() {
  return useQuery(adminMeQuery());
}

/**
 * `can(permission)` for the signed-in user, for pages to hide what the user cannot use:
 * `const can = useCan(); {can("parks.create") && <button>…</button>}`.
 */
export function useCan(): (permission: Permission) => boolean {
  const { data } = useAdminMe();
  return useCallback((permission: Permission) => can(data, permission), [data]);
}
