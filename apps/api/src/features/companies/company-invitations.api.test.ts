// A company's invitations (decision 030): owners and admins invite by e-mail through the job
// queue; the link lets the invited address join, with its account or a new one made from the link.
// On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../lib/passwords";
import { bearer, createUser, signInAgain, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { lastLink, readMailbox } from "../../test/mailbox";
import { addMember, createCompany, type TestCompany } from "./companies.test-kit";

let ctx: TestContext;
let now = new Date("2026-11-14T09:00:00Z");
beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => now });
});
afterAll(() => ctx?.close());

let counter = 0;
const address = (name: string) => `${name}.${++counter}.${Date.now()}@invite.test`;

const invite = (company: TestCompany | { id: number }, by: TestUser, payload: object, lang = "en") =>
  ctx.app.inject({
    method: "POST",
    url: `/api/v1/business/companies/${company.id}/invitations`,
    headers: { ...bearer(by), "accept-language": lang },
    payload,
  });

const show = (token: string) => ctx.app.inject({ url: `/api/v1/business/invitations/${token}` });

/** Joins with `payload`, the Terms box ticked as the join form requires (`acceptRaw`: as given). */
const acceptRaw = (token: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/v1/business/invitations/${token}/accept`,
    headers,
    payload,
  });
const accept = (token: string, payload: object, headers: Record<string, string> = {}) =>
  acceptRaw(token, { accept_terms: true, ...payload }, headers);

/** The Terms the user is still asked to accept (null: none), as the notice at the foot reads it. */
const termsToAccept = async (accessToken: string) =>
  (
    await ctx.app.inject({
      url: "/api/v1/terms/status",
      headers: { authorization: `Bearer ${accessToken}` },
    })
  ).json().terms_to_accept;

const members = async (company: { id: number }, owner: TestUser) =>
  (
    await ctx.app.inject({
      url: `/api/v1/business/companies/${company.id}/members?size=50`,
      headers: bearer(owner),
    })
  ).json().items as { email: string; role: string; cost_centre: string }[];

/** The token of the last invitation link mailed to `to`. */
const tokenFor = async (to: string) =>
  (await lastLink(ctx, to, "/business-invite")).searchParams.get("token")!;

describe("inviting someone new", () => {
  it("mails a link in the chosen language; the new address registers from it and joins", async () => {
    const db = ctx.database.db;
    const company = await createCompany(db, { name: "Invite Logistics Ltd" });
    const email = address("newcomer");
    const sent = await invite(company, company.owner, {
      email,
      role: "member",
      cost_centre: "Sales",
      language: "fr",
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      message: `Invitation sent to ${email}`,
      invitation: { email, role: "member", cost_centre: "Sales", status: "pending" },
    });
    const mail = (await readMailbox(ctx)).filter((m) => m.to.includes(email)).pop()!;
    expect(mail.subject).toBe("Invitation à rejoindre Invite Logistics Ltd sur Parkwell");
    const token = await tokenFor(email);

    const seen = await show(token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      company: "Invite Logistics Ltd",
      email,
      role: "member",
      account_exists: false,
    });

    const missing = await accept(token, { password: "short" }, { "accept-language": "fr" });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().fields).sort()).toEqual(["first_name", "last_name", "password"]);

    const joined = await accept(token, {
      first_name: "Ngozi",
      last_name: "Eze",
      password: "a-long-enough-password-2026",
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({
      token_type: "bearer",
      user: { email, first_name: "Ngozi", last_name: "Eze" },
      company: { id: company.id, name: "Invite Logistics Ltd" },
    });
    expect(await members(company, company.owner)).toContainEqual(
      expect.objectContaining({ email, role: "member", cost_centre: "Sales" }),
    );
    // The new account is signed in and sees the company; the link is spent.
    const mine = await ctx.app.inject({
      url: "/api/v1/business/companies",
      headers: { authorization: `Bearer ${joined.json().access_token}` },
    });
    expect(mine.json().items.map((c: { id: number }) => c.id)).toEqual([company.id]);
    const again = await accept(token, { password: "a-long-enough-password-2026" });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe("invitation_used");
    const list = await ctx.app.inject({
      url: `/api/v1/business/companies/${company.id}/invitations`,
      headers: bearer(company.owner),
    });
    expect(list.json().total).toBe(0);
  });
});

describe("inviting a driver who has an account", () => {
  it("joins signed in as the address, or with its password; never as another account", async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const email = address("driver");
    const driver = await createUser(db, {
      email,
      passwordHash: await hashPassword("drive-safely-2026"),
    });
    const other = await createUser(db);
    expect((await invite(company, company.owner, { email })).statusCode).toBe(201);
    const token = await tokenFor(email);
    expect((await show(token)).json().account_exists).toBe(true);

    const stranger = await accept(token, {}, { ...bearer(other), "accept-language": "fr" });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().message).toBe(
      `Cette invitation a été envoyée à ${email}\u00a0: déconnectez-vous, puis rouvrez le lien pour rejoindre l'entreprise avec cette adresse`,
    );
    const noPassword = await accept(token, {});
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json().fields.password).toBe(
      "This e-mail already has a Parkwell account: enter its password to join",
    );
    const wrong = await accept(token, { password: "not-it" });
    expect(wrong.statusCode).toBe(401);
    expect(await members(company, company.owner)).toHaveLength(1);

    const joined = await accept(token, {}, bearer(driver));
    expect(joined.statusCode).toBe(200);
    expect(joined.json().user.email).toBe(email);
    expect(await members(company, company.owner)).toContainEqual(
      expect.objectContaining({ email, role: "member" }),
    );

    // A second company: the same driver proves the address with its password.
    const second = await createCompany(db);
    await invite(second, second.owner, { email, role: "admin" });
    const joinedSecond = await accept(await tokenFor(email), { password: "drive-safely-2026" });
    expect(joinedSecond.statusCode).toBe(200);
    expect(await members(second, second.owner)).toContainEqual(
      expect.objectContaining({ email, role: "admin" }),
    );
  });
});

