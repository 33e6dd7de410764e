import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../db/client";
import { hashPassword } from "../../../lib/passwords";
import { bearer, createStaff, createUser, operatorId, parksOf, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
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
