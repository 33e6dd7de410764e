import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/api, whether this file runs from src/ (tests, dev) or from the bundle in dist/. */
export const API_ROOT = path.resolve(here, "..");
const REPO_ROOT = path.resolve(API_ROOT, "../..");

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** A comma-separated list: its items trimmed, empty ones dropped. */
const commaList = z
  .string()
  .default("")
  .transform((s) =>
    s
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** Connections of one of a process's PostgreSQL pools. */
const poolSize = z.coerce
  .number({ error: "must be a number" })
  .int()
  .min(1, { error: "must be at least 1" })
  .max(200, { error: "must be at most 200" })
  .optional();

/** A whole number of minutes from 1 to `max`. */
const minutes = (max: number) =>
  z.coerce
    .number({ error: "must be a whole number of minutes" })
    .int({ error: "must be a whole number of minutes" })
    .min(1, { error: "must be at least 1" })
    .max(max, { error: `must be at most ${max}` });

const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must be between 0 and 65535" })
    .max(65535, { error: "must be between 0 and 65535" })
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
  // Unset: the engine's defaults (db/client: 10, and two per core for the park search).
  DATABASE_POOL_SIZE: poolSize,
  DATABASE_SEARCH_POOL_SIZE: poolSize,
  /** Streaming replicas of DATABASE_URL's server for the public reads (docs/decisions/037-read-replicas.md). */
  DATABASE_READ_URLS: commaList.pipe(
    z.array(
      z.url({ protocol: /^postgres(ql)?$/, error: "must be a comma-separated list of postgres:// URLs" }),
    ),
  ),
  /** A replica lagging behind the primary more than this is taken out of rotation. */
  DATABASE_READ_MAX_LAG_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int({ error: "must be a whole number of milliseconds" })
    .min(100, { error: "must be at least 100" })
    .max(3_600_000, { error: "must be at most 3600000" })
    .default(5_000),
  PUBLIC_URL: z.url({ error: "must be an http(s) URL" }).optional(),
  CORS_ORIGINS: commaList.pipe(z.array(z.url({ error: "must be a comma-separated list of origins" }))),
  /** Extra origins the Content-Security-Policy allows for connect-src (IP lookup, providers). */
  CSP_CONNECT_SRC: z
    .string()
    .default("")
    .transform((s) => s.split(/[\s,]+/).filter(Boolean)),
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, "apps/web/dist")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED: bool.default(true),
  /** Demo provider, demo accounts and their 30-minute reset. Unset: on only for the first try (see loadConfig). */
  DEMO_MODE: bool.optional(),
  TRUST_PROXY: bool.default(false),
  /**
   * On SIGTERM, how long a process keeps serving after /api/health turns to "draining", before it
   * closes its listener: a load balancer must see the check fail first (deploy/haproxy.cfg checks
   * every second, so 2000 there; start:cluster sets it). Unset: 0, so `npm start` stops at once.
   */
  DRAIN_DELAY_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int()
    .min(0, { error: "must be at least 0" })
    .max(60_000, { error: "must be at most 60000" })
    .default(0),
  /**
   * The memory each process keeps rendered public pages in (plugins/page-cache.ts, decision 036),
   * in MB; 0 renders every page afresh (the pages bench's uncached run).
   */
  PAGE_CACHE_MB: z.coerce
    .number({ error: "must be a number of megabytes" })
    .int()
    .min(0, { error: "must be at least 0" })
    .max(4096, { error: "must be at most 4096" })
    .default(64),
  /** Show /api/health's details (engine, migrations, uptime, version) to anonymous callers too. */
  HEALTH_DETAILS: bool.default(false),
  /** smtp(s)://user:pass@host:port: send mail over SMTP; unset: write .eml files to DATA_DIR/mail. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().min(3).default("Parkwell <no-reply@parkwell.test>"),
  /** Where each Contact Us message and demo request is e-mailed for the team; unset: no such mail. */
  INQUIRIES_TO: z.email({ error: "must be an e-mail address" }).optional(),
  /**
   * An event's booking requests in the booking at once, across every process; past it drivers
   * wait in line in arrival order (decision 051). More than the database's connections: a freed
   * slot waits for the next waiter to ask again, and the pools' own queues keep PostgreSQL busy.
   */
  EVENT_LINE_WINDOW: z.coerce
    .number({ error: "must be a number" })
    .int()
    .min(1, { error: "must be at least 1" })
    .max(1000, { error: "must be at most 1000" })
    .default(60),
  /** redis://...: rate limits (and the on-sale's line) shared by every API process. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// URL" }).optional(),
  /** Firebase project whose ID tokens Google/Apple sign-in sends; unset: social login answers 503. */
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{3,64}$/, { error: "must be a Firebase project id" })
    .optional(),
  FIREBASE_JWKS_URL: z
    .url({ error: "must be an http(s) URL" })
    .default("https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"),
  /** Public web config for Firebase Auth in the browser (not secrets). */
  FIREBASE_API_KEY: z.string().optional(),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  // Payment providers (docs/decisions/005-wallet-ledger.md). Base URLs are settable so tests point
  // them at local fakes. In demo mode a provider without keys is replaced by `demo`.
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_PUBLIC_KEY: z.string().optional(),
  PAYSTACK_API_URL: z.url({ error: "must be an http(s) URL" }).default("https://api.paystack.co"),
  /** Senegal falls back to Paystack in XOF when Wave cannot start; off if the account has no XOF. */
  PAYSTACK_XOF_FALLBACK: bool.default(true),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.url({ error: "must be an http(s) URL" }).default("https://api.stripe.com"),
  WAVE_API_KEY: z.string().optional(),
  WAVE_WEBHOOK_SECRET: z.string().optional(),
  WAVE_API_URL: z.url({ error: "must be an http(s) URL" }).default("https://api.wave.com"),
  /**
   * HMAC key of booking QR payloads, private events' access grants and personal documents' file
   * links (each with a key of its own derived from it); unset outside production: random per
   * process (with a warning).
   */
  QR_SIGNING_SECRET: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
  /** How long one call to a provider may take before the user gets a clear error. */
  PAYMENT_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int()
    .min(100, { error: "must be at least 100" })
    .max(120_000, { error: "must be at most 120000" })
    .default(10_000),
  /**
   * Whether this process works the job queue (mail, reminders, scheduled work). `false` makes an
   * API-only process, for deployments that run the jobs in processes of their own; some process
   * must work them.
   */
  JOB_WORKERS: bool.default(true),
  /** Booking reminders by e-mail: this many minutes before the start, and before the end. */
  REMINDER_BEFORE_START_MINUTES: minutes(1440).default(60),
  REMINDER_BEFORE_END_MINUTES: minutes(240).default(15),
  /**
   * A top-up still unpaid after this many minutes is asked about at its provider once more, then
   * marked expired (a payment the provider reports later still credits).
   */
  PAYMENT_EXPIRE_MINUTES: minutes(10_080).default(60),
  /**
   * Uploaded files (park photos) go to this S3-compatible bucket when set; unset: DATA_DIR/uploads,
   * served by the API at /api/v1/uploads/ (lib/file-storage.ts).
   */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: "must be a bucket name" })
    .optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** An S3-compatible server's URL (MinIO, R2...); unset: AWS S3. */
  S3_ENDPOINT: z.url({ error: "must be an http(s) URL" }).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Where browsers read the bucket's objects (a CDN); unset: S3_ENDPOINT/S3_BUCKET. */
  S3_PUBLIC_URL: z.url({ error: "must be an http(s) URL" }).optional(),
  /** Bucket in the path (MinIO and most S3-compatible servers) rather than in the host name. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /**
   * Personal documents (lib/private-files.ts) go to this S3-compatible bucket when set: a bucket
   * with every public access blocked, never S3_BUCKET (whose objects browsers read), on the same
   * S3_ENDPOINT, S3_REGION, credentials and path style. Unset: DATA_DIR/private, which no route
   * serves (processes that do not share DATA_DIR need the bucket). Read only through the API's
   * signed links (decision 032).
   */
  S3_PRIVATE_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: "must be a bucket name" })
    .optional(),
  /**
   * Apple Wallet passes of bookings and monthly passes (decision 065): the Pass Type ID
   * certificate and its private key, the key's passphrase if any, Apple's WWDR intermediate
   * certificate (each as PEM text or a PEM file's path), the team and the pass type identifiers.
   * All but the passphrase, or none: none answers 404 to the .pkpass routes.
   */
  APPLE_WALLET_CERT: z.string().optional(),
  APPLE_WALLET_KEY: z.string().optional(),
  APPLE_WALLET_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WALLET_WWDR: z.string().optional(),
  APPLE_WALLET_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, { error: "must be a 10-character Apple team identifier" })
    .optional(),
  APPLE_WALLET_PASS_TYPE_ID: z
    .string()
    .regex(/^pass\.[A-Za-z0-9.-]+$/, { error: "must be a pass type identifier (pass.com.example.parking)" })
    .optional(),
  /**
   * Google Wallet "save" links (decision 065): the issuer's id and its service account's e-mail
   * and private key (PEM text or a PEM file's path). All or none: none gives no link.
   */
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .regex(/^[0-9]{5,25}$/, { error: "must be a Google Wallet issuer id (digits)" })
    .optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
  GOOGLE_WALLET_PRIVATE_KEY: z.string().optional(),
  /**
   * Web Push reminders (decision 066): the server's VAPID key pair (base64url, as `npx web-push
   * generate-vapid-keys` prints them) and a contact for the push services (mailto: or https:).
   * All or none: none sends no push notification, and the app offers none.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { error: "must be a VAPID public key (87 base64url characters)" })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: "must be a VAPID private key (43 base64url characters)" })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, { error: "must be a mailto: or https: address" })
    .optional(),
});

/** Groups of settings that are set all together or not at all (the passphrase is optional). */
const ALL_OR_NONE: readonly (readonly (keyof z.infer<typeof ConfigSchema>)[])[] = [
  [
    "APPLE_WALLET_CERT",
    "APPLE_WALLET_KEY",
    "APPLE_WALLET_WWDR",
    "APPLE_WALLET_TEAM_ID",
    "APPLE_WALLET_PASS_TYPE_ID",
  ],
  ["GOOGLE_WALLET_ISSUER_ID", "GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL", "GOOGLE_WALLET_PRIVATE_KEY"],
  ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"],
];