describe("who may invite", () => {
  it("owners and admins invite; only an owner invites an admin; members and strangers cannot", async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const admin = await createUser(db);
    const member = await createUser(db);
    const stranger = await createUser(db);
    await addMember(db, company.id, admin, "admin");
    await addMember(db, company.id, member, "member");
    expect((await invite(company, admin, { email: address("a") })).statusCode).toBe(201);
    const adminByAdmin = await invite(company, admin, { email: address("b"), role: "admin" });
    expect(adminByAdmin.statusCode).toBe(403);
    expect((await invite(company, company.owner, { email: address("c"), role: "admin" })).statusCode).toBe(
      201,
    );
    expect((await invite(company, member, { email: address("d") })).statusCode).toBe(403);
    expect((await invite(company, stranger, { email: address("e") })).statusCode).toBe(404);
    const badRole = await invite(company, company.owner, { email: address("f"), role: "owner" }, "fr");
    expect(badRole.statusCode).toBe(422);
    expect(badRole.json().fields.role).toBe("role doit valoir admin ou member");
    const badEmail = await invite(company, company.owner, { email: "nope" });
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().fields.email).toBeTruthy();
  });

  it("says a member is already one, in English and French", async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const member = await createUser(db);
    await addMember(db, company.id, member, "member");
    const en = await invite(company, company.owner, { email: member.email.toUpperCase() });
    expect(en.statusCode).toBe(409);
    const fr = await invite(company, company.owner, { email: member.email }, "fr");
    expect(fr.json().message).toBe(`${member.email} est déjà membre de cette entreprise`);
  });
});

