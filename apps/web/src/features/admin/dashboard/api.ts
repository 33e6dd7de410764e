import { adminApi } from "../api";

export function dashboardQuery(parkId: string) {
  return {
    queryKey: ["admin", "dashboard", parkId] as const,
    queryFn: () => adminApi("/dashboard", { query: { park_id: parkId } }),
    // The figures move with every booking: fresh each minute while the page is open.
    refetchInterval: 60_000,
  };
}
