/**
 * Inviting people into a company (docs/PRODUCT-RULES.md#business-accounts): an owner or admin
 * invites an address by e-mail (a mail job makes the link when it sends, so no usable token waits
 * in the queue); the link lets that address join, signed in as it, proving it with its password,
 * or, for an address without an account, registering one from the link. An invitation never
 * takes an account over, and joining never touches the member's personal account.
 */
import { randomUUID } from "node:crypto";
import {
  AcceptNewAccountSchema,
  INVITATION_DAYS,
  type AcceptCompanyInvitationBody,
  type CompanyInvitation,
  type CompanyJoined,
  type PublicCompanyInvitation,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { MailMessage } from "../../lib/mailer";
import { listPage, offsetOf, type PageQuery } from "../../lib/pagination";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../../lib/passwords";
import { hashToken, newToken } from "../../lib/tokens";
import { createInvitedAccount, sessionFor } from "../accounts/accounts.service";
import { acceptCurrentTermsInTx } from "../pages/pages.service";
import { companyInvitationMail } from "./companies.mail";
import * as companies from "./companies.repo";
import { OWNERS_ONLY } from "./companies.service";
import * as repo from "./company-invitations.repo";
import { DISABLED, manageableCompany } from "./company-wallet.service";
import { presentCompanyInvitation } from "./company-invitations.present";

export const INVITED = "Invitation sent to {email}";
export const INVITATION_WITHDRAWN = "Invitation withdrawn";
export const INVITATION_NOT_FOUND = "Invitation not found";
export const ALREADY_MEMBER = "{email} is already a member of this company";
export const LINK_INVALID = "This invitation link is not valid. Please ask for a new one.";
export const LINK_EXPIRED = "This invitation has expired. Please ask for a new one.";
export const LINK_USED = "This invitation has already been accepted. Please sign in.";
export const LINK_REVOKED = "This invitation was withdrawn. Please ask for a new one.";
export const OTHER_ACCOUNT =
  "This invitation was sent to {email}: sign out, then open the link again to join as that address";
export const PASSWORD_NEEDED = "This e-mail already has a Parkwell account: enter its password to join";
export const WRONG_PASSWORD = "This password is not right for {email}";
export const SOCIAL_ONLY =
  "This e-mail's account signs in with Google or Apple: sign in with it first, then open this link again.";
export const ACCOUNT_DISABLED = "This account has been disabled. Please contact support.";
export const TRY_AGAIN = "Please try again.";

export interface CompanyInvitationsDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
}

const DAY_MS = 86_400_000;

/** GET .../invitations (owners and admins): the open invitations, newest first. */
export async function invitationsOf(
  d: CompanyInvitationsDeps,
  companyId: number,
  userId: string,
  q: PageQuery,
) {
  await manageableCompany(d.db, companyId, userId);
  const { rows, total } = await repo.openInvitations(d.db, companyId, q.size, offsetOf(q));
  const now = d.clock();
  return listPage(
    rows.map((r) => presentCompanyInvitation(r, now)),
    total,
    q,
  );
}

/**
 * POST .../invitations: invites an address (an admin invites members; only an owner invites an
 * admin). A new invitation to the same address replaces its open ones, so inviting again is how
 * a link is sent anew.
 */
export async function invite(
  d: CompanyInvitationsDeps,
  companyId: number,
  userId: string,
  body: { email: string; role: "admin" | "member"; cost_centre: string; language?: "en" | "fr" | undefined },
  language: "en" | "fr",
): Promise<{ message: string; invitation: CompanyInvitation }> {
  const now = d.clock();
  const id = await d.db.transaction(async (tx) => {
    const me = await manageableCompany(d.db, companyId, userId, tx);
    if (me.disabled) throw new AppError(409, "company_disabled", DISABLED);
    if (body.role === "admin" && me.role !== "owner") {
      throw new AppError(403, "company_owners_only", OWNERS_ONLY);
    }
    if (await repo.isActiveMemberByEmail(tx, companyId, body.email)) {
      const text = ALREADY_MEMBER.replace("{email}", body.email);
      throw new AppError(409, "already_member", text, { email: text });
    }
    await repo.revokeOpenInvitations(tx, companyId, body.email, now);
    // The stored hash is of a token nobody holds: the mail job makes the link's token when it sends.
    const created = await repo.insertInvitation(tx, {
      companyId,
      email: body.email,
      role: body.role,
      costCentre: body.cost_centre,
      tokenHash: hashToken(newToken()),
      invitedBy: userId,
      now,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
    });
    await d.jobs.send(tx, "mail", {
      key: `company_invitation:${created}:${randomUUID()}`,
      type: "company_invitation",
      invitationId: created,
      language: body.language ?? language,
    });
    return created;
  });
  const row = await repo.findInvitation(d.db, { id, companyId });
  return { message: INVITED.replace("{email}", body.email), invitation: presentCompanyInvitation(row!, now) };
}

