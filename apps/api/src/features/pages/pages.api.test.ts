import { ACCEPT_TERMS_TEXT, type PageContent } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { FIRST_PAGE_TEXTS } from "../../db/seed/pages";
import { bearer, createStaff, createUser, operatorId } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";

let ctx: TestContext;
// One day's publications: a test user's session (on this clock) ends after a day without use.
let now = new Date("2026-11-02T09:00:00Z");
beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => now });
});
afterAll(async () => {
  await ctx?.close();
});

const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const content = (title: string, body: string): PageContent => ({
  title,
  lead: "Lead",
  sections: [{ title: "One", body, items: ["a", "b"] }],
});
const publish = (headers: Record<string, string>, key: string, payload: object) =>
  ctx.app.inject({ method: "POST", url: `/api/v1/admin/pages/${key}/versions`, headers, payload });
const currentTerms = async () =>
  (await ctx.app.inject({ url: "/api/v1/pages/terms?lang=en" })).json<{ version: number }>().version;
const status = (headers: Record<string, string>) => ctx.app.inject({ url: "/api/v1/terms/status", headers });
const accept = (headers: Record<string, string>, version: unknown) =>
  ctx.app.inject({ method: "POST", url: "/api/v1/terms/accept", headers, payload: { version } });

describe("public pages", () => {
  it("serve version 1: today's texts word for word, in English and French", async () => {
    for (const key of ["terms", "privacy", "cancellation", "about", "faq", "guarantee"] as const) {
      const fr = await ctx.app.inject({ url: `/api/v1/pages/${key}?lang=fr` });
      expect(fr.statusCode).toBe(200);
      expect(fr.json().language).toBe("fr");
      expect(fr.json().content).toEqual(FIRST_PAGE_TEXTS[key].fr);
    }
    const about = await ctx.app.inject({ url: "/api/v1/pages/about" });
    expect(about.json()).toMatchObject({ key: "about", language: "en", version: 1 });
    expect(about.json().content.title).toBe(FIRST_PAGE_TEXTS.about.en.title);
  });

  it("refuse an unknown page or language with a 422, in the caller's language", async () => {
    const res = await ctx.app.inject({ url: "/api/v1/pages/cookies", headers: FR });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("Page inconnue");
    expect((await ctx.app.inject({ url: "/api/v1/pages/terms?lang=de" })).statusCode).toBe(422);
  });
});

