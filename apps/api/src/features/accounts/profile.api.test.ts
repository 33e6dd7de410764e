import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index";
import { bearer, createUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const patch = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: "PATCH", url: "/api/v1/users/profile", headers, payload });

describe("profile", () => {
  it("needs a token, with the documented message", async () => {
    const res = await ctx.app.inject({ url: "/api/v1/users/profile" });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("No authentication token found");
    expect((await patch({}, { first_name: "X" })).json().message).toBe("No authentication token found");
  });

  it("returns the caller's own profile with the country", async () => {
    const user = await createUser(ctx.database.db, { countryId: 3, phone: "+221 77 000 0000" });
    const res = await ctx.app.inject({ url: "/api/v1/users/profile", headers: bearer(user) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toMatchObject({
      id: user.id,
      email: user.email,
      first_name: "Ada",
      country_id: 3,
      country: { id: 3, code: "SN", name: "Senegal" },
      phone: "+221 77 000 0000",
      email_verified: true,
    });
    expect(Object.keys(res.json())).not.toContain("password_hash");
  });

  it("changes only the allowed fields and ignores role, e-mail and the rest", async () => {
    const user = await createUser(ctx.database.db);
    const res = await patch(bearer(user), {
      first_name: "  Chidi ",
      last_name: "Okafor",
      phone: "+1 (416) 555-0100",
      country_id: 2,
      photo_url: "https://example.com/me.png",
      role: "admin",
      email: "hijack@example.com",
      email_verified: false,
      id: "00000000-0000-0000-0000-000000000000",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      email: user.email,
      first_name: "Chidi",
      last_name: "Okafor",
      country: { code: "CA" },
      photo_url: "https://example.com/me.png",
      role: "customer",
      email_verified: true,
    });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: "customer", email: user.email });
  });

  it("rejects bad values with 422 and changes nothing", async () => {
    const user = await createUser(ctx.database.db);
    for (const payload of [
      { first_name: "" },
      { country_id: 77 },
      { country_id: "two" },
      { photo_url: "javascript:alert(1)" },
      { phone: "call me maybe" },
      { language: "de" },
    ]) {
      const res = await patch(bearer(user), payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().fields).toBeDefined();
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: "Ada", countryId: 1, language: "en" });
    const bad = await patch(bearer(user), { language: "de" });
    expect(bad.json().fields).toMatchObject({ language: "language must be en or fr" });
  });
});