/** DELETE .../invitations/{invitationId}: its link stops working. */
export async function withdraw(
  d: CompanyInvitationsDeps,
  companyId: number,
  userId: string,
  invitationId: string,
): Promise<{ message: string }> {
  await d.db.transaction(async (tx) => {
    const me = await manageableCompany(d.db, companyId, userId, tx);
    const row = UUID.test(invitationId)
      ? await repo.findInvitation(tx, { id: invitationId, companyId }, true)
      : undefined;
    if (!row || row.accepted_at || row.revoked_at) {
      throw AppError.notFound(INVITATION_NOT_FOUND, "invitation_not_found");
    }
    if (row.role === "admin" && me.role !== "owner") {
      throw new AppError(403, "company_owners_only", OWNERS_ONLY);
    }
    await repo.closeInvitation(tx, row.id, "revoked", d.clock());
  });
  return { message: INVITATION_WITHDRAWN };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

declare module "../../jobs/mail-job" {
  interface MailKinds {
    /** An invitation to join a company: the handler makes the link's token when it sends. */
    company_invitation: { invitationId: string; language: "en" | "fr" };
  }
}

/**
 * The invitation e-mail a mail job sends: a fresh token is made now and its hash replaces the
 * stored one. Null when the invitation was accepted, withdrawn or has expired meanwhile.
 */
export async function composeCompanyInvitationMail(
  d: { db: Db; clock: Clock; publicUrl: string },
  invitationId: string,
  language: "en" | "fr",
): Promise<MailMessage | null> {
  const found = await repo.findInvitation(d.db, { id: invitationId });
  if (!found) return null;
  const token = newToken();
  if (!(await repo.rotateToken(d.db, invitationId, hashToken(token), d.clock()))) return null;
  return companyInvitationMail(
    language,
    found.email,
    { inviter: found.inviter_name, company: found.company_name, role: found.role, days: INVITATION_DAYS },
    `${d.publicUrl}/business-invite?token=${token}`,
  );
}

/** The invitation behind a link's token, still open at `now` (`lock`: for joining). */
async function liveInvitation(db: Tx, token: string, now: Date, lock = false) {
  const row = await repo.findInvitation(db, { tokenHash: hashToken(token) }, lock);
  if (!row) throw new AppError(404, "invitation_not_found", LINK_INVALID);
  if (row.accepted_at) throw new AppError(410, "invitation_used", LINK_USED);
  if (row.revoked_at) throw new AppError(410, "invitation_revoked", LINK_REVOKED);
  if (row.expires_at.getTime() <= now.getTime()) throw new AppError(410, "invitation_expired", LINK_EXPIRED);
  return row;
}

/** GET /business/invitations/{token}: who invites whom to which company, before joining. */
export async function showInvitation(
  d: CompanyInvitationsDeps,
  token: string,
): Promise<PublicCompanyInvitation> {
  const row = await liveInvitation(d.db, token, d.clock());
  return {
    company: row.company_name,
    email: row.email,
    role: row.role,
    invited_by: row.inviter_name,
    expires_at: row.expires_at.toISOString(),
    account_exists: Boolean(await repo.accountByEmail(d.db, row.email)),
  };
}

/**
 * POST /business/invitations/{token}/accept. Signed in as the invited address: it joins. Signed
 * in as another account: refused (an invitation is for its address). Not signed in: the address's
 * account proves itself with its password, or a new address registers (verified: the link proved
 * the mailbox) with a name and password. The invitation is closed and the membership made under
 * the invitation's lock, so two tabs make one membership. The Terms box is part of every join
 * (422 without it): the current Terms are recorded as accepted in the same transaction. Answers a
 * session for the account.
 */
export async function acceptInvitation(
  d: CompanyInvitationsDeps,
  token: string,
  body: AcceptCompanyInvitationBody,
  signedIn: { id: string; email: string } | null,
  meta: { ip: string; userAgent?: string | undefined; language: "en" | "fr" },
): Promise<CompanyJoined> {
  const now = d.clock();
  const first = await liveInvitation(d.db, token, now);
  const existing = await repo.accountByEmail(d.db, first.email);
  let newAccount: { passwordHash: string; firstName: string; lastName: string } | null = null;
  if (signedIn && signedIn.id !== existing?.id) {
    throw new AppError(409, "invitation_other_account", OTHER_ACCOUNT.replace("{email}", first.email));
  }
  if (existing) {
    if (existing.disabled) throw new AppError(403, "account_disabled", ACCOUNT_DISABLED);
    if (!signedIn) {
      if (!body.password) {
        throw AppError.validation({ password: PASSWORD_NEEDED });
      }
      if (!existing.passwordHash) {
        await burnPasswordCheck(body.password);
        throw new AppError(409, "sign_in_required", SOCIAL_ONLY);
      }
      if (!(await verifyPassword(existing.passwordHash, body.password))) {
        throw new AppError(401, "invalid_credentials", WRONG_PASSWORD.replace("{email}", first.email));
      }
    }
  } else {
    const parsed = AcceptNewAccountSchema.safeParse(body);
    if (!parsed.success) throw AppError.fromIssues(parsed.error.issues);
    newAccount = {
      passwordHash: await hashPassword(parsed.data.password),
      firstName: parsed.data.first_name,
      lastName: parsed.data.last_name,
    };
  }

  const userId = await d.db.transaction(async (tx) => {
    const row = await liveInvitation(tx, token, now, true);
    let id = existing?.id;
    if (!id) {
      id = await createInvitedAccount(tx, {
        email: row.email,
        ...newAccount!,
        countryId: row.company_country_id,
        language: meta.language,
        now,
      });
      // Registered meanwhile through the public form: that account must be proven first.
      if (!id) throw new AppError(409, "try_again", TRY_AGAIN);
    }
    const [already] = await companies.myCompanies(tx, id, row.company_id);
    if (!already) {
      await companies.insertMember(tx, {
        companyId: row.company_id,
        userId: id,
        role: row.role,
        costCentre: row.cost_centre,
        now,
      });
    }
    // The join form's Terms box was ticked (the body's schema requires it): the current Terms are
    // the member's accepted ones, recorded with the membership (never lowered if already newer).
    await acceptCurrentTermsInTx(tx, id, now);
    await repo.closeInvitation(tx, row.id, "accepted", now);
    return id;
  });
  const session = await sessionFor(d, userId, meta);
  return { ...session, company: { id: first.company_id, name: first.company_name } };
}
