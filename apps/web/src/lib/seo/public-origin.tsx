import { createContext, useContext, type ReactNode } from "react";
import { serverState } from "../server-state";

/**
 * The origin the public pages' addresses are written on (canonical, hreflang, Open Graph): on the
 * server the one the renderer is given (`PUBLIC_URL`'s), through <PublicOriginProvider>; in the
 * browser the same one when the page came rendered (so hydration finds the server's tags, not a
 * second set on the address the visitor typed), else the page's own.
 */
const PublicOriginContext = createContext<string | null>(null);

export function PublicOriginProvider({ origin, children }: { origin: string; children: ReactNode }) {
  return <PublicOriginContext.Provider value={origin}>{children}</PublicOriginContext.Provider>;
}

export function usePublicOrigin(): string {
  const given = useContext(PublicOriginContext);
  if (given) return given;
  if (typeof window === "undefined")
    throw new Error("No public origin: render inside <PublicOriginProvider>");
  return serverState()?.origin ?? window.location.origin;
}
