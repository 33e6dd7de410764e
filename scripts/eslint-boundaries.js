// The import-boundary rule (docs/ARCHITECTURE.md#layer-rules), as a tiny local ESLint plugin:
//   API:  routes -> service -> domain; service -> repo -> db. domain is pure (no I/O, no Fastify,
//         no database); repos hold no rules and never call services; services know nothing of HTTP
//         and write no SQL (queries live in repos); a presenter (.present) is pure: no database,
//         no repo or service (their types aside); a mail (.mail) imports no database.
//   API layers: features -> plugins -> jobs -> db -> lib (API_LAYERS): a module imports its own
//         layer and those below it, never one above, nor the composition root (app.ts,
//         feature-jobs.ts, server.ts, seed-cli.ts), which wires the features into the layers below;
//         so lib/, jobs/, plugins/ and db/ import no feature. Tests and test kits aside.
//   Web:  app -> features -> components/lib; a feature never imports another feature;
//         components and lib never import features or app.
//   API features: each feature imports only the features FEATURE_DEPENDENCIES lists for it (the
//         table in docs/ARCHITECTURE.md#feature-dependencies), a graph without cycles; tests and
//         test kits aside.
//   The contract imports nothing from the apps.
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const rel = (file) => path.relative(ROOT, file).split(path.sep).join("/");

/**
 * Which API feature (apps/api/src/features/<name>/) may import which: the table in
 * docs/ARCHITECTURE.md#feature-dependencies. A back-office area is "admin/<area>" (its shared
 * files, e.g. access and audit, are "admin"); every admin area may import any feature outside
 * admin/, and no feature outside admin/ imports the back office. The graph has no cycles (its test
 * walks it), so a new edge that closes one is refused here before it can be written.
 */
export const FEATURE_DEPENDENCIES = {
  reference: [],
  sessions: [],
  health: [],
  capacity: [],
  receipts: [],
  wallet: ["reference", "receipts"],
  vehicles: ["reference"],
  pages: [],
  "social-links": ["reference"],
  referrals: ["wallet", "reference"],
  accounts: ["sessions", "reference", "pages", "referrals"],
  inquiries: ["reference"],
  payments: ["wallet", "reference", "receipts"],
  parks: ["capacity", "reference"],
  events: ["parks", "capacity", "reference"],
  companies: ["accounts", "payments", "wallet", "reference", "receipts", "pages"],
  bookings: [
    "parks",
    "capacity",
    "events",
    "payments",
    "wallet",
    "vehicles",
    "reference",
    "receipts",
    "companies",
    "purchases",
  ],
  purchases: ["companies", "payments", "receipts", "wallet", "referrals"],
  marketplace: ["capacity", "payments", "wallet", "reference", "receipts", "purchases"],
  passes: ["parks", "capacity", "wallet", "reference", "bookings", "receipts", "purchases"],
  demo: [
    "payments",
    "wallet",
    "passes",
    "reference",
    "receipts",
    "companies",
    "vehicle-docs",
    "reviews",
    "purchases",
    "referrals",
  ],
  "vehicle-docs": ["marketplace", "purchases", "wallet", "reference", "receipts"],
  settlements: ["wallet", "reference", "receipts", "payments"],
  reviews: [],
  blog: [],
  seo: [],
  "web-app": [],
  push: [],
  admin: [],
  payouts: ["payments", "settlements", "wallet", "reference"],
  claims: ["bookings", "guarantee", "passes", "purchases", "receipts", "reference", "settlements"],
  guarantee: ["bookings", "capacity", "companies", "passes", "settlements", "wallet"],
  "admin/parks": ["admin"],
  "admin/reports": ["admin"],
  "admin/people": ["admin"],
  "admin/gate": ["admin"],
  "admin/events": ["admin", "admin/parks"],
  "admin/plans": ["admin", "admin/parks"],
  "admin/marketplace": ["admin", "admin/parks", "admin/reports"],
  "admin/companies": ["admin"],
  "admin/vehicle-docs": ["admin"],
  "admin/reviews": ["admin"],
  "admin/blog": ["admin", "admin/parks"],
  "admin/pages": ["admin"],
  "admin/settings": ["admin"],
  "admin/payouts": ["admin"],
  "admin/commission": ["admin"],
  "admin/claims": ["admin"],
};

