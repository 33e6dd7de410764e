import type { AdminDashboard } from "@parkwell/contract";
import { adminApi } from "../api";

export function dashboardQuery(parkId: string) {
  const query = parkId ? `?park_id=${encodeURIComponent(parkId)}` : "";
  return {
    queryKey: ["admin", "dashboard", parkId] as const,
    queryFn: () => adminApi<AdminDashboard>(`/dashboard${query}`),
    // The figures move with every booking: fresh each minute while the page is open.
    refetchInterval: 60_000,
  };
}
