import { queryOptions } from "@tanstack/react-query";
import { adminApi } from "../api";

export interface AdminRole {
  key: string;
  /** The administrator's row is not: it always has every permission. */
  editable: boolean;
  permissions: string[];
}

export interface RolesMatrix {
  sections: string[];
  actions: string[];
  roles: AdminRole[];
}

export const rolesQuery = () =>
  queryOptions({
    queryKey: ["admin", "roles"],
    queryFn: ({ signal }) => adminApi<RolesMatrix>("/roles", { signal }),
  });

export function saveRole(key: string, permissions: string[]): Promise<AdminRole> {
  return adminApi<AdminRole>(`/roles/${encodeURIComponent(key)}`, { method: "PUT", body: { permissions } });
}
