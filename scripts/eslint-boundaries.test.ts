import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkBoundary } from "./eslint-boundaries.js";

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
        at("apps/api/src/features/a/a.service.ts"),
        at("apps/api/src/features/b/b.service.ts"),
        "../b/b.service",
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
});
