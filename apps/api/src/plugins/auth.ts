import type { FastifyInstance, FastifyRequest, RouteOptions, onRequestAsyncHookHandler } from "fastify";
import { AppError } from "../lib/app-error";
import type { AuthUser } from "../lib/auth-user";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the `auth.required` or `auth.optional` hook; read it with `requireUser(req)`. */
    authUser: AuthUser | null;
  }
}

/** What the app gives the plugin: a token's user, or null for a bad, revoked or expired token (features/sessions). */
export interface AuthOptions {
  resolveToken(token: string): Promise<AuthUser | null>;
}

export const NO_TOKEN_MESSAGE = "No authentication token found";
export const BAD_TOKEN_MESSAGE = "Your session has expired. Please log in again.";

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== "string") return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Bearer authentication for a route (`{ onRequest: auth.required }`) or a plugin scope
 * (`auth.guard(app)`). It runs before the body is parsed and validated, so a caller without a
 * token gets the 401, never a 422.
 * No token → 401 'No authentication token found'; a bad, revoked or expired token → 401.
 */
export function registerAuth(app: FastifyInstance, { resolveToken }: AuthOptions) {
  app.decorateRequest("authUser", null);

  const required: onRequestAsyncHookHandler = async (req) => authenticate(req);
  async function authenticate(req: FastifyRequest): Promise<void> {
    const token = bearer(req);
    if (!token) throw new AppError(401, "unauthenticated", NO_TOKEN_MESSAGE);
    const user = await resolveToken(token);
    if (!user) throw new AppError(401, "invalid_token", BAD_TOKEN_MESSAGE);
    req.authUser = user;
  }

  // The OpenAPI document says which routes need a token from the guard itself, never by hand:
  // a route with `onRequest: auth.required`, or every route of a scope guarded with `auth.guard`.
  const has = (hooks: RouteOptions["onRequest"], hook: onRequestAsyncHookHandler) =>
    hooks === hook || (Array.isArray(hooks) && hooks.includes(hook));
  app.addHook("onRoute", (route) => {
    if (has(route.onRequest, required)) markSecured(route);
    else if (has(route.onRequest, tokenOrLink)) markSecuredOrLink(route);
  });

  /** Guards every route of a plugin scope (and marks them secured in the document). */
  const guard = (scope: FastifyInstance) => {
    scope.addHook("onRequest", required);
    scope.addHook("onRoute", markSecured);
  };

  /** Sets the user when a valid token is present; anonymous otherwise (public routes that personalise). */
  const optional: onRequestAsyncHookHandler = async (req) => {
    await userOfToken(req);
  };
  async function userOfToken(req: FastifyRequest): Promise<void> {
    const token = bearer(req);
    if (token) req.authUser = await resolveToken(token);
  }

  /**
   * For a route that opens with the bearer token or with a credential signed into its address
   * (`?link=`: a wallet pass's plain link, an extension link): without a link, exactly `required`
   * (its 401s come before the body is read); with one, the user when a valid token is present, as
   * `optional`, and the route reads the link. Marked in the document as the token, or none.
   */
  const tokenOrLink: onRequestAsyncHookHandler = async (req) => {
    const link = (req.query as { link?: unknown } | undefined)?.link;
    if (typeof link === "string" && link !== "") await userOfToken(req);
    else await authenticate(req);
  };

  return { required, optional, tokenOrLink, guard };
}

function markSecured(route: RouteOptions): void {
  route.schema = { ...route.schema, security: [{ bearer: [] }] };
}

function markSecuredOrLink(route: RouteOptions): void {
  route.schema = { ...route.schema, security: [{ bearer: [] }, {}] };
}

export type Auth = ReturnType<typeof registerAuth>;

/** The signed-in user of a route guarded by `auth.required`. */
export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.authUser) throw new AppError(401, "unauthenticated", NO_TOKEN_MESSAGE);
  return req.authUser;
}
