import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, authAttempts, users } from "../../db/schema/index";
import { hashToken } from "../../lib/tokens";
import { buildApp } from "../../app";
import { createTestContext, withTestContext, type TestContext } from "../../test/harness";
import { lastLink, readMailbox } from "../../test/mailbox";

let ctx: TestContext;
let dataDir: string;
let ipCounter = 0;
// Each call comes from its own address so the per-IP limits (tested elsewhere) stay out of the way.
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/v1${url}`,
    payload,
    headers,
    remoteAddress: `10.1.0.${++ipCounter % 250}`,
  });

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-accounts-"));
  ctx = await createTestContext({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

let n = 0;
const newEmail = () => `Driver.${++n}.${Date.now()}@Example.com`;
const form = (email: string, extra: object = {}) => ({
  email,
  password: "correct horse battery",
  first_name: "Ada",
  last_name: "Obi",
  accept_terms: true,
  ...extra,
});

async function registerAndVerify(email: string) {
  expect((await post("/auth/register", form(email))).statusCode).toBe(201);
  const link = await lastLink(ctx, email.toLowerCase(), "/verify");
  const res = await post("/auth/verify-email", { token: link.searchParams.get("token") });
  expect(res.statusCode).toBe(200);
  return res.json() as { access_token: string; user: { id: string } };
}

describe("registration", () => {
  it("rejects bad input with the documented texts, per field, and creates nothing", async () => {
    const res = await post("/auth/register", {
      email: "nope",
      password: "short",
      first_name: " ",
      phone: "call me",
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe("validation_error");
    expect(body.fields).toMatchObject({
      email: "Please enter a valid email",
      password: "Password must be at least 8 characters",
      first_name: "This field is required!",
      last_name: "This field is required!",
      phone: "Please enter a valid phone number",
    });
    expect((await post("/auth/register", { ...form(newEmail()), email: "" })).json().fields.email).toBe(
      "This field is required!",
    );
    expect(await ctx.database.db.select().from(users).where(eq(users.email, "nope"))).toHaveLength(0);
  });

  it("creates an unverified account without logging in, mails a verification link, and refuses a second one with any case", async () => {
    const email = newEmail();
    const res = await post("/auth/register", form(email, { phone: "+234 801 234 5678", country_id: 2 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.stringMatching(/check your email/i) });
    expect(res.json()).not.toHaveProperty("access_token");
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row).toMatchObject({ emailVerifiedAt: null, countryId: 2, phone: "+234 801 234 5678" });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const link = await lastLink(ctx, email.toLowerCase(), "/verify");
    expect(link.origin).toBe("http://parkwell.test");
    expect(link.searchParams.get("token")!.length).toBeGreaterThanOrEqual(43);
  });

  it("answers a taken address exactly as a new one, and tells the owner by e-mail", async () => {
    const email = newEmail();
    await registerAndVerify(email);
    const fresh = await post("/auth/register", form(newEmail()));
    const taken = await post(
      "/auth/register",
      form(email.toUpperCase(), { password: "someone else's pass" }),
    );
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(201);
    expect(taken.body).toBe(fresh.body);
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

    const link = await lastLink(ctx, email.toLowerCase(), "/auth");
    expect(link.origin).toBe("http://parkwell.test");
    const mail = (await readMailbox(ctx)).filter((m) => m.to.includes(email.toLowerCase())).at(-1)!;
    expect(mail.subject).toBe("Someone tried to create a Parkwell account with your email");
    expect(mail.body).toContain("http://parkwell.test/auth/forgot-password");
    // The account is unchanged: the old password still works, the new one does not.
    expect(
      (await post("/auth/login", { identifier: email, password: "correct horse battery" })).statusCode,
    ).toBe(200);
    expect(
      (await post("/auth/login", { identifier: email, password: "someone else's pass" })).statusCode,
    ).toBe(401);
  });

  it("answers before any mail is handed over, for a new and a taken address alike", () =>
    withTestContext({}, async (slow) => {
      // A mail server that never answers: both answers must come back all the same.
      const mailer = { send: () => new Promise<void>(() => {}), close: async () => {} };
      const app = await buildApp({ database: slow.database, config: slow.config, logger: false, mailer });
      try {
        const email = newEmail();
        const first = await app.inject({
          method: "POST",
          url: "/api/v1/auth/register",
          payload: form(email),
        });
        const again = await app.inject({
          method: "POST",
          url: "/api/v1/auth/register",
          payload: form(email),
        });
        expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
        expect(again.body).toBe(first.body);
      } finally {
        await app.close();
      }
    }));

  it("rejects an unknown country", async () => {
    const res = await post("/auth/register", form(newEmail(), { country_id: 999 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ country_id: "Please choose a country" });
  });

  it("writes the mail in French when asked", async () => {
    const email = newEmail();
    const subjectTo = async (to: string) => {
      return (await readMailbox(ctx)).filter((m) => m.to.includes(to.toLowerCase())).at(-1)!.subject;
    };
    await post("/auth/register", form(email, { language: "fr" }));
    expect(await subjectTo(email)).toBe("Vérifiez votre adresse e-mail Parkwell");
    const browser = newEmail();
    await post("/auth/register", form(browser), { "accept-language": "fr-CA,fr;q=0.9" });
    expect(await subjectTo(browser)).toBe("Vérifiez votre adresse e-mail Parkwell");
  });
});

describe("verification and login", () => {
  it("verifying logs in once; the link then stops working", async () => {
    const email = newEmail();
    await post("/auth/register", form(email));
    const token = (await lastLink(ctx, email.toLowerCase(), "/verify")).searchParams.get("token")!;
    const unverified = await post("/auth/login", { identifier: email, password: "correct horse battery" });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().message).toMatch(/verify your email/i);

    const res = await post("/auth/verify-email", { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe("bearer");
    expect(body.user).toMatchObject({
      email: email.toLowerCase(),
      email_verified: true,
      country: { code: "NG" },
    });
    expect(body.user).not.toHaveProperty("password_hash");
    const me = await ctx.app.inject({
      url: "/api/v1/users/profile",
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.statusCode).toBe(200);

    // Opened again: the address is verified by now, and the answer says so (no new session).
    const reuse = await post("/auth/verify-email", { token });
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json()).toEqual({
      code: "already_verified",
      message: "This e-mail address is already verified. You can sign in.",
    });
    // A token that was never issued is still just invalid.
    const unknown = await post("/auth/verify-email", {
      token: "never-issued-token-0123456789abcdefghijklmn",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe("invalid_link");
    // Only the hash is stored.
    const stored = await ctx.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, token));
    expect(stored).toHaveLength(0);
  });

  it("an expired link does not verify", async () => {
    const email = newEmail();
    await post("/auth/register", form(email));
    const token = (await lastLink(ctx, email.toLowerCase(), "/verify")).searchParams.get("token")!;
    await ctx.database.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await post("/auth/verify-email", { token })).statusCode).toBe(400);
  });

  it("logs in with any case of the e-mail, a new token every time, and long passwords", async () => {
    const email = newEmail();
    const long = "p".repeat(100) + " with spaces and ünïcode";
    expect((await post("/auth/register", form(email, { password: long }))).statusCode).toBe(201);
    const token = (await lastLink(ctx, email.toLowerCase(), "/verify")).searchParams.get("token")!;
    await post("/auth/verify-email", { token });
    const a = await post("/auth/login", { identifier: email.toUpperCase(), password: long });
    const b = await post("/auth/login", { identifier: email, password: long });
    expect(a.statusCode).toBe(200);
    expect(a.json().access_token).not.toBe(b.json().access_token);
    expect(Buffer.from(a.json().access_token, "base64url").length).toBe(32);
    // No truncation or case folding.
    expect((await post("/auth/login", { identifier: email, password: long.toUpperCase() })).statusCode).toBe(
      401,
    );
  });

  it("wrong password and unknown e-mail give the same 401, and every attempt is logged", async () => {
    const { user } = await registerAndVerify(newEmail());
    const [u] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    const wrong = await post("/auth/login", { identifier: u!.email, password: "not the password" });
    const unknown = await post("/auth/login", { identifier: newEmail(), password: "not the password" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe("Invalid email or password");
    const attempts = await ctx.database.db
      .select()
      .from(authAttempts)
      .where(and(eq(authAttempts.userId, user.id), eq(authAttempts.action, "login")));
    expect(attempts.map((a) => [a.success, a.reason])).toContainEqual([false, "bad_password"]);
  });

  it("logout ends the current session only", async () => {
    const email = newEmail();
    await registerAndVerify(email);
    const a = (await post("/auth/login", { identifier: email, password: "correct horse battery" })).json()
      .access_token;
    const b = (await post("/auth/login", { identifier: email, password: "correct horse battery" })).json()
      .access_token;
    const out = await post("/auth/logout", {}, { authorization: `Bearer ${a}` });
    expect(out.statusCode).toBe(200);
    const profile = (t: string) =>
      ctx.app.inject({ url: "/api/v1/users/profile", headers: { authorization: `Bearer ${t}` } });
    expect((await profile(a)).statusCode).toBe(401);
    expect((await profile(b)).statusCode).toBe(200);
    expect((await post("/auth/logout", {})).statusCode).toBe(401);
  });
});

describe("resend and password reset", () => {
  it("resend answers the same for unknown, verified and unverified addresses and only mails the last", async () => {
    const unverified = newEmail();
    await post("/auth/register", form(unverified));
    const verified = newEmail();
    await registerAndVerify(verified);
    const before = (await readMailbox(ctx)).length;
    const answers = await Promise.all(
      [unverified, verified, newEmail()].map((email) => post("/auth/resend-verification", { email })),
    );
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    // Every mail job due has run by the time the mailbox is read.
    expect((await readMailbox(ctx)).length).toBe(before + 1);
  });

  it("a new verification link replaces the old one", async () => {
    const email = newEmail();
    await post("/auth/register", form(email));
    const first = (await lastLink(ctx, email.toLowerCase(), "/verify")).searchParams.get("token")!;
    await post("/auth/resend-verification", { email });
    const second = (await lastLink(ctx, email.toLowerCase(), "/verify", first)).searchParams.get("token")!;
    expect(second).not.toBe(first);
    expect((await post("/auth/verify-email", { token: first })).statusCode).toBe(400);
    expect((await post("/auth/verify-email", { token: second })).statusCode).toBe(200);
  });

  it("forgot-password always answers 200; the reset link sets the password once and ends every session", async () => {
    const email = newEmail();
    const { access_token } = await registerAndVerify(email);
    const unknown = await post("/auth/forgot-password", { email: newEmail() });
    const known = await post("/auth/forgot-password", { email });
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const link = await lastLink(ctx, email.toLowerCase(), "/forgot-password");
    expect(link.searchParams.get("mode")).toBe("reset");
    const token = link.searchParams.get("token")!;

    expect((await post("/auth/reset-password", { token, password: "short" })).statusCode).toBe(422);
    const res = await post("/auth/reset-password", { token, password: "a brand new password" });
    expect(res.statusCode).toBe(200);
    const old = await ctx.app.inject({
      url: "/api/v1/users/profile",
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(old.statusCode).toBe(401);
    expect(
      (await post("/auth/login", { identifier: email, password: "correct horse battery" })).statusCode,
    ).toBe(401);
    expect(
      (await post("/auth/login", { identifier: email, password: "a brand new password" })).statusCode,
    ).toBe(200);
    expect((await post("/auth/reset-password", { token, password: "another password" })).statusCode).toBe(
      400,
    );
  });

  it("changing the password ends an outstanding reset link", async () => {
    const email = newEmail();
    const { access_token } = await registerAndVerify(email);
    await post("/auth/forgot-password", { email });
    const token = (await lastLink(ctx, email.toLowerCase(), "/forgot-password")).searchParams.get("token")!;
    const changed = await post(
      "/auth/change-password",
      { current_password: "correct horse battery", new_password: "changed on purpose" },
      { authorization: `Bearer ${access_token}` },
    );
    expect(changed.statusCode).toBe(200);
    const res = await post("/auth/reset-password", { token, password: "an attacker's choice" });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("invalid_link");
    expect(
      (await post("/auth/login", { identifier: email, password: "changed on purpose" })).statusCode,
    ).toBe(200);
  });

  it("resetting the password ends every other outstanding reset link", async () => {
    const email = newEmail();
    const { user } = await registerAndVerify(email);
    await post("/auth/forgot-password", { email });
    const token = (await lastLink(ctx, email.toLowerCase(), "/forgot-password")).searchParams.get("token")!;
    // A second live link, as two forgot-password requests racing each other can leave.
    const second = "second-outstanding-reset-token-0123456789abcdef";
    await ctx.database.db.insert(accountTokens).values({
      userId: user.id,
      purpose: "reset_password",
      tokenHash: hashToken(second),
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await post("/auth/reset-password", { token, password: "a brand new password" })).statusCode).toBe(
      200,
    );
    expect(
      (await post("/auth/reset-password", { token: second, password: "hijacked password" })).statusCode,
    ).toBe(400);
  });

  it("a verification token is not a reset token", async () => {
    const email = newEmail();
    await post("/auth/register", form(email));
    const token = (await lastLink(ctx, email.toLowerCase(), "/verify")).searchParams.get("token")!;
    expect((await post("/auth/reset-password", { token, password: "a brand new password" })).statusCode).toBe(
      400,
    );
  });
});

describe("password change", () => {
  it("needs the current password, then ends every other session but this one", async () => {
    const email = newEmail();
    const { access_token: other } = await registerAndVerify(email);
    const current = (
      await post("/auth/login", { identifier: email, password: "correct horse battery" })
    ).json().access_token as string;
    const auth = { authorization: `Bearer ${current}` };
    const wrong = await post(
      "/auth/change-password",
      { current_password: "nope nope", new_password: "another passphrase" },
      auth,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields).toEqual({ current_password: "Your current password is incorrect" });
    expect(
      (await post("/auth/change-password", { current_password: "x", new_password: "short" }, auth))
        .statusCode,
    ).toBe(422);
    const ok = await post(
      "/auth/change-password",
      { current_password: "correct horse battery", new_password: "another passphrase" },
      auth,
    );
    expect(ok.statusCode).toBe(200);
    const profile = (t: string) =>
      ctx.app.inject({ url: "/api/v1/users/profile", headers: { authorization: `Bearer ${t}` } });
    expect((await profile(current)).statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(401);
    expect(
      (await post("/auth/login", { identifier: email, password: "another passphrase" })).statusCode,
    ).toBe(200);
    expect(
      (await post("/auth/change-password", { current_password: "a", new_password: "bbbbbbbbbb" })).statusCode,
    ).toBe(401);
  });
});

describe("demo accounts", () => {
  it("the seeded driver and admin can log in", async () => {
    for (const [identifier, password] of [
      ["driver@parkwell.test", "drive-safely-2026"],
      ["admin@parkwell.test", "admin-parkwell-2026"],
    ]) {
      const res = await post("/auth/login", { identifier, password });
      expect(res.statusCode).toBe(200);
    }
  });
});
