import { createContext, useContext, type ReactNode } from "react";

/**
 * The origin the public pages' addresses are written on (canonical, hreflang, Open Graph): in the
 * browser the page's own, on the server the one the renderer is given (`PUBLIC_URL`'s), through
 * <PublicOriginProvider>.
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
  return window.location.origin;
}
