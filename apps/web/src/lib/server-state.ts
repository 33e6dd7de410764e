import type { DehydratedState } from "@tanstack/react-query";
import type { HydrationState } from "react-router";
import type { CountryCode } from "@parkwell/contract";

/** The id of the JSON script a server-rendered page carries (entry-server.tsx writes it). */
export const SERVER_STATE_ID = "parkwell-state";

/**
 * What the server rendered the page with, so the first browser render is the same: the language,
 * the router's loader data and errors, and the query cache the page read.
 */
export interface ServerState {
  language: "en" | "fr";
  router: HydrationState;
  queries: DehydratedState;
  /** The catalogues' namespaces the page used (loaded before hydration, so nothing suspends). */
  namespaces: string[];
  /** The public origin the server wrote the page's addresses on (PUBLIC_URL). */
  origin: string;
  /** The visitor's country from the `country` cookie, or null without one (a first visit). */
  country: { code: CountryCode; name: string; id: number } | null;
}

let cached: ServerState | null | undefined;

/** The page's server state, or null when the page was not rendered on the server. */
export function serverState(): ServerState | null {
  if (cached !== undefined) return cached;
  cached = null;
  if (typeof document === "undefined") return cached;
  const script = document.getElementById(SERVER_STATE_ID);
  const root = document.getElementById("root");
  // The state is only used with the rendered page it came with (the root holds the app, not the boot frame).
  if (!script?.textContent || !root?.hasAttribute("data-server-rendered")) return cached;
  try {
    const parsed = JSON.parse(script.textContent) as Partial<ServerState>;
    if (
      (parsed.language === "en" || parsed.language === "fr") &&
      parsed.router &&
      parsed.queries &&
      Array.isArray(parsed.namespaces)
    ) {
      cached = { ...(parsed as ServerState), country: validCountry(parsed.country) };
    }
  } catch {
    // A damaged state: the page renders in the browser as any other.
  }
  return cached;
}

function validCountry(country: unknown): ServerState["country"] {
  const c = country as Partial<NonNullable<ServerState["country"]>> | null | undefined;
  return c && typeof c.code === "string" && typeof c.name === "string" && typeof c.id === "number"
    ? (c as NonNullable<ServerState["country"]>)
    : null;
}

/**
 * The state as a JSON script's text: `<` is written `\u003c` (also `>` and `&`, and the two line
 * separators JavaScript once refused), so no text in it can close the script or open a comment.
 */
export function serializeServerState(state: ServerState): string {
  return JSON.stringify(state)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
