import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { pageThroughStore, passThroughStore, savedPasses } from "../../lib/offline-passes";

export const PASSES_PAGE_SIZE = 10;

/** The driver's passes, newest first, a page at a time. */
export const passesQuery = (page: number) =>
  queryOptions({
    queryKey: ["passes", "list", page],
    // Offline, the passes kept on this device (lib/offline-passes.ts).
    queryFn: ({ signal }) =>
      pageThroughStore(
        () => api("/passes", { query: { page, size: PASSES_PAGE_SIZE }, signal }),
        (now) => savedPasses(now).map((e) => e.data),
      ),
    staleTime: 0,
  });

/**
 * One of the driver's passes, with its QR, next renewal and the terms charged; kept on this device
 * while its QR opens the gate, and shown from there offline (lib/offline-passes.ts).
 */
export const passQuery = (code: string) =>
  queryOptions({
    queryKey: ["passes", "detail", code],
    queryFn: ({ signal }) =>
      passThroughStore(code, () => api("/passes/{code}", { params: { code }, signal })),
    retry: false,
    staleTime: 0,
  });

/** Replaces the pass's plates at once (one or two). */
export const setPassPlates = (code: string, plates: string[]) =>
  api("/passes/{code}/vehicles", { method: "PUT", params: { code }, body: { plates } });

/** Cancels at the end of the paid term (in grace, at once). */
export const cancelPass = (code: string) =>
  api("/passes/{code}/cancel", { method: "POST", params: { code } });

/**
 * Pays the pass's renewal in grace from the driver's own wallet (their company refused it); the
 * pass renews from the wallet from then on. The same key again answers the pass once more.
 */
export const renewPassFromWallet = (code: string, idempotencyKey: string) =>
  api("/passes/{code}/renew", {
    method: "POST",
    params: { code },
    headers: { "idempotency-key": idempotencyKey },
  });