/**
 * The API's layers, top to bottom (docs/ARCHITECTURE.md#layers). The features use everything
 * below them; plugins (Fastify's hooks and shared routes) take what they need of a feature as an
 * option from the app; jobs/ is the queue, which runs what the features register; db/ is the
 * schema, migrations, seed and client; lib/ is plain code that knows nothing of the others.
 */
export const API_LAYERS = ["features", "plugins", "jobs", "db", "lib"];

/** The files that wire the features into the layers: they may import anything, nothing imports them. */
const COMPOSITION_ROOT = /^apps\/api\/src\/(app|feature-jobs|server|seed-cli)(\.ts)?$/;

/** The layer of a repository-relative path under apps/api/src/ (null: the root's files, test/). */
function layerOf(relPath) {
  const m = /^apps\/api\/src\/([^/]+)\//.exec(relPath);
  return m && API_LAYERS.includes(m[1]) ? m[1] : null;
}

const LAYER_NAMES = {
  features: "a feature",
  plugins: "a plugin",
  jobs: "the job queue",
  db: "the database layer",
  lib: "lib/",
};

/** Whether the module at `from` may import the one at `to` by the layer order; null when it may. */
function layerDirection(from, to) {
  const fromLayer = layerOf(from);
  if (!fromLayer || isTestCode(from)) return null;
  if (COMPOSITION_ROOT.test(to))
    return `${LAYER_NAMES[fromLayer]} may not import the composition root (${to.replace(/^apps\/api\/src\//, "")}): it imports the layers, never the reverse`;
  const toLayer = layerOf(to);
  if (!toLayer || API_LAYERS.indexOf(toLayer) >= API_LAYERS.indexOf(fromLayer)) return null;
  if (fromLayer === "db" && toLayer === "features")
    return "the database layer may not import a feature: move the shared part to lib/ (or the feature imports db/)";
  const hint =
    toLayer === "features"
      ? "move the shared part down into lib/, or let the app pass it in (an option, a registration: app.ts, feature-jobs.ts)"
      : "move the shared part down, or let the app pass it in";
  return `${LAYER_NAMES[fromLayer]} (${fromLayer}/) may not import ${toLayer}/: the API's layers go ${API_LAYERS.join(" -> ")} (docs/ARCHITECTURE.md#layers); ${hint}`;
}

/** The feature a path under apps/api/src/features/ belongs to ("admin/<area>" in the back office). */
function featureOf(relPath) {
  const parts = relPath.split("/");
  if (parts.length < 6) return null;
  if (parts[4] !== "admin") return parts[4];
  return parts.length > 6 ? `admin/${parts[5]}` : "admin";
}

const isTestCode = (relPath) => /(\.test\.ts|(^|[./])test-kit\.ts)$/.test(relPath);

/** Whether feature `from` may import feature `to` (FEATURE_DEPENDENCIES); null when it may. */
function featureDirection(from, to) {
  if (!from || !to || from === to) return null;
  const fromAdmin = from === "admin" || from.startsWith("admin/");
  const toAdmin = to === "admin" || to.startsWith("admin/");
  if (!(from in FEATURE_DEPENDENCIES))
    return `feature "${from}" is not in the feature table: add it with what it may import (docs/ARCHITECTURE.md#feature-dependencies, scripts/eslint-boundaries.js)`;
  if (fromAdmin && !toAdmin) return null;
  if (FEATURE_DEPENDENCIES[from].includes(to)) return null;
  return `feature "${from}" may not import feature "${to}" (docs/ARCHITECTURE.md#feature-dependencies): move the shared part down into a feature both may import (e.g. capacity, wallet), or pass it in from the app`;
}

function roleOf(file) {
  const m = /\.(routes|service|domain|repo|present|mail)(\.test)?\.ts$/.exec(file);
  return m ? m[1] : null;
}

