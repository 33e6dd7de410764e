import { eq, sql } from "drizzle-orm";
import { generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, withTestContext, type TestContext } from "../../test/harness";
import { startFakeFirebase } from "../../test/firebase-keys";
import { queryRows } from "../../db/client";
import { users } from "../../db/schema/index";
import { bearer, createUser } from "../../test/factories";
import { MESSAGES } from "./accounts.domain";

const PROJECT = "parkwell-test";
let firebase: Awaited<ReturnType<typeof startFakeFirebase>>;
let ctx: TestContext;

beforeAll(async () => {
  firebase = await startFakeFirebase(PROJECT);
  ctx = await createTestContext({ FIREBASE_PROJECT_ID: PROJECT, FIREBASE_JWKS_URL: firebase.url });
});
afterAll(async () => {
  await ctx?.close();
  await firebase?.close();
});

let n = 0;
const social = (payload: object) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/auth/social-login",
    payload,
    remoteAddress: `10.9.0.${++n % 250}`,
  });
const body = (id_token: string, uid: string, extra: object = {}) => ({
  id_token,
  firebase_uid: uid,
  email: "ignored@example.com",
  name: "Ngozi Eze",
  photo_url: "https://lh3.googleusercontent.com/a/photo",
  provider: "google",
  ...extra,
});