export type Config = Omit<z.infer<typeof ConfigSchema>, "DEMO_MODE"> & {
  PUBLIC_URL: string;
  DEMO_MODE: boolean;
  /** True when DEMO_MODE was not set and the first-try configuration turned demo mode on. */
  DEMO_MODE_AUTOMATIC: boolean;
};

/**
 * `npm start` with nothing configured: an embedded database, no payment provider, not production.
 * Only this may turn demo mode on by itself; anything that looks like a deployment needs DEMO_MODE=true.
 */
function isFirstTry(config: z.infer<typeof ConfigSchema>): boolean {
  return (
    config.NODE_ENV !== "production" &&
    !config.DATABASE_URL &&
    !config.PAYSTACK_SECRET_KEY &&
    !config.STRIPE_SECRET_KEY &&
    !config.WAVE_API_KEY
  );
}

export class ConfigError extends Error {}

/** Parses the environment once, at start. A bad value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset, as shells and .env files mean it.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = ConfigSchema.safeParse(given);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    const got = env[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? "is invalid"}${got === undefined ? "" : ` (got ${JSON.stringify(got)})`}`,
    );
  }
  const config = result.data;
  if (config.DATABASE_READ_URLS.length > 0 && !config.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration: DATABASE_READ_URLS needs DATABASE_URL (replicas follow a PostgreSQL primary; the embedded database has none)",
    );
  }
  if (config.S3_BUCKET && !config.S3_PUBLIC_URL && !config.S3_ENDPOINT) {
    throw new ConfigError("Invalid configuration: S3_PUBLIC_URL is required with S3_BUCKET on AWS S3");
  }
  if (config.S3_PRIVATE_BUCKET && config.S3_PRIVATE_BUCKET === config.S3_BUCKET) {
    throw new ConfigError(
      "Invalid configuration: S3_PRIVATE_BUCKET must not be S3_BUCKET (its objects are public)",
    );
  }
  for (const group of ALL_OR_NONE) {
    const missing = group.filter((name) => config[name] === undefined);
    if (missing.length > 0 && missing.length < group.length) {
      const set = group.filter((name) => !missing.includes(name));
      throw new ConfigError(
        `Invalid configuration: ${missing.join(", ")} must be set with ${set.join(", ")}`,
      );
    }
  }
  const automatic = config.DEMO_MODE === undefined && isFirstTry(config);
  return {
    ...config,
    DEMO_MODE: config.DEMO_MODE ?? automatic,
    DEMO_MODE_AUTOMATIC: automatic,
    PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ""),
  };
}