describe("an invitation's life", () => {
  it("a new invitation replaces the open one; a withdrawn or expired link stops working", async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const email = address("twice");
    await invite(company, company.owner, { email });
    const first = await tokenFor(email);
    await invite(company, company.owner, { email });
    const second = await tokenFor(email);
    expect(second).not.toBe(first);
    expect((await show(first)).json().code).toBe("invitation_revoked");
    expect((await show(second)).statusCode).toBe(200);

    const url = `/api/v1/business/companies/${company.id}/invitations`;
    const open = (await ctx.app.inject({ url, headers: bearer(company.owner) })).json();
    expect(open.total).toBe(1);
    const id = open.items[0].id as string;
    const withdrawn = await ctx.app.inject({
      method: "DELETE",
      url: `${url}/${id}`,
      headers: bearer(company.owner),
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await show(second)).statusCode).toBe(410);
    const twice = await ctx.app.inject({
      method: "DELETE",
      url: `${url}/${id}`,
      headers: bearer(company.owner),
    });
    expect(twice.statusCode).toBe(404);
    const junk = await ctx.app.inject({
      method: "DELETE",
      url: `${url}/not-an-id`,
      headers: bearer(company.owner),
    });
    expect(junk.statusCode).toBe(404);
    // Another company's owner cannot withdraw it.
    const other = await createCompany(db);
    await invite(company, company.owner, { email });
    const third = (await ctx.app.inject({ url, headers: bearer(company.owner) })).json().items[0].id;
    const foreign = await ctx.app.inject({
      method: "DELETE",
      url: `/api/v1/business/companies/${other.id}/invitations/${third}`,
      headers: bearer(other.owner),
    });
    expect(foreign.statusCode).toBe(404);

    const late = await tokenFor(email);
    const saved = now;
    now = new Date(saved.getTime() + 8 * 86_400_000);
    try {
      expect((await show(late)).json().code).toBe("invitation_expired");
      const owner = await signInAgain(db, company.owner);
      const listed = (await ctx.app.inject({ url, headers: bearer(owner) })).json();
      expect(listed.items[0].status).toBe("expired");
    } finally {
      now = saved;
    }
    expect((await show("no-such-token")).statusCode).toBe(404);
  });

  it("a removed member may be invited again and joins afresh", async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const driver = await createUser(db);
    const memberId = await addMember(db, company.id, driver, "member", "Old");
    await ctx.app.inject({
      method: "DELETE",
      url: `/api/v1/business/companies/${company.id}/members/${memberId}`,
      headers: bearer(company.owner),
    });
    expect(
      (await invite(company, company.owner, { email: driver.email, cost_centre: "New" })).statusCode,
    ).toBe(201);
    const joined = await accept(await tokenFor(driver.email), {}, bearer(driver));
    expect(joined.statusCode).toBe(200);
    expect(await members(company, company.owner)).toContainEqual(
      expect.objectContaining({ email: driver.email, cost_centre: "New" }),
    );
  });
});

describe("the Terms box of the join form", () => {
  it("a join without it is refused 422 and changes nothing; joining records the current Terms", async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const email = address("terms");
    await invite(company, company.owner, { email });
    const token = await tokenFor(email);
    const form = { first_name: "Kemi", last_name: "Ola", password: "a-long-enough-password-2026" };

    const missing = await acceptRaw(token, form);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().fields.accept_terms).toBe("Please Accept our all Terms and Privacy!");
    const unticked = await acceptRaw(token, { ...form, accept_terms: false }, { "accept-language": "fr" });
    expect(unticked.statusCode).toBe(422);
    expect(unticked.json().fields.accept_terms).toBe(
      "Veuillez accepter nos Conditions et notre Politique de confidentialité !",
    );
    // Nothing happened: no account was made, the link still works, the company has its owner only.
    expect((await show(token)).json()).toMatchObject({ account_exists: false });
    expect(await members(company, company.owner)).toHaveLength(1);

    const joined = await accept(token, form);
    expect(joined.statusCode).toBe(200);
    expect(await termsToAccept(joined.json().access_token)).toBeNull();
  });

  it("a driver whose account accepted no Terms is not asked again after joining", async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const driver = await createUser(db);
    expect(await termsToAccept(driver.token)).not.toBeNull();
    await invite(company, company.owner, { email: driver.email });
    const token = await tokenFor(driver.email);

    const refused = await acceptRaw(token, {}, bearer(driver));
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().fields)).toEqual(["accept_terms"]);
    expect(await members(company, company.owner)).toHaveLength(1);

    const joined = await accept(token, {}, bearer(driver));
    expect(joined.statusCode).toBe(200);
    expect(await termsToAccept(joined.json().access_token)).toBeNull();
  });
});
