import type { AdminRole } from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { adminApi } from "../api";

export type { AdminRole };
/** GET /admin/roles: the sections and actions (the matrix's rows and columns) and every role's permissions. */
export interface RolesMatrix {
  sections: string[];
  actions: string[];
  roles: AdminRole[];
}

export const rolesQuery = () =>
  queryOptions({
    queryKey: ["admin", "roles"],
    queryFn: ({ signal }) => adminApi("/roles", { signal }),
  });

export function saveRole(key: string, permissions: string[]): Promise<AdminRole> {
  return adminApi("/roles/{role}", { params: { role: key }, method: "PUT", body: { permissions } });
}
