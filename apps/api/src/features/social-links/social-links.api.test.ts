// Parkwell's social links per country (docs/PRODUCT-RULES.md#social-links): the DEFAULT row is
// seeded, a country inherits it network by network until staff set its own, the back office's
// Settings change them (Parkwell's staff only), every address is checked and every change audited.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { DEFAULT_SOCIAL_LINKS } from "../../db/seed/social-links";
import { bearer, createStaff, createUser, operatorId, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";

let ctx: TestContext;
const now = new Date("2026-11-20T09:00:00Z");
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => now });
  admin = await createStaff(ctx.database.db, "admin");
});
afterAll(async () => {
  await ctx?.close();
});

type Links = Record<"facebook" | "instagram" | "linkedin" | "twitter", string | null>;
const publicLinks = async () => {
  const res = await ctx.app.inject({ url: "/api/v1/social-links" });
  expect(res.statusCode).toBe(200);
  const items = res.json().items as ({ country_code: string } & Links)[];
  return Object.fromEntries(items.map(({ country_code, ...links }) => [country_code, links]));
};
const put = (who: TestUser, code: string, payload: object, lang = "en") =>
  ctx.app.inject({
    method: "PUT",
    url: `/api/v1/admin/social-links/${code}`,
    headers: { ...bearer(who), "accept-language": lang },
    payload,
  });
const rows = () =>
  queryRows<{ country_code: string; facebook: string | null }>(
    ctx.database.db,
    sql`SELECT country_code, facebook FROM social_links ORDER BY country_code`,
  );
const NONE = { facebook: null, instagram: null, linkedin: null, twitter: null };

describe("GET /social-links", () => {
  it("serves the seeded DEFAULT row to every served country, cached like the reference data", async () => {
    const res = await ctx.app.inject({ url: "/api/v1/social-links" });
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    expect(DEFAULT_SOCIAL_LINKS.twitter).toBe("https://x.com/parkwell");
    expect(await publicLinks()).toEqual({
      DEFAULT: DEFAULT_SOCIAL_LINKS,
      NG: DEFAULT_SOCIAL_LINKS,
      CA: DEFAULT_SOCIAL_LINKS,
      SN: DEFAULT_SOCIAL_LINKS,
      US: DEFAULT_SOCIAL_LINKS,
    });
  });
});