describe("back office pages", () => {
  it("are admin's by default: a driver and a branch manager get 403", async () => {
    const driver = await createUser(ctx.database.db);
    const manager = await createStaff(ctx.database.db, "branch_manager", {
      operatorId: await operatorId(ctx.database.db, "Harbourview Parking Ltd"),
    });
    for (const who of [driver, manager]) {
      expect((await ctx.app.inject({ url: "/api/v1/admin/pages", headers: bearer(who) })).statusCode).toBe(
        403,
      );
      const res = await publish(bearer(who), "about", {
        content: { en: content("A", "b"), fr: content("A", "b") },
        note: "x",
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it("publish a new version: listed, in the history with who, when and why, served, audited", async () => {
    const admin = await createStaff(ctx.database.db, "admin");
    now = new Date("2026-11-02T10:00:00Z");
    const res = await publish(bearer(admin), "privacy", {
      content: { en: content("Privacy", "New words."), fr: content("Confidentialité", "Nouveaux mots.") },
      note: "Clearer retention paragraph",
    });
    expect(res.statusCode).toBe(201);
    const version = res.json().version as number;
    expect(version).toBeGreaterThanOrEqual(2);
    expect(res.json()).toMatchObject({
      published_at: "2026-11-02T10:00:00.000Z",
      author: { id: admin.id, name: "Ada Obi" },
      note: "Clearer retention paragraph",
    });
    const fr = await ctx.app.inject({ url: "/api/v1/pages/privacy?lang=fr" });
    expect(fr.json()).toMatchObject({ version, content: { title: "Confidentialité" } });

    const history = await ctx.app.inject({
      url: "/api/v1/admin/pages/privacy/versions",
      headers: bearer(admin),
    });
    const items = history.json().items as {
      version: number;
      author: unknown;
      content: { en: PageContent };
    }[];
    expect(items[0]!.version).toBe(version);
    expect(items.at(-1)).toMatchObject({
      version: 1,
      author: null,
      content: { en: FIRST_PAGE_TEXTS.privacy.en },
    });

    const list = await ctx.app.inject({ url: "/api/v1/admin/pages", headers: bearer(admin) });
    expect(
      list
        .json()
        .items.map((p: { key: string }) => p.key)
        .sort(),
    ).toEqual(["about", "cancellation", "faq", "guarantee", "privacy", "terms"]);
    expect(list.json().items.find((p: { key: string }) => p.key === "privacy")).toMatchObject({ version });

    const audit = await queryRows<{ action: string; after: { version: number } }>(
      ctx.database.db,
      sql`SELECT action, after FROM audit_log WHERE entity = 'page' AND entity_id = 'privacy' AND actor_id = ${admin.id}`,
    );
    expect(audit).toEqual([
      { action: "page.publish", after: { version, note: "Clearer retention paragraph" } },
    ]);
  });

  it("refuse a text without a title or a note, naming the fields", async () => {
    const admin = await createStaff(ctx.database.db, "admin");
    const bad = await publish(bearer(admin), "about", {
      content: { en: content("", "x"), fr: content("A", "x") },
      note: "",
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toMatchObject({
      "content.en.title": "This field is required!",
      note: "This field is required!",
    });
  });
});

describe("terms acceptance", () => {
  it("registration needs the box ticked, with the specification's sentence, and records the current Terms", async () => {
    const email = `terms.${Date.now()}@example.com`;
    const form = { email, password: "correct horse battery", first_name: "Ada", last_name: "Obi" };
    const missing = await ctx.app.inject({ method: "POST", url: "/api/v1/auth/register", payload: form });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().fields.accept_terms).toBe(ACCEPT_TERMS_TEXT);
    const unticked = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { ...form, accept_terms: false },
      headers: FR,
    });
    expect(unticked.json().fields.accept_terms).toBe(
      "Veuillez accepter nos Conditions et notre Politique de confidentialité !",
    );
    now = new Date("2026-11-02T12:00:00Z");
    const ok = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { ...form, accept_terms: true },
    });
    expect(ok.statusCode).toBe(201);
    const [row] = await queryRows<{ v: number; at: Date }>(
      ctx.database.db,
      sql`SELECT accepted_terms_version AS v, accepted_terms_at AS at FROM users WHERE email = ${email}`,
    );
    expect(row!.v).toBe(await currentTerms());
    expect(new Date(row!.at).toISOString()).toBe("2026-11-02T12:00:00.000Z");
  });

  it("changed Terms are asked once: an old version is refused 409, accepting twice changes nothing", async () => {
    const admin = await createStaff(ctx.database.db, "admin");
    const before = await currentTerms();
    const driver = await createUser(ctx.database.db, { acceptedTermsVersion: before, acceptedTermsAt: now });
    expect((await status(bearer(driver))).json().terms_to_accept).toBeNull();

    now = new Date("2026-11-02T15:00:00Z");
    const res = await publish(bearer(admin), "terms", {
      content: { en: content("Terms", "Changed."), fr: content("Conditions", "Modifiées.") },
      note: "New refund clause",
    });
    expect(res.statusCode).toBe(201);
    const next = res.json().version as number;
    expect(next).toBe(before + 1);

    const asked = await status(bearer(driver));
    expect(asked.headers["cache-control"]).toBe("no-store");
    expect(asked.json()).toEqual({
      accepted_version: before,
      accepted_at: expect.any(String),
      terms_to_accept: { version: next, published_at: "2026-11-02T15:00:00.000Z" },
    });

    const old = await accept({ ...bearer(driver), ...FR }, before);
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe(
      "Ces Conditions ne sont plus les conditions en vigueur\u00a0: rechargez-les et acceptez la version actuelle",
    );
    expect((await accept(bearer(driver), next + 1)).statusCode).toBe(422);
    expect((await accept(bearer(driver), "2")).statusCode).toBe(422);

    now = new Date("2026-11-02T16:00:00Z");
    const first = await accept(bearer(driver), next);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      accepted_version: next,
      accepted_at: "2026-11-02T16:00:00.000Z",
      terms_to_accept: null,
    });
    now = new Date("2026-11-02T17:00:00Z");
    const again = await accept(bearer(driver), next);
    expect(again.json().accepted_at).toBe("2026-11-02T16:00:00.000Z");
    expect((await status(bearer(driver))).json().terms_to_accept).toBeNull();
  });

  it("a user who never accepted any version is asked; status and accept need a token", async () => {
    const invited = await createUser(ctx.database.db);
    expect((await status(bearer(invited))).json().terms_to_accept).toEqual({
      version: await currentTerms(),
      published_at: expect.any(String),
    });
    expect((await status({})).statusCode).toBe(401);
    expect((await accept({}, 1)).statusCode).toBe(401);
  });
});
