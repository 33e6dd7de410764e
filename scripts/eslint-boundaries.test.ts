import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_LAYERS, checkBoundary, FEATURE_DEPENDENCIES, featureOf, layerOf } from "./eslint-boundaries.js";

const root = path.resolve(import.meta.dirname, "..");
const at = (p: string) => path.join(root, p);

describe("import boundaries", () => {
  it("keeps domain files pure", () => {
    expect(checkBoundary(at("apps/api/src/features/parks/pricing.domain.ts"), null, "drizzle-orm")).toMatch(
      /pure/,
    );
    expect(
      checkBoundary(
        at("apps/api/src/features/parks/pricing.domain.ts"),
        at("apps/api/src/features/parks/parks.repo"),
        "./parks.repo",
      ),
    ).toMatch(/pure/);
    expect(
      checkBoundary(
        at("apps/api/src/features/parks/pricing.domain.ts"),
        at("apps/api/src/lib/money"),
        "../../lib/money",
      ),
    ).toBeNull();
  });

  it("keeps the database layer under the features: db/ imports no feature (its tests aside)", () => {
    expect(
      checkBoundary(
        at("apps/api/src/db/schema/bookings.ts"),
        at("apps/api/src/features/parks/pricing.domain"),
        "../../features/parks/pricing.domain",
        true,
      ),
    ).toMatch(/database layer/);
    expect(
      checkBoundary(
        at("apps/api/src/db/seed/events.ts"),
        at("apps/api/src/lib/access-code"),
        "../../lib/access-code",
      ),
    ).toBeNull();
    expect(
      checkBoundary(
        at("apps/api/src/db/park-time-zone.api.test.ts"),
        at("apps/api/src/features/parks/parks.service"),
        "../features/parks/parks.service",
      ),
    ).toBeNull();
  });

  it("lets routes call services only: no repo, no database, no query library (types aside)", () => {
    const route = at("apps/api/src/features/a/a.routes.ts");
    expect(checkBoundary(route, at("apps/api/src/features/a/a.repo.ts"), "./a.repo")).toMatch(
      /services only/,
    );
    expect(checkBoundary(route, at("apps/api/src/db/migrate.ts"), "../../db/migrate")).toMatch(
      /services only/,
    );
    expect(checkBoundary(route, null, "drizzle-orm")).toMatch(/services only/);
    expect(checkBoundary(route, null, "drizzle-orm", true)).toBeNull();
    expect(checkBoundary(route, at("apps/api/src/db/client.ts"), "../../db/client", true)).toBeNull();
    expect(checkBoundary(route, at("apps/api/src/features/a/a.service.ts"), "./a.service")).toBeNull();
  });

  it("keeps HTTP out of services and another feature's repo private", () => {
    expect(checkBoundary(at("apps/api/src/features/a/a.service.ts"), null, "fastify")).toMatch(/HTTP/);
    expect(
      checkBoundary(
        at("apps/api/src/features/a/a.service.ts"),
        at("apps/api/src/features/b/b.repo.ts"),
        "../b/b.repo",
      ),
    ).toMatch(/private/);
    expect(
      checkBoundary(
        at("apps/api/src/features/bookings/a.service.ts"),
        at("apps/api/src/features/wallet/b.service.ts"),
        "../wallet/b.service",
      ),
    ).toBeNull();
  });

  it("keeps SQL out of services: queries live in repos (the database's types aside)", () => {
    const service = at("apps/api/src/features/a/a.service.ts");
    expect(checkBoundary(service, null, "drizzle-orm")).toMatch(/no SQL/);
    expect(checkBoundary(service, null, "pg")).toMatch(/no SQL/);
    expect(checkBoundary(service, null, "drizzle-orm", true)).toBeNull();
    expect(checkBoundary(service, at("apps/api/src/db/client.ts"), "../../db/client", true)).toBeNull();
    expect(checkBoundary(service, at("apps/api/src/features/a/a.repo.ts"), "./a.repo")).toBeNull();
    expect(checkBoundary(at("apps/api/src/features/a/a.repo.ts"), null, "drizzle-orm")).toBeNull();
  });

  it("keeps presenters pure and mails off the database", () => {
    const present = at("apps/api/src/features/a/a.present.ts");
    expect(checkBoundary(present, null, "drizzle-orm")).toMatch(/presenter is pure/);
    expect(checkBoundary(present, at("apps/api/src/db/client.ts"), "../../db/client")).toMatch(
      /presenter is pure/,
    );
    expect(checkBoundary(present, at("apps/api/src/features/a/a.repo.ts"), "./a.repo")).toMatch(
      /presenter is pure/,
    );
    expect(checkBoundary(present, at("apps/api/src/features/a/a.service.ts"), "./a.service")).toMatch(
      /presenter is pure/,
    );
    expect(checkBoundary(present, at("apps/api/src/features/a/a.repo.ts"), "./a.repo", true)).toBeNull();
    expect(checkBoundary(present, at("apps/api/src/lib/money.ts"), "../../lib/money")).toBeNull();
    const mail = at("apps/api/src/features/a/a.mail.ts");
    expect(checkBoundary(mail, null, "drizzle-orm")).toMatch(/mail reads no database/);
    expect(checkBoundary(mail, at("apps/api/src/db/schema/index.ts"), "../../db/schema/index")).toMatch(
      /mail reads no database/,
    );
    expect(checkBoundary(mail, at("apps/api/src/db/client.ts"), "../../db/client", true)).toBeNull();
    expect(checkBoundary(mail, at("apps/api/src/lib/mailer.ts"), "../../lib/mailer", true)).toBeNull();
  });

  it("stops a web feature importing another feature", () => {
    expect(
      checkBoundary(
        at("apps/web/src/features/home/x.tsx"),
        at("apps/web/src/features/parks/api"),
        "../parks/api",
      ),
    ).toMatch(/may not import feature/);
    expect(
      checkBoundary(
        at("apps/web/src/lib/api.ts"),
        at("apps/web/src/features/parks/api"),
        "@/features/parks/api",
      ),
    ).toMatch(/lib\/ may not import/);
    expect(
      checkBoundary(
        at("apps/web/src/app/router.tsx"),
        at("apps/web/src/features/home/home-page"),
        "../features/home/home-page",
      ),
    ).toBeNull();
  });

  describe("API layers import downwards only: features -> plugins -> jobs -> db -> lib (docs/ARCHITECTURE.md#layers)", () => {
    const src = (p: string) => at(`apps/api/src/${p}`);
    /** What `from` importing `to` (both under apps/api/src/) gives; `typeOnly` for `import type`. */
    const imports = (from: string, to: string, typeOnly = false) =>
      checkBoundary(src(from), src(to), `../${to}`, typeOnly);

    it("refuses every arrow from lib/, jobs/, plugins/ and db/ back up into a feature, types too", () => {
      // The ones the API had: the texts of lib/messages, the queue's handlers, the plugins' sessions
      // and back-office access.
      expect(imports("lib/messages/blog.ts", "features/blog/blog.texts")).toMatch(
        /lib\/ \(lib\/\) may not import features\//,
      );
      expect(imports("lib/price-breakdown.ts", "features/parks/pricing.domain", true)).toMatch(
        /may not import features\//,
      );
      expect(imports("jobs/handlers.ts", "features/bookings/bookings.service")).toMatch(
        /the job queue \(jobs\/\) may not import features\//,
      );
      expect(imports("jobs/mail-job.ts", "features/vehicle-docs/vehicle-docs.mail", true)).toMatch(
        /may not import features\//,
      );
      expect(imports("plugins/auth.ts", "features/sessions/sessions.service")).toMatch(
        /a plugin \(plugins\/\) may not import features\//,
      );
      expect(imports("plugins/private-files.ts", "features/sessions/sessions.service", true)).toMatch(
        /may not import features\//,
      );
      expect(imports("db/schema/bookings.ts", "features/parks/pricing.domain", true)).toMatch(
        /database layer/,
      );
    });

    it("covers the back office's areas and its shared files as features", () => {
      expect(imports("plugins/admin-access.ts", "features/admin/access.service")).toMatch(
        /may not import features\//,
      );
      expect(imports("plugins/admin-access.ts", "features/admin/audit.repo", true)).toMatch(
        /may not import features\//,
      );
      expect(imports("jobs/handlers.ts", "features/admin/people/staff.service")).toMatch(
        /may not import features\//,
      );
      expect(imports("lib/messages/admin.ts", "features/admin/reports/reports.service")).toMatch(
        /may not import features\//,
      );
      expect(imports("db/seed/events.ts", "features/admin/events/admin-events.service")).toMatch(
        /database layer/,
      );
    });

    it("refuses the lower layers' arrows back up among themselves", () => {
      expect(imports("db/migrate.ts", "jobs/queue")).toMatch(
        /the database layer \(db\/\) may not import jobs\//,
      );
      expect(imports("db/client.ts", "plugins/read-your-writes")).toMatch(/may not import plugins\//);
      expect(imports("jobs/queue.ts", "plugins/auth", true)).toMatch(/may not import plugins\//);
      expect(imports("lib/money.ts", "db/client", true)).toMatch(/lib\/ \(lib\/\) may not import db\//);
      expect(imports("lib/mailer.ts", "jobs/mail-job")).toMatch(/may not import jobs\//);
      expect(imports("lib/clock.ts", "plugins/errors")).toMatch(/may not import plugins\//);
    });

    it("refuses the composition root to every layer: it wires them, they never import it", () => {
      expect(imports("jobs/queue.ts", "feature-jobs")).toMatch(/composition root \(feature-jobs\)/);
      expect(imports("db/migrate.ts", "feature-jobs")).toMatch(/composition root/);
      expect(imports("plugins/auth.ts", "app", true)).toMatch(/composition root \(app\)/);
      expect(imports("features/bookings/bookings.service.ts", "server")).toMatch(/composition root/);
      expect(imports("lib/clock.ts", "seed-cli")).toMatch(/composition root/);
    });

    it("lets each layer import those below it, and the root and the tests import anything", () => {
      expect(imports("features/bookings/bookings.routes.ts", "plugins/auth")).toBeNull();
      expect(imports("features/bookings/bookings.jobs.ts", "jobs/registration")).toBeNull();
      expect(imports("plugins/private-files.ts", "lib/staff-access")).toBeNull();
      expect(imports("plugins/read-your-writes.ts", "db/read-replicas")).toBeNull();
      expect(imports("plugins/admin-access.ts", "jobs/queue", true)).toBeNull();
      expect(imports("jobs/mail-job.ts", "db/schema/index")).toBeNull();
      expect(imports("jobs/mail-job.ts", "lib/mailer", true)).toBeNull();
      expect(imports("db/schema/receipts.ts", "lib/receipt-records", true)).toBeNull();
      expect(imports("db/migrate.ts", "config")).toBeNull();
      expect(imports("lib/messages.ts", "lib/messages/blog")).toBeNull();
      expect(imports("app.ts", "features/admin/access.service")).toBeNull();
      expect(imports("feature-jobs.ts", "features/bookings/bookings.jobs")).toBeNull();
      expect(imports("test/harness.ts", "feature-jobs")).toBeNull();
      expect(imports("jobs/jobs.api.test.ts", "features/bookings/bookings.test-kit")).toBeNull();
      expect(imports("db/park-time-zone.api.test.ts", "feature-jobs")).toBeNull();
      expect(imports("lib/park-cells.test-kit.ts", "features/parks/parks.service")).toBeNull();
    });

    it("places every folder of the API in a layer (test/ aside), each file by its folder", () => {
      const dir = at("apps/api/src");
      const folders = readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && d.name !== "test")
        .map((d) => d.name);
      expect(folders.toSorted()).toEqual([...API_LAYERS].toSorted());
      expect(layerOf("apps/api/src/db/schema/bookings.ts")).toBe("db");
      expect(layerOf("apps/api/src/app.ts")).toBeNull();
      expect(layerOf("apps/api/src/test/harness.ts")).toBeNull();
    });
  });

  describe("API features import one way (docs/ARCHITECTURE.md#feature-dependencies)", () => {
    const feature = (p: string) => at(`apps/api/src/features/${p}`);
    const imports = (from: string, to: string) => checkBoundary(feature(from), feature(to), `../${to}`);

    it("lets a feature import what the table lists", () => {
      expect(imports("bookings/hold.service.ts", "wallet/ledger.service")).toBeNull();
      expect(imports("bookings/hold.service.ts", "payments/top-up.service")).toBeNull();
      expect(imports("bookings/bookings.routes.ts", "events/event-access")).toBeNull();
      expect(imports("parks/parks.service.ts", "capacity/capacity.service")).toBeNull();
      expect(imports("marketplace/orders.service.ts", "wallet/ledger.service")).toBeNull();
      expect(imports("bookings/bookings.service.ts", "bookings/booking-core.service")).toBeNull();
    });

    it("refuses the loops the features had: parks, wallet and events under bookings, payments under wallet", () => {
      expect(imports("parks/parks.service.ts", "bookings/bookings.service")).toMatch(
        /feature "parks" may not import feature "bookings"/,
      );
      expect(imports("wallet/wallet.routes.ts", "payments/top-up.service")).toMatch(/"wallet" may not/);
      expect(imports("payments/settle.service.ts", "bookings/hold.service")).toMatch(/"payments" may not/);
      expect(imports("events/events.service.ts", "bookings/event-bookings.service")).toMatch(
        /"events" may not/,
      );
      expect(imports("marketplace/orders.service.ts", "bookings/booking-core.service")).toMatch(
        /"marketplace" may not/,
      );
      expect(imports("capacity/capacity.service.ts", "parks/parks.service")).toMatch(/"capacity" may not/);
    });

    it("checks type-only imports too: a loop through types is still a loop", () => {
      expect(
        checkBoundary(feature("wallet/wallet.service.ts"), feature("payments/verify.service"), "x", true),
      ).toMatch(/may not/);
    });

    it("puts the back office on top: an admin area imports any feature, no feature imports admin", () => {
      expect(featureOf("apps/api/src/features/admin/events/admin-events.service.ts")).toBe("admin/events");
      expect(featureOf("apps/api/src/features/admin/access.service.ts")).toBe("admin");
      expect(featureOf("apps/api/src/features/bookings/qr.ts")).toBe("bookings");
      expect(imports("admin/gate/gate.service.ts", "bookings/booking-core.service")).toBeNull();
      expect(imports("admin/events/admin-events.service.ts", "admin/parks/admin-parks.service")).toBeNull();
      expect(imports("admin/events/admin-events.service.ts", "admin/access.service")).toBeNull();
      expect(imports("admin/parks/admin-parks.service.ts", "admin/events/admin-events.service")).toMatch(
        /"admin\/parks" may not import feature "admin\/events"/,
      );
      expect(imports("bookings/bookings.service.ts", "admin/access.service")).toMatch(/"bookings" may not/);
    });

    it("leaves tests and test kits free to set up any feature's data", () => {
      expect(imports("events/events.api.test.ts", "bookings/bookings.test-kit")).toBeNull();
      expect(imports("payments/expire.api.test.ts", "bookings/hold.service")).toBeNull();
      expect(imports("events/events.test-kit.ts", "bookings/bookings.test-kit")).toBeNull();
    });

    it("asks for a new feature to be put in the table", () => {
      expect(imports("subscriptions/subscriptions.service.ts", "wallet/ledger.service")).toMatch(
        /not in the feature table/,
      );
    });

    it("is the table of docs/ARCHITECTURE.md#feature-dependencies, row for row", () => {
      const doc = readFileSync(at("docs/ARCHITECTURE.md"), "utf8");
      const section = doc.slice(doc.indexOf("### Feature dependencies"));
      const rows = section
        .slice(0, section.indexOf("\n## "))
        .split("\n")
        .filter((line) => /^\| [a-z]/.test(line) && !line.startsWith("| Feature"));
      /**
       * A row's features: none for "(nothing)", else its cell split at the commas outside
       * parentheses, each item's first word.
       */
      const importsOf = (cell: string): string[] => {
        if (cell.startsWith("(nothing)")) return [];
        const items: string[] = [];
        let depth = 0;
        let item = "";
        for (const ch of cell) {
          if (ch === "(") depth++;
          if (ch === ")") depth--;
          if (ch === "," && depth === 0) {
            items.push(item);
            item = "";
          } else item += ch;
        }
        items.push(item);
        return items
          .map((i) => /^\s*`?([a-z][a-z/-]*)/.exec(i)?.[1])
          .filter((name): name is string => name !== undefined)
          .toSorted();
      };
      const documented = new Map(
        rows.map((line) => {
          const [, feature = "", cell = ""] = line.split("|").map((c) => c.trim());
          return [feature, importsOf(cell)] as const;
        }),
      );
      const table: Readonly<Record<string, readonly string[]>> = FEATURE_DEPENDENCIES;
      const differing = [...new Set([...Object.keys(table), ...documented.keys()])]
        .map((feature) => ({
          feature,
          doc: documented.get(feature) ?? "no row",
          table: table[feature] ? [...table[feature]].toSorted() : "not in FEATURE_DEPENDENCIES",
        }))
        .filter((row) => JSON.stringify(row.doc) !== JSON.stringify(row.table));
      expect(rows.length).toBeGreaterThan(20);
      expect(differing).toEqual([]);
    });

    it("lists every feature folder, and the table has no cycle", () => {
      const dir = at("apps/api/src/features");
      const folders = readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .flatMap((d) =>
          d.name === "admin"
            ? readdirSync(path.join(dir, "admin"), { withFileTypes: true })
                .filter((a) => a.isDirectory())
                .map((a) => `admin/${a.name}`)
            : [d.name],
        );
      const table: Readonly<Record<string, readonly string[]>> = FEATURE_DEPENDENCIES;
      expect(folders.filter((f) => !(f in table))).toEqual([]);
      for (const deps of Object.values(table)) for (const d of deps) expect(table).toHaveProperty([d]);
      // Admin areas reach every non-admin feature, and those never reach admin: only these edges can loop.
      const done = new Set<string>();
      const visit = (f: string, path: string[]) => {
        expect(path, `a cycle: ${[...path, f].join(" -> ")}`).not.toContain(f);
        if (done.has(f)) return;
        for (const d of table[f]!) visit(d, [...path, f]);
        done.add(f);
      };
      for (const f of Object.keys(table)) visit(f, []);
    });
  });
});