describe("the back office's social links", () => {
  it("give a country its own links network by network; the others keep inheriting DEFAULT; audited", async () => {
    const res = await put(admin, "CA", {
      facebook: "https://www.facebook.com/parkwell.canada",
      instagram: "",
      linkedin: null,
      twitter: " https://twitter.com/parkwellca ",
    });
    expect(res.statusCode).toBe(200);
    const ca = res.json().items.find((i: { country_code: string }) => i.country_code === "CA");
    expect(ca).toEqual({
      country_code: "CA",
      country_name: "Canada",
      facebook: "https://www.facebook.com/parkwell.canada",
      instagram: null,
      linkedin: null,
      twitter: "https://twitter.com/parkwellca",
      updated_at: now.toISOString(),
      updated_by: { id: admin.id, name: expect.any(String) },
    });
    const shown = await publicLinks();
    expect(shown.CA).toEqual({
      facebook: "https://www.facebook.com/parkwell.canada",
      instagram: DEFAULT_SOCIAL_LINKS.instagram,
      linkedin: DEFAULT_SOCIAL_LINKS.linkedin,
      twitter: "https://twitter.com/parkwellca",
    });
    expect(shown.NG).toEqual(DEFAULT_SOCIAL_LINKS);

    const [audit] = await queryRows<{ action: string; before: unknown; after: unknown; actor_id: string }>(
      ctx.database.db,
      sql`SELECT action, before, after, actor_id FROM audit_log WHERE entity = 'social_links' AND entity_id = 'CA'`,
    );
    expect(audit).toMatchObject({ action: "social_links.update", before: null, actor_id: admin.id });
    expect(audit!.after).toMatchObject({
      facebook: "https://www.facebook.com/parkwell.canada",
      instagram: null,
    });

    // The admin list: DEFAULT first with its own, then each served country; NG has none of its own.
    const list = await ctx.app.inject({ url: "/api/v1/admin/social-links", headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    const items = list.json().items as ({ country_code: string; country_name: string | null } & Links)[];
    expect(items.map((i) => i.country_code)).toEqual(["DEFAULT", "NG", "CA", "SN", "US"]);
    expect(items[0]).toMatchObject({ country_name: null, ...DEFAULT_SOCIAL_LINKS });
    expect(items[1]).toMatchObject({ country_name: "Nigeria", ...NONE, updated_at: null, updated_by: null });
  });

  it("a network DEFAULT drops is no longer shown where a country has none of its own", async () => {
    const res = await put(admin, "DEFAULT", { ...DEFAULT_SOCIAL_LINKS, linkedin: null });
    expect(res.statusCode).toBe(200);
    const shown = await publicLinks();
    expect(shown.DEFAULT!.linkedin).toBeNull();
    expect(shown.NG).toEqual({ ...DEFAULT_SOCIAL_LINKS, linkedin: null });
    expect(shown.CA!.linkedin).toBeNull();
    expect(shown.CA!.facebook).toBe("https://www.facebook.com/parkwell.canada");
    await put(admin, "DEFAULT", DEFAULT_SOCIAL_LINKS);
  });

  it("refuse an address that is not https on the network's own host, with a clear message, changing nothing", async () => {
    const before = await rows();
    const cases: [object, string, string][] = [
      [
        { facebook: "http://www.facebook.com/parkwell" },
        "facebook",
        "Enter the full address, starting with https://",
      ],
      [
        { facebook: "www.facebook.com/parkwell" },
        "facebook",
        "Enter the full address, starting with https://",
      ],
      [{ facebook: "javascript:alert(1)" }, "facebook", "Enter the full address, starting with https://"],
      [
        { facebook: "https://user@facebook.com/x" },
        "facebook",
        "Enter the full address, starting with https://",
      ],
      [
        { facebook: "https://facebook.com.evil.example/parkwell" },
        "facebook",
        "A Facebook link must be an address on facebook.com",
      ],
      [
        { instagram: "https://www.facebook.com/parkwell" },
        "instagram",
        "An Instagram link must be an address on instagram.com",
      ],
      [
        { linkedin: "https://lnkd.in/parkwell" },
        "linkedin",
        "A LinkedIn link must be an address on linkedin.com",
      ],
      [
        { twitter: "https://threads.net/@parkwell" },
        "twitter",
        "An X (Twitter) link must be an address on x.com or twitter.com",
      ],
      [
        { twitter: "https://x.com/" },
        "twitter",
        "Enter the address of Parkwell's page, not the network's home page",
      ],
      [{ twitter: `https://x.com/${"a".repeat(300)}` }, "twitter", "Must be at most 300 characters"],
      [{ twitter: 42 }, "twitter", "Enter the full address, starting with https://"],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(admin, "NG", { ...NONE, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().fields[field], JSON.stringify(payload)).toBe(message);
    }
    const fr = await put(admin, "NG", { ...NONE, facebook: "https://facebook.example/x" }, "fr");
    expect(fr.json().fields.facebook).toBe("Un lien Facebook doit être une adresse sur facebook.com");

    for (const code of ["ZZ", "default", "NGA", "ng"]) {
      const res = await put(admin, code, NONE);
      expect(res.statusCode, code).toBe(422);
      expect(res.json().message).toBe("country_code must be one of DEFAULT, NG, CA, SN, US");
    }
    expect(await rows()).toEqual(before);
  });

  it("are Parkwell's: a driver and an operator's staff are refused, even with the permission given", async () => {
    const db = ctx.database.db;
    const driver = await createUser(db);
    const manager = await createStaff(db, "branch_manager", {
      operatorId: await operatorId(db, "Harbourview Parking Ltd"),
    });
    for (const who of [driver, manager]) {
      expect(
        (await ctx.app.inject({ url: "/api/v1/admin/social-links", headers: bearer(who) })).statusCode,
      ).toBe(403);
      expect((await put(who, "NG", NONE)).statusCode).toBe(403);
    }
    await db.execute(sql`INSERT INTO role_permissions (role, permission)
      VALUES ('branch_manager', 'settings.view'), ('branch_manager', 'settings.update')`);
    expect(
      (await ctx.app.inject({ url: "/api/v1/admin/social-links", headers: bearer(manager) })).statusCode,
    ).toBe(200);
    const refused = await put(manager, "NG", { ...NONE, facebook: "https://www.facebook.com/harbourview" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only Parkwell's staff can change Parkwell's settings");
    expect((await publicLinks()).NG).toEqual(DEFAULT_SOCIAL_LINKS);
    await db.execute(
      sql`DELETE FROM role_permissions WHERE role = 'branch_manager' AND permission LIKE 'settings.%'`,
    );
  });
});
