import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import cors from "@fastify/cors";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { Config } from "../config";

/**
 * The payment scripts the web app loads on demand (Paystack inline, Stripe.js), and exactly the
 * origins they need: their script host, the frames they open and the API they call.
 */
export const PAYMENT_CSP = {
  // Stripe serves Stripe.js and its Elements frames from js.stripe.com and its release subdomains.
  script: ["https://js.paystack.co", "https://js.stripe.com", "https://*.js.stripe.com"],
  frame: [
    "https://checkout.paystack.com",
    "https://js.stripe.com",
    "https://*.js.stripe.com",
    "https://hooks.stripe.com",
  ],
  connect: ["https://api.paystack.co", "https://api.stripe.com"],
} as const;

/**
 * The public IP lookup services the web app asks for the visitor's country, allowed by
 * default so country detection works out of the box; CSP_CONNECT_SRC adds more (or a local stub).
 */
export const IP_LOOKUP_ORIGINS = ["https://ipapi.co", "https://ipwho.is", "https://api.country.is"];

/**
 * The CSP sources (`'sha256-…'`) of the scripts written inline in the built web app's index.html:
 * its first script, which writes the stored language and country to the server's cookies before
 * anything is drawn (docs/decisions/038-first-paint-in-the-stored-choices.md), and its last, which
 * puts a rendered page's scripts into it once painted (docs/decisions/053-first-paint-without-requests.md). Hashed from the file
 * served, so the policy allows exactly the bytes the build wrote and nothing else inline; a script
 * with a `src` or a data type (the page's state, JSON-LD) runs nothing and is left out.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "text/javascript" && type !== "module") continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return hashes;
}

/** The inline scripts' hashes of the built web app (`WEB_DIST_DIR`'s index.html), none unbuilt. */
export function webAppScriptHashes(distDir: string): string[] {
  const file = path.join(distDir, "index.html");
  return fs.existsSync(file) ? inlineScriptHashes(fs.readFileSync(file, "utf8")) : [];
}

/**
 * Security headers with a Content-Security-Policy the built web app works under: only our own
 * scripts, no inline script but the built index.html's own (allowed by their hashes,
 * `inlineScriptHashes`), images from anywhere over https (map tiles, park photos).
 */
export function securityHeaders(
  config: Config,
  scriptHashes: readonly string[] = [],
): Record<string, string> {
  const https = config.PUBLIC_URL.startsWith("https://");
  // Google/Apple sign-in through Firebase Auth: its API hosts, its auth domain's frame, Google's loader.
  const firebase = config.FIREBASE_AUTH_DOMAIN
    ? {
        connect: ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"],
        frame: [`https://${config.FIREBASE_AUTH_DOMAIN}`],
        script: ["https://apis.google.com"],
      }
    : { connect: [], frame: [], script: [] };
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // 'wasm-unsafe-eval' lets the gate's QR reader compile its WebAssembly (served from 'self');
        // it allows no JavaScript eval.
        scriptSrc: [
          "'self'",
          "'wasm-unsafe-eval'",
          ...scriptHashes,
          ...firebase.script,
          ...PAYMENT_CSP.script,
        ],
        // Leaflet and React set element styles at run time; no inline <script> is allowed but the
        // hashed ones of index.html.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: [
          "'self'",
          ...IP_LOOKUP_ORIGINS,
          ...PAYMENT_CSP.connect,
          ...firebase.connect,
          ...config.CSP_CONNECT_SRC,
        ],
        frameSrc: ["'self'", ...PAYMENT_CSP.frame, ...firebase.frame],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", "blob:"],
        manifestSrc: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something over https; on plain http it would break local use.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * The security headers (`securityHeaders`) and the request id on every answer. Errors the router
 * raises before any hook runs get them from the app's `frameworkErrors` (app.ts).
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  headers: Record<string, string>,
): Promise<void> {
  // The request id with them: known from the start, and kept on every answer, errors included. An
  // onSend hook for it put every response through fastify's hook runner.
  app.addHook("onRequest", (req, reply, done) => {
    reply.headers(headers);
    reply.header("x-request-id", req.id);
    done();
  });

  // Without origins to allow (the default: the web app is served from the API's own origin) there
  // is nothing to answer: @fastify/cors registered with `origin: false` still ran a hook on every
  // request, copying its options to decide so (3% of the API's CPU under search load); a preflight
  // finds no route either way.
  if (config.CORS_ORIGINS.length > 0) {
    await app.register(cors, {
      origin: config.CORS_ORIGINS,
      methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      allowedHeaders: ["Authorization", "Content-Type", "Idempotency-Key", "Accept-Language"],
      exposedHeaders: ["X-Request-Id", "Retry-After"],
      maxAge: 600,
    });
  }
}

/**
 * Helmet's headers, computed once: they depend on the configuration, never on the request (no
 * nonces). @fastify/helmet parsed the whole policy again for every request (3% of the API's CPU
 * under search load).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}
