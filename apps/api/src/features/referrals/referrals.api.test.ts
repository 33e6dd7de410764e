import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { startSession } from "../sessions/sessions.service";
import { codeFor, referralCodeSource } from "./referrals.service";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { allDayPark, at, book, fund, HOUR } from "../bookings/bookings.test-kit";

let ctx: TestContext;
let db: Db;
let ip = 0;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
});
afterAll(() => ctx?.close());
// Every test moves money: the ledger's balances still equal their history after each.
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

const me = (user: TestUser, query = "", headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: "GET",
    url: `/api/v1/referrals/me${query}`,
    headers: { ...bearer(user), ...headers },
  });

async function codeOf(user: TestUser, deviceId?: string): Promise<string> {
  const res = await me(user, "", deviceId ? { "x-device-id": deviceId } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().code as string;
}

/** Registers through the API (each from its own address), then signs the new account in. */
async function register(
  email: string,
  extra: { referral_code?: string; device_id?: string; country_id?: number } = {},
): Promise<TestUser> {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/v1/auth/register",
    remoteAddress: `10.9.${++ip % 250}.1`,
    payload: {
      email,
      password: "correct horse battery",
      first_name: "Bola",
      last_name: "Tinubu",
      accept_terms: true,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = ${email}`);
  const session = await startSession(db, () => new Date(), row!.id);
  return { id: row!.id, email, token: session.token, sessionId: session.sessionId };
}

const newEmail = (domain = "example.com") => `invitee.${++n}.${Date.now()}@${domain}`;

async function referralOf(inviteeId: string) {
  const rows = await queryRows<{ status: string; refused_reason: string | null; inviter_id: string }>(
    db,
    sql`SELECT status, refused_reason, inviter_id FROM referrals WHERE invitee_id = ${inviteeId}`,
  );
  return rows[0];
}

async function rewards(userId: string) {
  return queryRows<{ amount: number; currency: string; key: string }>(
    db,
    sql`SELECT e.amount_minor::int AS amount, e.currency, t.idempotency_key AS key
        FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
        JOIN wallet_accounts a ON a.id = e.account_id
        WHERE t.kind = 'referral_reward' AND a.owner_user_id = ${userId}`,
  );
}

/** A first purchase: a booking of an hour, paid from the wallet. */
async function buy(user: TestUser, offsetHours = 2) {
  const park = await allDayPark(db);
  const res = await book(ctx.app, user, {
    park_id: park,
    start: at(offsetHours * HOUR),
    end: at((offsetHours + 1) * HOUR),
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe("a driver's referral code and link", () => {
  it("is short, of unambiguous characters, the same at every ask, and the link carries it", async () => {
    const driver = await createUser(db);
    const first = await me(driver);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{7}$/);
    expect(body.link).toBe(`/register?ref=${body.code}`);
    expect(body.reward).toEqual({ amount: 1000, currency: "NGN" });
    expect(body.time_zone).toBe("Africa/Lagos");
    expect(body.earned).toEqual([]);
    expect(body.invitations).toEqual({ items: [], total: 0, page: 1, size: 10, pages: 1 });
    expect((await me(driver)).json().code).toBe(body.code);
    expect((await me(await createUser(db))).json().code).not.toBe(body.code);
  });

  it("needs a token", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/v1/referrals/me" });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a bad page in the reader's language", async () => {
    const driver = await createUser(db);
    const res = await me(driver, "?page=0", { "accept-language": "fr" });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.page).toContain("doit valoir 1 ou plus");
  });

  it("lists each country's reward for anyone, from the fees' data", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/v1/referrals/rewards" });
    expect(res.statusCode).toBe(200);
    const byCode = Object.fromEntries(
      (res.json().items as { country_code: string; amount: number; currency: string }[]).map((i) => [
        i.country_code,
        `${i.amount} ${i.currency}`,
      ]),
    );
    expect(byCode).toEqual({ NG: "1000 NGN", CA: "5 CAD", SN: "2000 XOF", US: "5 USD" });
  });
});

describe("registering with a code, and the first paid purchase", () => {
  it("records the invitation; the first purchase pays both once, from the marketing account; the second pays nothing", async () => {
    const inviter = await createUser(db);
    const code = await codeOf(inviter);
    // Typed by hand in lower case with a dash: still the code.
    const invitee = await register(newEmail(), {
      referral_code: `${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`,
    });
    expect(await referralOf(invitee.id)).toEqual({
      status: "registered",
      refused_reason: null,
      inviter_id: inviter.id,
    });
    let list = (await me(inviter)).json();
    expect(list.invitations.items).toHaveLength(1);
    expect(list.invitations.items[0]).toMatchObject({
      name: "Bola T.",
      status: "registered",
      reason: null,
      rewarded_at: null,
      earned: null,
    });
    expect(list.invitations.items[0].email).toMatch(/^i\*\*\*@example\.com$/);

    await fund(db, invitee.id, 5_000_000);
    await buy(invitee);
    expect(await rewards(invitee.id)).toEqual([
      { amount: 100_000, currency: "NGN", key: expect.stringMatching(/^referral:.+:invitee$/) },
    ]);
    expect(await rewards(inviter.id)).toEqual([
      { amount: 100_000, currency: "NGN", key: expect.stringMatching(/^referral:.+:inviter$/) },
    ]);
    const [marketing] = await queryRows<{ n: number; balance: number }>(
      db,
      sql`SELECT count(*)::int AS n, sum(balance_minor)::int AS balance FROM wallet_accounts a
          WHERE a.kind = 'marketing_spend' AND EXISTS (SELECT 1 FROM ledger_entries e
            JOIN ledger_transactions t ON t.id = e.transaction_id
            WHERE e.account_id = a.id AND t.idempotency_key LIKE ${"referral:%"})`,
    );
    expect(marketing!.n).toBeGreaterThan(0);
    expect(marketing!.balance).toBeLessThanOrEqual(-200_000);

    await buy(invitee, 5);
    expect(await rewards(invitee.id)).toHaveLength(1);
    expect(await rewards(inviter.id)).toHaveLength(1);

    list = (await me(inviter)).json();
    expect(list.invitations.items[0]).toMatchObject({
      status: "rewarded",
      earned: { amount: 1000, currency: "NGN" },
    });
    expect(list.invitations.items[0].rewarded_at).not.toBeNull();
    expect(list.earned).toEqual([{ amount: 1000, currency: "NGN" }]);
  });

  it("pays each side its own country's reward in its own wallet's currency", async () => {
    const inviter = await createUser(db, { countryId: 2 });
    const invitee = await register(newEmail(), { referral_code: await codeOf(inviter) });
    await fund(db, invitee.id, 5_000_000);
    await buy(invitee);
    expect((await rewards(inviter.id)).map((r) => [r.amount, r.currency])).toEqual([[500, "CAD"]]);
    expect((await rewards(invitee.id)).map((r) => [r.amount, r.currency])).toEqual([[100_000, "NGN"]]);
    // The summary is in the signed-in driver's own country: its reward, its clock.
    expect((await me(inviter)).json()).toMatchObject({
      reward: { amount: 5, currency: "CAD" },
      time_zone: expect.stringMatching(/^America\//),
      earned: [{ amount: 5, currency: "CAD" }],
    });
  });

  it("ignores a code that is no driver's: the account is made, no invitation", async () => {
    const invitee = await register(newEmail(), { referral_code: "ZZZZZZZ" });
    expect(await referralOf(invitee.id)).toBeUndefined();
    const other = await register(newEmail(), { referral_code: "not a code at all" });
    expect(await referralOf(other.id)).toBeUndefined();
  });
});

describe("the fraud rules refuse a referral, record why, and pay nothing", () => {
  async function refusedFor(
    inviter: TestUser,
    email: string,
    extra: { device_id?: string } = {},
  ): Promise<string | null | undefined> {
    const invitee = await register(email, { referral_code: await codeOf(inviter), ...extra });
    await fund(db, invitee.id, 5_000_000);
    await buy(invitee);
    expect(await rewards(invitee.id)).toEqual([]);
    expect(await rewards(inviter.id)).toEqual([]);
    const row = await referralOf(invitee.id);
    expect(row?.status).toBe("refused");
    return row?.refused_reason;
  }

  it("self-referral: the inviter's own mailbox behind a +tag", async () => {
    const inviter = await createUser(db, { email: `ada.${Date.now()}@example.org` });
    const [local, domain] = inviter.email.split("@");
    expect(await refusedFor(inviter, `${local}+1@${domain}`)).toBe("self_referral");
  });

  it("self-referral: Gmail's dots and +tag", async () => {
    const stamp = Date.now();
    const inviter = await createUser(db, { email: `adaobi${stamp}@gmail.com` });
    expect(await refusedFor(inviter, `ada.obi${stamp}+ref@googlemail.com`)).toBe("self_referral");
  });

  it("a disposable mailbox (a domain pattern of the rules' table, a subdomain too)", async () => {
    const inviter = await createUser(db);
    expect(await refusedFor(inviter, newEmail("mailinator.com"))).toBe("blocked_email_domain");
    expect(await refusedFor(inviter, newEmail("eu.guerrillamail.net"))).toBe("blocked_email_domain");
  });

  it("a pattern added to the table refuses at once", async () => {
    const inviter = await createUser(db);
    await db.execute(sql`INSERT INTO referral_email_rules (pattern, note) VALUES ('burner-*.test', 'test')`);
    expect(await refusedFor(inviter, newEmail("burner-mail.test"))).toBe("blocked_email_domain");
  });

  it("the device the inviter opened their page on", async () => {
    const inviter = await createUser(db);
    await codeOf(inviter, "device-of-the-inviter-1");
    expect(await refusedFor(inviter, newEmail(), { device_id: "device-of-the-inviter-1" })).toBe(
      "same_device",
    );
  });

  it("a device the inviter uses only after the invitee registered: refused when it would pay", async () => {
    const inviter = await createUser(db);
    const invitee = await register(newEmail(), {
      referral_code: await codeOf(inviter),
      device_id: "shared-later-2",
    });
    expect((await referralOf(invitee.id))?.status).toBe("registered");
    await codeOf(inviter, "shared-later-2");
    await fund(db, invitee.id, 5_000_000);
    await buy(invitee);
    expect(await rewards(invitee.id)).toEqual([]);
    expect(await referralOf(invitee.id)).toMatchObject({ status: "refused", refused_reason: "same_device" });
    const item = (await me(inviter)).json().invitations.items[0];
    expect(item).toMatchObject({ status: "refused", reason: "same_device", earned: null });
  });

  it("another device is fine", async () => {
    const inviter = await createUser(db);
    await codeOf(inviter, "inviter-phone-3");
    const invitee = await register(newEmail(), {
      referral_code: await codeOf(inviter),
      device_id: "invitee-phone-3",
    });
    await fund(db, invitee.id, 5_000_000);
    await buy(invitee);
    expect(await rewards(invitee.id)).toHaveLength(1);
  });
});

describe("the invitations' list", () => {
  it("pages with the one pagination helper, newest first across pages", async () => {
    const inviter = await createUser(db);
    const code = await codeOf(inviter);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const invitee = await register(newEmail(), { referral_code: code });
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM referrals WHERE invitee_id = ${invitee.id}`,
      );
      ids.push(row!.id);
    }
    // Registered a minute apart, the first the oldest, so the order does not hang on milliseconds.
    for (const [i, id] of ids.entries())
      await db.execute(
        sql`UPDATE referrals SET created_at = ${at(-(ids.length - i) * 60_000)} WHERE id = ${id}`,
      );
    const first = (await me(inviter, "?page=1&size=2")).json().invitations;
    const second = (await me(inviter, "?page=2&size=2")).json().invitations;
    expect(first).toMatchObject({ total: 3, page: 1, size: 2, pages: 2 });
    expect(second).toMatchObject({ total: 3, page: 2, size: 2, pages: 2 });
    const listed = [...first.items, ...second.items] as { id: string; registered_at: string }[];
    expect(listed.map((i) => i.id)).toEqual([...ids].reverse());
    const times = listed.map((i) => Date.parse(i.registered_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe("drawing a driver's code", () => {
  it("draws again when the code drawn is another driver's, inside a caller's transaction too", async () => {
    const taken = await codeOf(await createUser(db));
    const driver = await createUser(db);
    const draw = referralCodeSource.draw;
    const drawn: string[] = [];
    referralCodeSource.draw = () => {
      const next = drawn.length === 0 ? taken : draw();
      drawn.push(next);
      return next;
    };
    try {
      const code = await db.transaction((tx) => codeFor(tx, driver.id, at(0)));
      expect(drawn).toHaveLength(2);
      expect(drawn[0]).toBe(taken);
      expect(code).toBe(drawn[1]);
    } finally {
      referralCodeSource.draw = draw;
    }
    expect((await me(driver)).json().code).toBe(drawn[1]);
  });
});