describe("social login", () => {
  it("a valid Google token creates an account once, then logs it in; the token's e-mail wins", async () => {
    const uid = `uid-${Date.now()}`;
    const email = `${uid}@gmail.com`;
    const token = await firebase.mint({ sub: uid, email });
    const first = await social(body(token, uid));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      is_new_user: true,
      token_type: "bearer",
      user: { email, first_name: "Ngozi", last_name: "Eze", email_verified: true, auth_provider: "google" },
    });
    expect(first.json().access_token).toEqual(expect.any(String));
    const again = await social(body(await firebase.mint({ sub: uid, email }), uid));
    expect(again.json()).toMatchObject({ is_new_user: false, user: { id: first.json().user.id } });
  });

  it("a new account by Google keeps the driver's code it came with: an invitation, as a registration's", async () => {
    const inviter = await createUser(ctx.database.db);
    const code = (
      await ctx.app.inject({ method: "GET", url: "/api/v1/referrals/me", headers: bearer(inviter) })
    ).json().code as string;
    const uid = `ref-${Date.now()}`;
    const token = await firebase.mint({ sub: uid, email: `${uid}@gmail.com` });
    const res = await social(body(token, uid, { referral_code: code, device_id: "phone-of-the-invitee" }));
    expect(res.json()).toMatchObject({ is_new_user: true });
    const rows = await queryRows<{ status: string; inviter_id: string }>(
      ctx.database.db,
      sql`SELECT status, inviter_id FROM referrals WHERE invitee_id = ${res.json().user.id}`,
    );
    expect(rows).toEqual([{ status: "registered", inviter_id: inviter.id }]);
  });

  it("a code that is no driver's makes the account without an invitation", async () => {
    const uid = `badref-${Date.now()}`;
    const token = await firebase.mint({ sub: uid, email: `${uid}@gmail.com` });
    const res = await social(body(token, uid, { referral_code: "not a code at all" }));
    expect(res.json()).toMatchObject({ is_new_user: true });
    const rows = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM referrals WHERE invitee_id = ${res.json().user.id}`,
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  it("an invitation that cannot be recorded leaves no account half made: the retry makes both", async () => {
    const db = ctx.database.db;
    const inviter = await createUser(db);
    const code = (
      await ctx.app.inject({ method: "GET", url: "/api/v1/referrals/me", headers: bearer(inviter) })
    ).json().code as string;
    const uid = `half-${Date.now()}`;
    const email = `${uid}@gmail.com`;
    const accounts = () =>
      queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = ${email}`).then((r) => r.length);
    // The invitation's write fails (a trigger of this test's database stands for any failure there).
    await db.execute(
      sql.raw(`CREATE FUNCTION test_fail_referral() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the invitation could not be written'; END $$`),
    );
    await db.execute(
      sql.raw(`CREATE TRIGGER test_fail_referral BEFORE INSERT ON referrals
        FOR EACH ROW EXECUTE FUNCTION test_fail_referral()`),
    );
    try {
      const failed = await social(
        body(await firebase.mint({ sub: uid, email }), uid, { referral_code: code }),
      );
      expect(failed.statusCode).toBe(500);
      expect(await accounts()).toBe(0);
    } finally {
      await db.execute(sql.raw(`DROP TRIGGER test_fail_referral ON referrals`));
      await db.execute(sql.raw(`DROP FUNCTION test_fail_referral()`));
    }
    const retry = await social(body(await firebase.mint({ sub: uid, email }), uid, { referral_code: code }));
    expect(retry.json()).toMatchObject({ is_new_user: true });
    const rows = await queryRows<{ status: string; inviter_id: string }>(
      db,
      sql`SELECT status, inviter_id FROM referrals WHERE invitee_id = ${retry.json().user.id}`,
    );
    expect(rows).toEqual([{ status: "registered", inviter_id: inviter.id }]);
  });

  it("an Apple token works with provider apple, not with provider google", async () => {
    const uid = `apple-${Date.now()}`;
    const token = await firebase.mint(
      { sub: uid, email: `${uid}@privaterelay.appleid.com` },
      { provider: "apple.com" },
    );
    expect((await social(body(token, uid, { provider: "google" }))).statusCode).toBe(401);
    expect((await social(body(token, uid, { provider: "apple" }))).statusCode).toBe(200);
  });

  it("refuses expired, wrong-audience, wrong-issuer, tampered, foreign-key and mismatched tokens with 401 and no session", async () => {
    const uid = `bad-${Date.now()}`;
    const email = `${uid}@gmail.com`;
    const now = Math.floor(Date.now() / 1000);
    const { privateKey: foreign } = await generateKeyPair("RS256");
    const valid = await firebase.mint({ sub: uid, email });
    const [h, p, s] = valid.split(".");
    const forged = JSON.parse(Buffer.from(p!, "base64url").toString());
    forged.email = "admin@parkwell.test";
    const bad = {
      expired: await firebase.mint({ sub: uid, email }, { exp: now - 60, iat: now - 3700 }),
      audience: await firebase.mint({ sub: uid, email }, { aud: "someone-else" }),
      issuer: await firebase.mint(
        { sub: uid, email },
        { iss: "https://securetoken.google.com/someone-else" },
      ),
      tampered: `${h}.${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${s}`,
      foreignKey: await firebase.mint({ sub: uid, email }, { key: foreign }),
      futureIat: await firebase.mint({ sub: uid, email }, { iat: now + 600 }),
      passwordProvider: await firebase.mint({ sub: uid, email }, { provider: "password" }),
      garbage: "not-a-jwt",
    };
    for (const [name, token] of Object.entries(bad)) {
      const res = await social(body(token, uid));
      expect({ name, status: res.statusCode }).toEqual({ name, status: 401 });
      expect(res.json()).not.toHaveProperty("access_token");
      expect(res.json().message).toBe("Social login failed. Please try again.");
    }
    // A valid token presented for another uid.
    expect((await social(body(valid, "someone-else"))).statusCode).toBe(401);
  });

  it("refuses a token whose e-mail the provider has not verified: no session, no account, the address stays free", async () => {
    const uid = `unverified-${Date.now()}`;
    const email = `${uid}@example.com`;
    const res = await social(body(await firebase.mint({ sub: uid, email, email_verified: false }), uid));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: "social_email_unverified",
      message: MESSAGES.socialUnverified,
    });
    const [taken] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(taken).toBeUndefined();
    // Once the provider has verified it, the same sign-in works.
    const later = await social(body(await firebase.mint({ sub: uid, email }), uid));
    expect(later.statusCode).toBe(200);
    expect(later.json().user).toMatchObject({ email, email_verified: true });
  });

  it("an e-mail that belongs to a password account is a 400 saying the account exists", async () => {
    const uid = `clash-${Date.now()}`;
    const res = await social(body(await firebase.mint({ sub: uid, email: "driver@parkwell.test" }), uid));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "An account with this email already exists. Please sign in with your original method.",
    );
  });

  it("an e-mail held by another social account is a 409 linking conflict", async () => {
    const email = `link-${Date.now()}@gmail.com`;
    await social(body(await firebase.mint({ sub: "first-uid-" + email, email }), "first-uid-" + email));
    const res = await social(
      body(await firebase.mint({ sub: "second-uid-" + email, email }), "second-uid-" + email),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Account linking required. Please contact support.");
  });
});

describe("social login without a Firebase project", () => {
  it("answers 503 with the documented text", () =>
    withTestContext({}, async (plain) => {
      const res = await plain.app.inject({
        method: "POST",
        url: "/api/v1/auth/social-login",
        payload: body("x", "y"),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        "Social login is currently unavailable. Please try logging in with email and password.",
      );
      const cfg = await plain.app.inject({ url: "/api/v1/auth/config" });
      expect(cfg.json()).toEqual({
        social: { enabled: false, api_key: null, auth_domain: null, project_id: null },
      });
    }));
});
