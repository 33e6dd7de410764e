import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../app";
import { at, book, fundedUser, HOUR } from "../../bookings/bookings.test-kit";
import { queryRows } from "../../../db/client";
import type { MailMessage } from "../../../lib/mailer";
import { hashPassword } from "../../../lib/passwords";
import { bearer, createStaff, createUser, operatorId, parksOf, type TestUser } from "../../../test/factories";
import { createTestContext, withTestContext, type TestContext } from "../../../test/harness";
import { readMailbox } from "../../../test/mailbox";

let ctx: TestContext;
let harbourview: number;
let admin: TestUser;
let manager: TestUser;

let host = 0;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const call = (
  user: { token: string } | null,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(user ? bearer(user) : {}), ...headers },
    ...(payload ? { payload } : {}),
    // Each call from its own address: the per-address limits are tested on their own.
    remoteAddress: `10.7.${Math.floor(++host / 250) % 250}.${host % 250}`,
  });

async function login(identifier: string, password: string) {
  return call(null, "POST", "/auth/login", { identifier, password });
}

async function signIn(identifier: string, password: string): Promise<TestUser> {
  const res = await login(identifier, password);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ access_token: string; user: { id: string; email: string } }>();
  return { id: body.user.id, email: body.user.email, token: body.access_token, sessionId: "" };
}

let n = 0;
const newEmail = () => `staff.${++n}.${Date.now()}@example.com`;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  harbourview = await operatorId(db, "Harbourview Parking Ltd");
  admin = await createStaff(db, "admin");
  manager = await signIn("manager@parkwell.test", "manage-parks-2026");
});
afterAll(async () => {
  await ctx?.close();
});

