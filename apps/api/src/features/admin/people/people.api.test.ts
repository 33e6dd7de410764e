import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../app";
import { at, book, fundedUser, HOUR } from "../../bookings/bookings.test-kit";
import { queryRows } from "../../../db/client";
import type { MailMessage } from "../../../lib/mailer";
import { hashPassword } from "../../../lib/passwords";
import { bearer, createStaff, createUser, operatorId, parksOf, type TestUser } from "../../../test/factories";
import { createTestContext, withTestContext, type TestContext } from "../../../test/harness";
import { readMailbox, type Mailbox } from "../../../test/mailbox";

let ctx: TestContext;
let harbourview: number;
let citypark: number;
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

/** The token of the last invitation link mailed to `to` (the mail jobs run first). */
async function inviteToken(box: Mailbox, to: string): Promise<string> {
  const mails = (await readMailbox(box)).filter((m) => m.to.includes(to));
  const links = [...(mails.at(-1)?.body ?? "").matchAll(/https?:\/\/[^\s"<>]+\/staff-invite\/([\w-]+)/g)];
  if (!links[0]) throw new Error(`no invitation mailed to ${to}`);
  return links[0][1]!;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  harbourview = await operatorId(db, "Harbourview Parking Ltd");
  citypark = await operatorId(db, "Citypark Nigeria");
  admin = await createStaff(db, "admin");
  manager = await signIn("manager@parkwell.test", "manage-parks-2026");
});
afterAll(async () => {
  await ctx?.close();
});

describe("staff invitations", () => {
  it("a manager invites an employee: the mail's link shows the invitation, sets a password and signs in", async () => {
    const db = ctx.database.db;
    const [lagos] = await parksOf(db, harbourview, "Lagos");
    const email = newEmail();
    const sent = await call(manager, "POST", "/admin/staff/invitations", {
      email: email.toUpperCase(),
      role: "employee",
      park_ids: [lagos],
      language: "fr",
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      message: `Invitation sent to ${email}`,
      invitation: {
        email,
        role: "employee",
        status: "pending",
        operator: { id: harbourview, name: "Harbourview Parking Ltd" },
        parks: [{ id: lagos }],
        invited_by: { email: "manager@parkwell.test" },
      },
    });
    // The queue carries the invitation's id, never a link: the token is made when the mail is sent.
    const jobs = await queryRows<{ data: Record<string, unknown> }>(
      db,
      sql`SELECT data FROM pgboss.job WHERE name = 'mail' AND data->>'type' = 'invitation'
        AND data->>'invitationId' = ${sent.json().invitation.id}`,
    );
    expect(jobs).toHaveLength(1);
    expect(Object.keys(jobs[0]!.data).sort()).toEqual(["invitationId", "key", "language", "type"]);

    const token = await inviteToken(ctx, email);
    const mail = (await readMailbox(ctx)).filter((m) => m.to.includes(email)).at(-1)!;
    expect(mail.subject).toBe("Invitation à rejoindre Harbourview Parking Ltd sur Parkwell");
    expect(JSON.stringify(await queryRows(db, sql`SELECT data FROM pgboss.job`))).not.toContain(token);

    const shown = await call(null, "GET", `/staff/invitations/${token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      email,
      role: "employee",
      operator: "Harbourview Parking Ltd",
      invited_by: expect.stringContaining("Morayo"),
      account_exists: false,
    });

    const short = await call(null, "POST", `/staff/invitations/${token}/accept`, {
      password: "short",
      first_name: "Tobi",
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().fields).toEqual({
      password: "Password must be at least 8 characters",
      last_name: "This field is required!",
    });

    const accepted = await call(null, "POST", `/staff/invitations/${token}/accept`, {
      password: "gate-keeper-2026",
      first_name: "Tobi",
      last_name: "Bello",
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user).toMatchObject({ email, first_name: "Tobi", email_verified: true });
    const me = await call({ token: accepted.json().access_token }, "GET", "/admin/me");
    expect(me.json()).toMatchObject({
      role: "employee",
      operator: { id: harbourview },
      parks: [lagos],
    });
    // The password works for signing in later.
    expect((await login(email, "gate-keeper-2026")).statusCode).toBe(200);

    // A link works once.
    const again = await call(null, "GET", `/staff/invitations/${token}`);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({
      code: "invitation_used",
      message: "This invitation has already been accepted. Please sign in.",
    });
    const reuse = await call(null, "POST", `/staff/invitations/${token}/accept`, {
      password: "another-password",
      first_name: "X",
      last_name: "Y",
    });
    expect(reuse.statusCode).toBe(410);
    const unknown = await call(null, "GET", `/staff/invitations/not-a-real-token-at-all`, undefined, {
      "accept-language": "fr",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(
      "Ce lien d'invitation n'est pas valide. Veuillez en demander un nouveau.",
    );

    const audit = await queryRows<{ action: string }>(
      db,
      sql`SELECT action FROM audit_log WHERE entity IN ('invitation', 'staff')
        AND (entity_id = ${sent.json().invitation.id} OR entity_id = ${accepted.json().user.id}) ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(["invitation.create", "invitation.accept"]);
  });

  it("an expired link is refused; a resend rotates the link and gives 7 more days", async () => {
    const db = ctx.database.db;
    const [park] = await parksOf(db, harbourview);
    const email = newEmail();
    const sent = await call(manager, "POST", "/admin/staff/invitations", {
      email,
      role: "pos_operator",
      park_ids: [park],
    });
    const id = sent.json().invitation.id as string;
    const first = await inviteToken(ctx, email);
    await db.execute(
      sql`UPDATE staff_invitations SET expires_at = now() - interval '1 minute' WHERE id = ${id}`,
    );
    const expired = await call(null, "GET", `/staff/invitations/${first}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe("invitation_expired");
    const list = (await call(manager, "GET", "/admin/staff/invitations?size=100")).json();
    expect(list.items.find((i: { id: string }) => i.id === id).status).toBe("expired");

    const resent = await call(manager, "POST", `/admin/staff/invitations/${id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().invitation.status).toBe("pending");
    expect(Date.parse(resent.json().invitation.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const second = await inviteToken(ctx, email);
    expect(second).not.toBe(first);
    expect((await call(null, "GET", `/staff/invitations/${first}`)).statusCode).toBe(404);
    expect((await call(null, "GET", `/staff/invitations/${second}`)).statusCode).toBe(200);
  });

  it("a withdrawn invitation's link stops working and cannot be resent", async () => {
    const db = ctx.database.db;
    const [park] = await parksOf(db, harbourview);
    const email = newEmail();
    const id = (
      await call(manager, "POST", "/admin/staff/invitations", { email, role: "employee", park_ids: [park] })
    ).json().invitation.id;
    const token = await inviteToken(ctx, email);
    const revoked = await call(manager, "DELETE", `/admin/staff/invitations/${id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ message: "Invitation withdrawn" });
    const res = await call(null, "POST", `/staff/invitations/${token}/accept`, {
      password: "long-enough-1",
      first_name: "A",
      last_name: "B",
    });
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe("invitation_revoked");
    expect((await call(manager, "POST", `/admin/staff/invitations/${id}/resend`)).statusCode).toBe(409);
    const list = (await call(manager, "GET", "/admin/staff/invitations?size=100")).json();
    expect(list.items.map((i: { id: string }) => i.id)).not.toContain(id);
  });

  it("refuses bad invitations with 422 and changes nothing", async () => {
    const db = ctx.database.db;
    const [park] = await parksOf(db, harbourview);
    const count = async () =>
      (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM staff_invitations`))[0]!.n;
    const before = await count();
    const cases: [object, Record<string, string>][] = [
      [{ email: "nope", role: "employee", park_ids: [park] }, { email: "Please enter a valid email" }],
      [{ email: newEmail(), role: "admin" }, { role: "You cannot give this role" }],
      [{ email: newEmail(), role: "employee", park_ids: [] }, { park_ids: "Choose at least one park" }],
      [
        { email: newEmail(), role: "branch_manager", park_ids: [park] },
        { park_ids: "This role works at every park of its operator: choose no parks" },
      ],
      [
        { email: newEmail(), role: "employee", park_ids: [park], operator_id: citypark },
        { operator_id: "Unknown operator" },
      ],
      [
        { email: newEmail(), role: "pilot" },
        { role: "role must be one of admin, branch_manager, employee, pos_operator, delivery_boy" },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await call(manager, "POST", "/admin/staff/invitations", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().fields).toEqual(fields);
    }
    const adminCases: [object, Record<string, string>][] = [
      [
        { email: newEmail(), role: "employee", park_ids: [park] },
        { operator_id: "Choose the operator this person works for" },
      ],
      [
        { email: newEmail(), role: "admin", operator_id: harbourview },
        { operator_id: "A Parkwell admin belongs to no operator" },
      ],
    ];
    for (const [body, fields] of adminCases) {
      const res = await call(admin, "POST", "/admin/staff/invitations", body);
      expect(res.statusCode).toBe(422);
      expect(res.json().fields).toEqual(fields);
    }
    expect(await count()).toBe(before);
  });

  it("an existing account joins only with its own password, keeping its name", async () => {
    const db = ctx.database.db;
    const email = newEmail();
    const driver = await createUser(db, {
      email,
      firstName: "Chidi",
      passwordHash: await hashPassword("driver-password-1"),
    });
    const [park] = await parksOf(db, harbourview);
    await call(manager, "POST", "/admin/staff/invitations", { email, role: "employee", park_ids: [park] });
    const token = await inviteToken(ctx, email);
    expect((await call(null, "GET", `/staff/invitations/${token}`)).json().account_exists).toBe(true);
    const wrong = await call(null, "POST", `/staff/invitations/${token}/accept`, {
      password: "not-my-password",
      first_name: "Mallory",
      last_name: "Evil",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(
      "This e-mail already has a Parkwell account: enter its password to accept",
    );
    const me = await call(driver, "GET", "/admin/me");
    expect(me.statusCode).toBe(403);

    const ok = await call(null, "POST", `/staff/invitations/${token}/accept`, {
      password: "driver-password-1",
      first_name: "Mallory",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ id: driver.id, first_name: "Chidi" });
    expect((await call(driver, "GET", "/admin/me")).json()).toMatchObject({
      role: "employee",
      parks: [park],
    });
  });

  it("throttles wrong passwords per link", async () => {
    const db = ctx.database.db;
    const email = newEmail();
    await createUser(db, { email, passwordHash: await hashPassword("driver-password-1") });
    const [park] = await parksOf(db, harbourview);
    await call(manager, "POST", "/admin/staff/invitations", { email, role: "employee", park_ids: [park] });
    const token = await inviteToken(ctx, email);
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await call(null, "POST", `/staff/invitations/${token}/accept`, { password: "guess-" + i }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe("staff scope", () => {
  it("Harbourview's manager neither sees nor touches Citypark's staff, parks or invitations", async () => {
    const db = ctx.database.db;
    const [cityParkId] = await parksOf(db, citypark);
    const [ownPark] = await parksOf(db, harbourview);
    const cityEmployee = await createStaff(db, "employee", { operatorId: citypark, parkIds: [cityParkId!] });
    const cityInvite = await call(admin, "POST", "/admin/staff/invitations", {
      email: newEmail(),
      role: "employee",
      park_ids: [cityParkId],
      operator_id: citypark,
    });
    expect(cityInvite.statusCode).toBe(201);
    const cityInviteId = cityInvite.json().invitation.id;

    const foreign = await call(manager, "POST", "/admin/staff/invitations", {
      email: newEmail(),
      role: "employee",
      park_ids: [ownPark, cityParkId],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: "not_found", message: "Park not found" });

    const staff = (await call(manager, "GET", "/admin/staff?size=1000")).json();
    expect(staff.items.length).toBeGreaterThan(0);
    for (const s of staff.items) expect(s.operator?.id).toBe(harbourview);
    const invitations = (await call(manager, "GET", "/admin/staff/invitations?size=1000")).json();
    for (const i of invitations.items) expect(i.operator?.id).toBe(harbourview);

    expect(
      (await call(manager, "PATCH", `/admin/staff/${cityEmployee.id}`, { role: "pos_operator" })).statusCode,
    ).toBe(404);
    expect((await call(manager, "DELETE", `/admin/staff/${cityEmployee.id}`)).statusCode).toBe(404);
    expect((await call(manager, "DELETE", `/admin/staff/invitations/${cityInviteId}`)).statusCode).toBe(404);
    expect((await call(manager, "POST", `/admin/staff/invitations/${cityInviteId}/resend`)).statusCode).toBe(
      404,
    );
    expect((await call(manager, "PATCH", `/admin/staff/not-a-uuid`, { role: "employee" })).statusCode).toBe(
      404,
    );

    const options = (await call(manager, "GET", "/admin/staff/options")).json();
    expect(options.roles).toEqual(["branch_manager", "employee", "pos_operator", "delivery_boy"]);
    expect(options.operators.map((o: { id: number }) => o.id)).toEqual([harbourview]);

    // The admin sees both operators' staff, and can filter by one.
    const all = (await call(admin, "GET", `/admin/staff?operator_id=${citypark}&size=1000`)).json();
    expect(all.items.map((s: { id: string }) => s.id)).toContain(cityEmployee.id);
  });

  it("drivers and attendants get 403 on every people route", async () => {
    const driver = await createUser(ctx.database.db);
    const attendant = await signIn("attendant@parkwell.test", "check-cars-2026");
    const routes: [Method, string][] = [
      ["GET", "/admin/staff"],
      ["GET", "/admin/staff/invitations"],
      ["POST", "/admin/staff/invitations"],
      ["GET", "/admin/customers"],
      ["GET", "/admin/inquiries"],
      ["GET", "/admin/audit"],
      ["GET", "/admin/jobs/dead-letters"],
    ];
    for (const user of [driver, attendant]) {
      for (const [method, url] of routes) {
        const res = await call(user, method, url, method === "POST" ? { email: "x" } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    // A manager has the staff section only.
    for (const url of ["/admin/customers", "/admin/inquiries", "/admin/audit", "/admin/jobs/dead-letters"]) {
      expect((await call(manager, "GET", url)).statusCode).toBe(403);
    }
  });

  it("edits a staff member's role and parks, and removes them (back to a driver, audited)", async () => {
    const db = ctx.database.db;
    const [a, b] = await parksOf(db, harbourview);
    const employee = await createStaff(db, "employee", { operatorId: harbourview, parkIds: [a!] });
    const edited = await call(manager, "PATCH", `/admin/staff/${employee.id}`, {
      role: "pos_operator",
      park_ids: [a, b],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      role: "pos_operator",
      parks: expect.arrayContaining([expect.objectContaining({ id: b })]),
    });
    expect((await call(manager, "PATCH", `/admin/staff/${employee.id}`, { role: "admin" })).statusCode).toBe(
      422,
    );
    const self = await call(manager, "PATCH", `/admin/staff/${manager.id}`, {
      role: "employee",
      park_ids: [a],
    });
    expect(self.statusCode).toBe(422);

    const removed = await call(manager, "DELETE", `/admin/staff/${employee.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe("Ada Obi is no longer on the staff");
    const [row] = await queryRows<{ role: string; operator_id: number | null; parks: number }>(
      db,
      sql`SELECT role, operator_id, (SELECT count(*)::int FROM staff_parks WHERE user_id = u.id) AS parks
        FROM users u WHERE id = ${employee.id}`,
    );
    expect(row).toEqual({ role: "customer", operator_id: null, parks: 0 });
    // Still signed in as a driver; the back office is closed to them from the next request.
    expect((await call(employee, "GET", "/users/profile")).statusCode).toBe(200);
    expect((await call(employee, "GET", "/admin/me")).statusCode).toBe(403);
    const audit = await queryRows<{ action: string }>(
      db,
      sql`SELECT action FROM audit_log WHERE entity = 'staff' AND entity_id = ${employee.id} ORDER BY id`,
    );
    expect(audit.map((x) => x.action)).toEqual(["staff.update", "staff.remove"]);
  });
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