function check(from, target, source, typeOnly = false) {
  const f = rel(from);
  const t = target ? rel(target) : null;

  if (
    f.startsWith("packages/contract/") &&
    (source.startsWith("@parkwell/api") || (t && t.startsWith("apps/")))
  ) {
    return "the contract must not import from the apps";
  }

  if (f.startsWith("apps/api/src/")) {
    // The layers: features -> plugins -> jobs -> db -> lib; no arrow runs back up.
    if (t) {
      const problem = layerDirection(f, t);
      if (problem) return problem;
    }
    const role = roleOf(f);
    if (role === "domain") {
      if (/^(fastify|@fastify\/|drizzle-orm|pg$|@electric-sql\/)/.test(source))
        return `a domain file is pure: it may not import ${source}`;
      if (t && (t.includes("/db/") || /\.(repo|service|routes)(\.ts)?$/.test(t)))
        return "a domain file is pure: it may not import repos, services, routes or the database";
    }
    // Routes speak HTTP and call services: no repos, no queries, no database (its types aside).
    if (role === "routes" && t && !typeOnly && (/\.repo(\.ts)?$/.test(t) || t.includes("/src/db/")))
      return "a route calls services only: move the query or the database call into a service";
    if (role === "routes" && !typeOnly && /^(drizzle-orm|pg$|@electric-sql\/)/.test(source))
      return "a route calls services only: no database library";
    if (role === "repo" && t && /\.(service|routes)(\.ts)?$/.test(t))
      return "a repo holds queries only: it may not import services or routes";
    if (role === "service") {
      if (/^(fastify|@fastify\/)/.test(source)) return "a service knows nothing of HTTP: no Fastify imports";
      if (t && /\.routes(\.ts)?$/.test(t)) return "a service may not import routes";
      if (!typeOnly && /^(drizzle-orm|pg$|@electric-sql\/)/.test(source))
        return "a service holds no SQL: move the query into the feature's repo (the database's types aside)";
    }
    const dbLibrary = /^(drizzle-orm|pg$|@electric-sql\/)/.test(source);
    const dbModule = t !== null && t.includes("/src/db/");
    if (role === "present" && !typeOnly) {
      if (dbLibrary || dbModule || /^(fastify|@fastify\/)/.test(source))
        return "a presenter is pure: it may not import the database or Fastify (types aside)";
      if (t && /\.(repo|service|routes)(\.ts)?$/.test(t))
        return "a presenter is pure: it may not call repos, services or routes (their types aside)";
    }
    if (role === "mail" && !typeOnly && (dbLibrary || dbModule))
      return "a mail reads no database: take the rows from a repo (types aside)";
    if (t && /\.repo(\.ts)?$/.test(t)) {
      const own = f.split("/").slice(0, 5).join("/");
      const other = t.split("/").slice(0, 5).join("/");
      if (own !== other && !/\.test\.ts$/.test(f) && f.startsWith("apps/api/src/features/")) {
        return "another feature's repo is private: call its service instead";
      }
    }
    if (
      t &&
      f.startsWith("apps/api/src/features/") &&
      t.startsWith("apps/api/src/features/") &&
      !isTestCode(f)
    ) {
      const problem = featureDirection(featureOf(f), featureOf(t));
      if (problem) return problem;
    }
  }

  if (f.startsWith("apps/web/src/") && t && t.startsWith("apps/web/src/")) {
    const fp = f.split("/");
    const tp = t.split("/");
    const fromArea = fp[3];
    const toArea = tp[3];
    if (fromArea === "features" && toArea === "features" && fp[4] !== tp[4]) {
      return `feature "${fp[4]}" may not import feature "${tp[4]}": move the shared part to lib/ or components/`;
    }
    if (fromArea === "features" && toArea === "app") return "a feature may not import from app/";
    if ((fromArea === "components" || fromArea === "lib") && (toArea === "features" || toArea === "app")) {
      return `${fromArea}/ may not import from ${toArea}/`;
    }
  }
  return null;
}

const layers = {
  meta: {
    type: "problem",
    schema: [],
    docs: { description: "Import boundaries between layers and features" },
  },
  create(context) {
    const file = context.filename;
    function visit(node) {
      const source = node.source?.value;
      if (typeof source !== "string") return;
      let target = null;
      if (source.startsWith(".")) target = path.resolve(path.dirname(file), source);
      else if (source.startsWith("@/")) target = path.join(ROOT, "apps/web/src", source.slice(2));
      const typeOnly = node.importKind === "type" || node.exportKind === "type";
      const problem = check(file, target, source, typeOnly);
      if (problem) context.report({ node, message: problem });
    }
    return {
      ImportDeclaration: visit,
      ExportNamedDeclaration: visit,
      ExportAllDeclaration: visit,
      ImportExpression: visit,
    };
  },
};

export const boundaries = { rules: { layers } };
export { check as checkBoundary, featureOf, layerOf };