describe("customers", () => {
  it("lists and shows drivers without any secret, and a manager cannot", async () => {
    const db = ctx.database.db;
    const driver = await createUser(db, {
      firstName: "Zainab",
      lastName: "Searchable",
      phone: "+234 803 555 0199",
      passwordHash: await hashPassword("zainab-password-1"),
    });
    const byName = (await call(admin, "GET", "/admin/customers?search=searchable")).json();
    expect(byName.items.map((c: { id: string }) => c.id)).toEqual([driver.id]);
    const byPhone = (await call(admin, "GET", "/admin/customers?search=8035550199")).json();
    expect(byPhone.items.map((c: { id: string }) => c.id)).toEqual([driver.id]);
    const staffSearch = (await call(admin, "GET", "/admin/customers?search=manager@parkwell.test")).json();
    expect(staffSearch.total).toBe(0);

    const detail = await call(admin, "GET", `/admin/customers/${driver.id}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body).toMatchObject({ id: driver.id, status: "active", wallets: [], bookings: [], ledger: [] });
    // No secret anywhere: no such key at any depth, and no stored hash or token value.
    const keys = (v: unknown): string[] =>
      v && typeof v === "object" ? Object.entries(v).flatMap(([k, x]) => [k, ...keys(x)]) : [];
    expect(keys(body).filter((k) => /password|token|hash|session|firebase/i.test(k))).toEqual([]);
    const [secrets] = await queryRows<{ password_hash: string; token_hash: string }>(
      db,
      sql`SELECT u.password_hash, s.token_hash FROM users u JOIN sessions s ON s.user_id = u.id
        WHERE u.id = ${driver.id} LIMIT 1`,
    );
    expect(detail.body).not.toContain(secrets!.password_hash);
    expect(detail.body).not.toContain(secrets!.token_hash);
    expect(detail.body).not.toContain(driver.token);

    expect((await call(admin, "GET", `/admin/customers/${admin.id}`)).statusCode).toBe(404);
    expect((await call(admin, "GET", `/admin/customers/nope`)).statusCode).toBe(404);
    expect((await call(admin, "GET", "/admin/customers?size=7")).statusCode).toBe(422);
  });

  it("shows a driver's bookings, wallet balance and ledger in major units", async () => {
    const db = ctx.database.db;
    const user = await fundedUser(db, 5_000_000);
    const booked = await book(ctx.app, user, { start: at(3 * HOUR), end: at(5 * HOUR) });
    expect(booked.statusCode).toBe(201);
    const b = booked.json<{ id: string; booking_code: string; total: number }>();
    const detail = (await call(admin, "GET", `/admin/customers/${user.id}`)).json();
    expect(detail.bookings_count).toBe(1);
    // Its window is shown on the park's clock.
    expect(detail.bookings[0]).toMatchObject({
      id: b.id,
      booking_code: b.booking_code,
      currency: "NGN",
      time_zone: "Africa/Lagos",
    });
    expect(detail.wallets).toEqual([{ currency: "NGN", balance: 50_000 - detail.bookings[0].paid }]);
    expect(detail.ledger.map((e: { amount: number }) => e.amount)).toEqual([
      -detail.bookings[0].paid,
      50_000,
    ]);
  });

  it("disable: the login is refused with the sentence (en, fr) and sessions end; enable restores it", async () => {
    const db = ctx.database.db;
    const email = newEmail();
    const driver = await createUser(db, { email, passwordHash: await hashPassword("zainab-password-1") });
    expect((await call(driver, "GET", "/users/profile")).statusCode).toBe(200);
    const disabled = await call(admin, "POST", `/admin/customers/${driver.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().status).toBe("disabled");
    expect((await call(driver, "GET", "/users/profile")).statusCode).toBe(401);
    const [open] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${driver.id} AND revoked_at IS NULL`,
    );
    expect(open!.n).toBe(0);
    const refused = await login(email, "zainab-password-1");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: "account_disabled",
      message: "This account has been disabled. Please contact support.",
    });
    const fr = await call(
      null,
      "POST",
      "/auth/login",
      { identifier: email, password: "zainab-password-1" },
      {
        "accept-language": "fr",
      },
    );
    expect(fr.json().message).toBe("Ce compte a été désactivé. Veuillez contacter le support.");

    expect((await call(admin, "POST", `/admin/customers/${driver.id}/enable`)).json().status).toBe("active");
    expect((await login(email, "zainab-password-1")).statusCode).toBe(200);
    const audit = await queryRows<{ action: string }>(
      db,
      sql`SELECT action FROM audit_log WHERE entity = 'customer' AND entity_id = ${driver.id} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(["customer.disable", "customer.enable"]);
    expect((await call(manager, "POST", `/admin/customers/${driver.id}/disable`)).statusCode).toBe(403);
  });
});

describe("inquiries", () => {
  it("mails each submission to the team's address and lets an admin mark it answered", async () => {
    await withTestContext({ INQUIRIES_TO: "team@parkwell.test" }, async (c) => {
      const boss = await createStaff(c.database.db, "admin");
      const sentContact = await c.app.inject({
        method: "POST",
        url: "/api/v1/contact",
        remoteAddress: "10.9.0.1",
        payload: {
          name: "Amaka Eze",
          email: "amaka@example.com",
          topic: "payment",
          message: "My top-up did not arrive in my wallet.",
        },
      });
      expect(sentContact.statusCode).toBe(201);
      const demo = await c.app.inject({
        method: "POST",
        url: "/api/v1/demo-requests",
        remoteAddress: "10.9.0.2",
        payload: {
          name: "Kwame Mensah",
          email: "kwame@example.com",
          company: "Lekki Mall",
          country_code: "NG",
          interest: "car_park_management",
          spaces: 300,
        },
      });
      expect(demo.statusCode).toBe(201);
      const mails = (await readMailbox(c)).filter((m) => m.to.includes("team@parkwell.test"));
      expect(mails.map((m) => m.subject).sort()).toEqual(
        [
          `Contact Us message ${sentContact.json().reference} from Amaka Eze`,
          `Demo request ${demo.json().reference} from Kwame Mensah (Lekki Mall)`,
        ].sort(),
      );
      expect(mails.find((m) => m.subject.startsWith("Contact"))!.body).toContain("My top-up did not arrive");

      const get = (url: string) =>
        c.app.inject({ method: "GET", url: `/api/v1${url}`, headers: bearer(boss) });
      const fresh = (await get("/admin/inquiries?status=new")).json();
      expect(fresh.items.map((i: { reference: string }) => i.reference)).toEqual([
        demo.json().reference,
        sentContact.json().reference,
      ]);
      const id = sentContact.json().id;
      const marked = await c.app.inject({
        method: "PUT",
        url: `/api/v1/admin/inquiries/contact/${id}/status`,
        headers: bearer(boss),
        payload: { status: "answered" },
      });
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toMatchObject({ status: "answered", answered_by: { id: boss.id } });
      expect(
        (await get("/admin/inquiries?status=answered")).json().items.map((i: { id: string }) => i.id),
      ).toEqual([id]);
      expect((await get("/admin/inquiries?kind=demo")).json().total).toBe(1);
      expect((await get(`/admin/inquiries/demo/${id}`)).statusCode).toBe(404);
      expect((await get("/admin/inquiries?status=closed")).statusCode).toBe(422);
      const [entry] = await queryRows<{ action: string; actor_id: string }>(
        c.database.db,
        sql`SELECT action, actor_id FROM audit_log WHERE entity = 'inquiry' ORDER BY id DESC LIMIT 1`,
      );
      expect(entry).toEqual({ action: "inquiry.answer", actor_id: boss.id });
    });
  });

  it("keeps a charger host's site as an inquiry of its own kind: mailed, filtered, shown, answered", async () => {
    await withTestContext({ INQUIRIES_TO: "team@parkwell.test" }, async (c) => {
      const boss = await createStaff(c.database.db, "admin");
      const post = (url: string, payload: object, remoteAddress: string) =>
        c.app.inject({ method: "POST", url: `/api/v1${url}`, remoteAddress, payload });
      const sent = await post(
        "/ev-host-requests",
        {
          name: "Chidi Okafor",
          email: "chidi@example.com",
          phone: "+234 803 000 1111",
          country_code: "NG",
          city: "Lagos",
          address: "5 Admiralty Way, Lekki",
          site_kind: "mall",
          spaces: 12,
          has_chargers: true,
          connectors: ["ccs2", "type2"],
          power_kw: 50,
          message: "Two DC chargers in the basement.",
        },
        "10.9.1.1",
      );
      expect(sent.statusCode).toBe(201);
      const other = await post(
        "/contact",
        { name: "Amaka Eze", email: "amaka@example.com", topic: "other", message: "Hello to the team." },
        "10.9.1.2",
      );
      expect(other.statusCode).toBe(201);
      const reference = sent.json().reference;
      const mail = (await readMailbox(c)).find((m) => m.subject.includes(reference));
      expect(mail?.subject).toBe(`EV charger site ${reference} from Chidi Okafor`);
      for (const line of ["Lagos", "5 Admiralty Way, Lekki", "Shopping mall", "CCS2, Type 2", "50 kW", "12"])
        expect(mail!.body).toContain(line);

      const get = (url: string, user: { token: string } = boss) =>
        c.app.inject({ method: "GET", url: `/api/v1${url}`, headers: bearer(user) });
      const listed = (await get("/admin/inquiries?kind=ev_host")).json();
      expect(listed.total).toBe(1);
      expect(listed.items[0]).toMatchObject({ kind: "ev_host", reference, city: "Lagos" });
      expect((await get("/admin/inquiries?kind=contact")).json().total).toBe(1);
      expect((await get("/admin/inquiries?search=lagos")).json().total).toBe(1);
      const bad = await get("/admin/inquiries?kind=charger");
      expect(bad.statusCode).toBe(422);
      expect(bad.json().fields.kind).toBe("kind must be contact, demo or ev_host");

      const id = sent.json().id;
      const detail = await get(`/admin/inquiries/ev_host/${id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({
        kind: "ev_host",
        name: "Chidi Okafor",
        email: "chidi@example.com",
        phone: "+234 803 000 1111",
        country_code: "NG",
        city: "Lagos",
        address: "5 Admiralty Way, Lekki",
        site_kind: "mall",
        spaces: 12,
        has_chargers: true,
        connectors: ["ccs2", "type2"],
        power_kw: 50,
        message: "Two DC chargers in the basement.",
        company: null,
        interest: null,
        status: "new",
      });
      expect((await get(`/admin/inquiries/demo/${id}`)).statusCode).toBe(404);
      const contactDetail = (await get(`/admin/inquiries/contact/${other.json().id}`)).json();
      expect(contactDetail).toMatchObject({
        city: null,
        site_kind: null,
        has_chargers: null,
        connectors: null,
      });

      // A manager has no inquiries permission: neither the list nor the site, nor marking it.
      const mgr = await createStaff(c.database.db, "branch_manager", {
        operatorId: await operatorId(c.database.db, "Harbourview Parking Ltd"),
      });
      expect((await get("/admin/inquiries?kind=ev_host", mgr)).statusCode).toBe(403);
      expect((await get(`/admin/inquiries/ev_host/${id}`, mgr)).statusCode).toBe(403);
      const put = (user: { token: string }) =>
        c.app.inject({
          method: "PUT",
          url: `/api/v1/admin/inquiries/ev_host/${id}/status`,
          headers: bearer(user),
          payload: { status: "answered" },
        });
      expect((await put(mgr)).statusCode).toBe(403);
      expect((await get(`/admin/inquiries/ev_host/${id}`)).json().status).toBe("new");
      const marked = await put(boss);
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toMatchObject({
        kind: "ev_host",
        status: "answered",
        answered_by: { id: boss.id },
      });
      expect((await get("/admin/inquiries?kind=ev_host&status=answered")).json().total).toBe(1);
    });
  });

  it("sends no team mail when no address is configured", async () => {
    const before = (await readMailbox(ctx)).length;
    const res = await call(null, "POST", "/contact", {
      name: "Amaka Eze",
      email: "amaka@example.com",
      topic: "other",
      message: "Just saying hello to the team.",
    });
    expect(res.statusCode).toBe(201);
    const jobs = await queryRows(
      ctx.database.db,
      sql`SELECT id FROM pgboss.job WHERE name = 'mail' AND data->>'type' = 'inquiry'`,
    );
    expect(jobs).toEqual([]);
    expect((await readMailbox(ctx)).length).toBe(before);
  });
});

describe("audit log", () => {
  it("lists changes newest first with the actor, filtered by entity, actor and dates", async () => {
    const db = ctx.database.db;
    const [park] = await parksOf(db, harbourview);
    const email = newEmail();
    await call(manager, "POST", "/admin/staff/invitations", { email, role: "employee", park_ids: [park] });
    const res = await call(admin, "GET", "/admin/audit?entity=invitation&actor=manager@parkwell&size=25");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items[0]).toMatchObject({
      action: "invitation.create",
      actor: { email: "manager@parkwell.test" },
      after: { email, role: "employee" },
    });
    const ats = body.items.map((i: { at: string }) => Date.parse(i.at));
    expect([...ats].sort((a, b) => b - a)).toEqual(ats);
    for (const i of body.items) expect(i.entity).toBe("invitation");

    const byId = (await call(admin, "GET", `/admin/audit?actor=${manager.id}`)).json();
    expect(byId.total).toBeGreaterThan(0);
    const future = (await call(admin, "GET", "/admin/audit?from=2999-01-01")).json();
    expect(future.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await call(admin, "GET", `/admin/audit?from=${today}&to=${today}`)).json().total).toBeGreaterThan(
      0,
    );
    const backwards = await call(admin, "GET", "/admin/audit?from=2026-02-01&to=2026-01-01");
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().fields).toEqual({ to: "from must be before to" });
    expect((await call(admin, "GET", "/admin/audit?from=yesterday")).statusCode).toBe(422);
    expect((await call(admin, "GET", "/admin/audit?size=1000")).statusCode).toBe(200);
  });
});

describe("dead letters", () => {
  it("pages the failed jobs in SQL, newest first, and redrives one onto its queue", async () => {
    const db = ctx.database.db;
    let fail = true;
    const sent: string[] = [];
    const mailer = {
      send: async (m: MailMessage) => {
        if (fail) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
        sent.push(m.to);
      },
      close: () => {},
    };
    const app = await buildApp({ database: ctx.database, config: ctx.config, logger: false, mailer });
    try {
      await app.jobs.runDue(["mail"]);
      const before = (await call(admin, "GET", "/admin/jobs/dead-letters")).json().total as number;
      const users: TestUser[] = [];
      for (let i = 0; i < 12; i++) {
        const u = await createUser(db, { emailVerifiedAt: null });
        users.push(u);
        await app.jobs.send(db, "mail", {
          key: `dl-test:${u.id}`,
          type: "account",
          template: "verify",
          userId: u.id,
        });
      }
      // Every try fails at once: no retries left, so each job goes to the dead-letter queue.
      await db.execute(
        sql`UPDATE pgboss.job SET retry_limit = 0 WHERE name = 'mail' AND data->>'key' LIKE 'dl-test:%'`,
      );
      await app.jobs.runDue(["mail"]);

      const first = (await call(admin, "GET", "/admin/jobs/dead-letters?size=10")).json();
      expect(first).toMatchObject({
        total: before + 12,
        page: 1,
        size: 10,
        pages: Math.ceil((before + 12) / 10),
      });
      expect(first.items).toHaveLength(10);
      expect(first.items[0]).toMatchObject({
        queue: "mail",
        error: "connect ECONNREFUSED 127.0.0.1:25",
        retries: 0,
      });
      const times = first.items.map((i: { failed_at: string }) => Date.parse(i.failed_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const second = (await call(admin, "GET", "/admin/jobs/dead-letters?size=10&page=2")).json();
      expect(second.items.length).toBe(Math.min(10, before + 2));
      const ids = new Set([...first.items, ...second.items].map((i: { id: string }) => i.id));
      expect(ids.size).toBe(first.items.length + second.items.length);

      // Failed in the same millisecond, two may tie on the time: look on both pages.
      const target = [...first.items, ...second.items].find(
        (i: { data: { userId?: string } }) => i.data.userId === users[11]!.id,
      );
      expect(target).toBeDefined();
      const redriven = await call(admin, "POST", `/admin/jobs/dead-letters/${target.id}/redrive`);
      expect(redriven.statusCode).toBe(200);
      expect(redriven.json()).toEqual({ message: "The job was put back on its queue" });
      expect((await call(admin, "POST", `/admin/jobs/dead-letters/${target.id}/redrive`)).statusCode).toBe(
        404,
      );
      expect((await call(admin, "POST", `/admin/jobs/dead-letters/nope/redrive`)).statusCode).toBe(404);
      expect((await call(admin, "GET", "/admin/jobs/dead-letters")).json().total).toBe(before + 11);
      fail = false;
      await app.jobs.runDue(["mail"]);
      expect(sent).toEqual([users[11]!.email]);
      const [entry] = await queryRows<{ action: string; entity_id: string }>(
        db,
        sql`SELECT action, entity_id FROM audit_log WHERE entity = 'job' ORDER BY id DESC LIMIT 1`,
      );
      expect(entry).toEqual({ action: "job.redrive", entity_id: target.id });
      expect((await call(manager, "POST", `/admin/jobs/dead-letters/${target.id}/redrive`)).statusCode).toBe(
        403,
      );
    } finally {
      await app.close();
    }
  });
});
