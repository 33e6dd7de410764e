/**
 * Staff and their invitations (docs/PRODUCT-RULES.md#back-office-people): an operator's staff is
 * managed by its branch manager, every operator's by Parkwell's admins; someone joins by an
 * e-mailed invitation whose link sets their password (or, for an existing account, asks for it).
 */
import { randomUUID } from "node:crypto";
import {
  AcceptNewAccountSchema,
  INVITATION_DAYS,
  type AcceptInvitationBody,
  type AuthResponse,
  type InvitableRole,
  type Invitation,
  type PublicInvitation,
  type StaffMember,
} from "@parkwell/contract";
import type { z } from "zod";
import type { CreateInvitationSchema, StaffListQuerySchema, UpdateStaffSchema } from "@parkwell/contract";
import type { Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import type { Jobs } from "../../../jobs/queue";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import type { MailMessage } from "../../../lib/mailer";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../../../lib/passwords";
import { hashToken, newToken } from "../../../lib/tokens";
import { getProfile } from "../../accounts/profile.service";
import { startSession, type AuthUser } from "../../sessions/sessions.service";
import type { StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import { invitationMail } from "./people.mail";
import {
  STAFF_MESSAGES as M,
  assignableRoles,
  invitationState,
  isUuid,
  parksError,
  parksInScope,
  resolveOperator,
  type Actor,
  type FieldErrors,
} from "./staff.domain";
import * as repo from "./staff.repo";
import { iso } from "../../../lib/iso";
import { listPage, offsetOf } from "../../../lib/pagination";
import { presentInvitation, presentStaff } from "./staff.present";

export interface StaffDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  publicUrl: string;
}

const DISABLED = "This account has been disabled. Please contact support.";

const actorOf = (a: StaffAccess): Actor => ({
  userId: a.userId,
  role: a.role,
  operatorId: a.operator?.id ?? null,
  parkIds: a.parkIds,
});

/** The operator whose staff a caller sees: undefined for an admin (every operator's). */
function operatorScope(access: StaffAccess): number | undefined {
  if (access.role === "admin") return undefined;
  // Staff without an operator manage nobody: a scope that matches no row.
  return access.operator?.id ?? -1;
}

export async function listStaff(db: Db, access: StaffAccess, query: z.output<typeof StaffListQuerySchema>) {
  const scope = operatorScope(access);
  const operatorId = scope === undefined ? query.operator_id : scope;
  const { rows, total } = await repo.listStaff(
    db,
    { operatorId, search: query.search, role: query.role },
    { limit: query.size, offset: offsetOf(query) },
  );
  return listPage(rows.map(presentStaff), total, query);
}

export async function listInvitations(
  d: StaffDeps,
  access: StaffAccess,
  query: { page: number; size: number },
) {
  const { rows, total } = await repo.listOpenInvitations(d.db, operatorScope(access), {
    limit: query.size,
    offset: offsetOf(query),
  });
  const now = d.clock();
  return listPage(
    rows.map((r) => presentInvitation(r, now)),
    total,
    query,
  );
}

/** A staff member the caller manages, else the same 404 as a missing one. */
async function managedStaff(db: Tx, access: StaffAccess, id: string): Promise<repo.StaffRow> {
  const row = isUuid(id) ? await repo.findStaff(db, id) : undefined;
  const scope = operatorScope(access);
  if (!row || (scope !== undefined && row.operator_id !== scope)) {
    throw new AppError(404, "not_found", M.staffNotFound);
  }
  return row;
}

async function managedInvitation(db: Tx, access: StaffAccess, id: string): Promise<repo.InvitationRow> {
  const row = isUuid(id) ? await repo.findInvitation(db, { id }) : undefined;
  const scope = operatorScope(access);
  if (!row || (scope !== undefined && row.operator_id !== scope)) {
    throw new AppError(404, "not_found", M.invitationNotFound);
  }
  return row;
}

/**
 * Checks a role and parks the caller wants to give: the role is one they may give, the operator
 * theirs (or, for an admin, one that exists), the parks that operator's and in their own scope.
 */
async function checkAssignment(
  db: Tx,
  access: StaffAccess,
  role: InvitableRole,
  parkIds: readonly number[],
  askedOperator: number | null | undefined,
): Promise<{ operatorId: number | null; operatorName: string | null }> {
  const actor = actorOf(access);
  const resolved = resolveOperator(actor, role, askedOperator);
  if ("errors" in resolved) throw AppError.validation(resolved.errors);
  const errors: FieldErrors | null = parksError(role, parkIds);
  if (errors) throw AppError.validation(errors);
  if (resolved.operatorId === null) return { operatorId: null, operatorName: null };
  const name = await repo.operatorName(db, resolved.operatorId);
  if (!name) throw AppError.validation({ operator_id: M.operatorUnknown });
  if (parkIds.length > 0) {
    const own = await repo.operatorParkIds(db, resolved.operatorId);
    if (!parksInScope(actor, parkIds, own)) throw new AppError(404, "not_found", M.parkNotFound);
  }
  return { operatorId: resolved.operatorId, operatorName: name };
}

declare module "../../../jobs/mail-job" {
  interface MailKinds {
    /** A staff invitation: the handler makes the link's token when it sends (`composeInvitationMail`). */
    invitation: { invitationId: string; language: "en" | "fr" };
  }
}

function queueInvitationMail(d: StaffDeps, tx: Tx, invitationId: string, language: "en" | "fr") {
  return d.jobs.send(tx, "mail", {
    key: `invitation:${invitationId}:${randomUUID()}`,
    type: "invitation",
    invitationId,
    language,
  });
}

export async function invite(
  d: StaffDeps,
  access: StaffAccess,
  actor: AuditActor,
  body: z.output<typeof CreateInvitationSchema>,
  language: "en" | "fr",
): Promise<{ message: string; invitation: Invitation }> {
  const now = d.clock();
  const id = await d.db.transaction(async (tx) => {
    const { operatorId } = await checkAssignment(tx, access, body.role, body.park_ids, body.operator_id);
    const existing = await repo.findUserIdByEmail(tx, body.email);
    // Already staff where the caller can see it: say so. Another operator's staff is not told
    // apart from anyone else (accepting then needs that account's password).
    if (
      existing &&
      existing.role !== "customer" &&
      (access.role === "admin" || existing.operator_id === operatorId)
    ) {
      throw new AppError(409, "already_staff", M.alreadyStaff);
    }
    await repo.revokeOpenInvitations(tx, body.email, operatorId, now);
    // The stored hash is of a token nobody holds: the mail job makes the link's token when it sends.
    const created = await repo.insertInvitation(tx, {
      operatorId,
      email: body.email,
      role: body.role,
      parkIds: body.park_ids,
      tokenHash: hashToken(newToken()),
      invitedBy: access.userId,
      now,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
    });
    await queueInvitationMail(d, tx, created, body.language ?? language);
    await recordAudit(tx, actor, {
      action: "invitation.create",
      entity: "invitation",
      entityId: created,
      operatorId,
      after: { email: body.email, role: body.role, park_ids: body.park_ids, operator_id: operatorId },
    });
    return created;
  });
  const row = await repo.findInvitation(d.db, { id });
  return { message: M.invited.replace("{email}", body.email), invitation: presentInvitation(row!, now) };
}

/** Sends the invitation again with a new link (the earlier one stops working) and 7 more days. */
export async function resendInvitation(
  d: StaffDeps,
  access: StaffAccess,
  actor: AuditActor,
  id: string,
  language: "en" | "fr",
): Promise<{ message: string; invitation: Invitation }> {
  const now = d.clock();
  await d.db.transaction(async (tx) => {
    const row = await managedInvitation(tx, access, id);
    if (row.accepted_at || row.revoked_at) throw new AppError(409, "invitation_closed", M.invitationClosed);
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
    await repo.updateInvitation(tx, id, { tokenHash: hashToken(newToken()), expiresAt });
    await queueInvitationMail(d, tx, id, language);
    await recordAudit(tx, actor, {
      action: "invitation.resend",
      entity: "invitation",
      entityId: id,
      operatorId: row.operator_id,
      before: { expires_at: iso(row.expires_at) },
      after: { expires_at: expiresAt.toISOString() },
    });
  });
  const row = await repo.findInvitation(d.db, { id });
  return { message: M.resent.replace("{email}", row!.email), invitation: presentInvitation(row!, now) };
}

export async function revokeInvitation(
  d: StaffDeps,
  access: StaffAccess,
  actor: AuditActor,
  id: string,
): Promise<{ message: string }> {
  const now = d.clock();
  await d.db.transaction(async (tx) => {
    const row = await managedInvitation(tx, access, id);
    if (row.accepted_at || row.revoked_at) throw new AppError(409, "invitation_closed", M.invitationClosed);
    await repo.updateInvitation(tx, id, { revokedAt: now });
    await recordAudit(tx, actor, {
      action: "invitation.revoke",
      entity: "invitation",
      entityId: id,
      operatorId: row.operator_id,
      before: { email: row.email, role: row.role },
      after: { revoked_at: now.toISOString() },
    });
  });
  return { message: M.revoked };
}

/**
 * The invitation e-mail a mail job sends: a fresh token is made now and its hash replaces the
 * stored one, so the queue's table never holds a usable link. Null when the invitation was
 * accepted, withdrawn or has expired meanwhile.
 */
export async function composeInvitationMail(
  d: { db: Db; clock: Clock; publicUrl: string },
  invitationId: string,
  language: "en" | "fr",
): Promise<MailMessage | null> {
  const row = await repo.findInvitation(d.db, { id: invitationId });
  if (!row) return null;
  const token = newToken();
  if (!(await repo.rotateInvitationToken(d.db, invitationId, hashToken(token), d.clock()))) return null;
  return invitationMail(
    language,
    row.email,
    { inviter: row.inviter_name, operator: row.operator_name, role: row.role, days: INVITATION_DAYS },
    `${d.publicUrl}/staff-invite/${token}`,
  );
}

export async function updateStaff(
  d: StaffDeps,
  access: StaffAccess,
  actor: AuditActor,
  id: string,
  body: z.output<typeof UpdateStaffSchema>,
): Promise<StaffMember> {
  const now = d.clock();
  await d.db.transaction(async (tx) => {
    const row = await managedStaff(tx, access, id);
    if (row.id === access.userId) throw AppError.validation({ role: M.notYourself });
    const current = row.role as InvitableRole;
    // A caller may only touch someone holding a role they could give (a manager never edits an admin).
    if (!assignableRoles(actorOf(access)).includes(current)) {
      throw new AppError(404, "not_found", M.staffNotFound);
    }
    const role = body.role ?? current;
    const currentParks = (row.parks ?? []).map((p) => p.id);
    const parks = body.park_ids ?? (role === "admin" || role === "branch_manager" ? [] : currentParks);
    const askedOperator = access.role === "admin" ? (role === "admin" ? null : row.operator_id) : undefined;
    const { operatorId } = await checkAssignment(tx, access, role, parks, askedOperator);
    await repo.setStaffRole(tx, row.id, { role, operatorId, parkIds: parks, now });
    await recordAudit(tx, actor, {
      action: "staff.update",
      entity: "staff",
      entityId: row.id,
      operatorId: operatorId ?? row.operator_id,
      before: { role: row.role, operator_id: row.operator_id, park_ids: currentParks },
      after: { role, operator_id: operatorId, park_ids: parks },
    });
  });
  return presentStaff((await repo.findStaff(d.db, id))!);
}

/**
 * Takes someone off the staff: back to a driver's account (role customer, no operator, no parks).
 * Their sessions stay: every back-office request reads the role afresh, so the back office closes
 * to them at their next request while their own bookings and wallet stay reachable.
 */
export async function removeStaff(
  d: StaffDeps,
  access: StaffAccess,
  actor: AuditActor,
  id: string,
): Promise<{ message: string }> {
  const now = d.clock();
  const name = await d.db.transaction(async (tx) => {
    const row = await managedStaff(tx, access, id);
    if (row.id === access.userId) throw AppError.validation({ id: M.notYourself });
    if (!assignableRoles(actorOf(access)).includes(row.role as InvitableRole)) {
      throw new AppError(404, "not_found", M.staffNotFound);
    }
    await repo.setStaffRole(tx, row.id, { role: "customer", operatorId: null, parkIds: [], now });
    await recordAudit(tx, actor, {
      action: "staff.remove",
      entity: "staff",
      entityId: row.id,
      operatorId: row.operator_id,
      before: {
        role: row.role,
        operator_id: row.operator_id,
        park_ids: (row.parks ?? []).map((p) => p.id),
      },
      after: { role: "customer", operator_id: null, park_ids: [] },
    });
    return `${row.first_name} ${row.last_name}`.trim() || row.email;
  });
  return { message: M.removed.replace("{name}", name) };
}

// ---------------------------------------------------------------------------------------------
// The invitation link (public: the token is the key)

async function liveInvitation(db: Tx, token: string, now: Date, lock = false): Promise<repo.InvitationRow> {
  const row = await repo.findInvitation(db, { tokenHash: hashToken(token) }, lock);
  if (!row) throw new AppError(404, "invitation_not_found", M.linkInvalid);
  const state = invitationState(
    {
      acceptedAt: row.accepted_at ? new Date(row.accepted_at) : null,
      revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
      expiresAt: new Date(row.expires_at),
    },
    now,
  );
  if (state === "accepted") throw new AppError(410, "invitation_used", M.linkUsed);
  if (state === "revoked") throw new AppError(410, "invitation_revoked", M.linkRevoked);
  if (state === "expired") throw new AppError(410, "invitation_expired", M.linkExpired);
  return row;
}

export async function showInvitation(d: StaffDeps, token: string): Promise<PublicInvitation> {
  const row = await liveInvitation(d.db, token, d.clock());
  const existing = await repo.findUserIdByEmail(d.db, row.email);
  return {
    email: row.email,
    role: row.role,
    operator: row.operator_name,
    invited_by: row.inviter_name,
    expires_at: iso(row.expires_at),
    account_exists: Boolean(existing),
  };
}

/**
 * Accepts an invitation. A new address gets an account (verified: the link proved the mailbox)
 * with the password and name given; an address that has an account joins with it only by proving
 * it owns it, with its password or signed in as it: an invitation never takes an account over.
 */
export async function acceptInvitation(
  d: StaffDeps,
  token: string,
  body: AcceptInvitationBody,
  signedIn: AuthUser | null,
  meta: { ip: string; userAgent?: string | undefined; language: "en" | "fr" },
): Promise<AuthResponse> {
  const now = d.clock();
  const first = await liveInvitation(d.db, token, now);
  const existing = await getAccount(d.db, first.email);
  let passwordHash: string | null = null;
  let names: { first: string; last: string } | null = null;
  if (existing) {
    if (existing.disabled) throw new AppError(403, "account_disabled", DISABLED);
    const proven = signedIn?.id === existing.id;
    if (!proven) {
      if (!existing.passwordHash) {
        await burnPasswordCheck(body.password);
        throw new AppError(409, "sign_in_required", M.socialOnly);
      }
      if (!(await verifyPassword(existing.passwordHash, body.password))) {
        throw new AppError(401, "invalid_credentials", M.wrongPassword);
      }
    }
    if (existing.role === "admin" && first.role !== "admin") {
      throw new AppError(409, "admin_account", M.adminAccount);
    }
  } else {
    const parsed = AcceptNewAccountSchema.safeParse(body);
    if (!parsed.success) throw AppError.fromIssues(parsed.error.issues);
    passwordHash = await hashPassword(parsed.data.password);
    names = { first: parsed.data.first_name, last: parsed.data.last_name };
  }

  const userId = await d.db.transaction(async (tx) => {
    // Again under the invitation's lock: two tabs accepting at once make one account.
    const row = await liveInvitation(tx, token, now, true);
    let id = existing?.id;
    if (!id) {
      id = await repo.insertStaffUser(tx, {
        email: row.email,
        passwordHash: passwordHash!,
        firstName: names!.first,
        lastName: names!.last,
        role: row.role,
        operatorId: row.operator_id,
        language: meta.language,
        now,
      });
      // Registered meanwhile through the public form: that account must be proven first.
      if (!id) throw new AppError(409, "try_again", M.tryAgain);
    }
    const parkIds = row.role === "admin" || row.role === "branch_manager" ? [] : row.park_ids;
    const before = await repo.findUserIdByEmail(tx, row.email);
    await repo.setStaffRole(tx, id, { role: row.role, operatorId: row.operator_id, parkIds, now });
    await repo.markEmailVerified(tx, id, now);
    await repo.updateInvitation(tx, row.id, { acceptedAt: now });
    await recordAudit(
      tx,
      { userId: id, ip: meta.ip },
      {
        action: "invitation.accept",
        entity: "staff",
        entityId: id,
        operatorId: row.operator_id,
        before: existing ? { role: before?.role, operator_id: before?.operator_id } : null,
        after: { role: row.role, operator_id: row.operator_id, park_ids: parkIds, invitation: row.id },
      },
    );
    return id;
  });
  const session = await startSession(d.db, d.clock, userId, meta);
  return { access_token: session.token, token_type: "bearer", user: await getProfile(d.db, userId) };
}

async function getAccount(db: Db, email: string) {
  const found = await repo.findAccount(db, email);
  return found
    ? {
        id: found.id,
        role: found.role,
        passwordHash: found.password_hash,
        disabled: found.disabled_at !== null,
      }
    : undefined;
}

/**
 * What the invite and edit forms offer the caller: the roles they may give and the operators (an
 * operator's parks come from the one park list, GET /admin/parks/choices?operator=...).
 */
export async function staffOptions(db: Db, access: StaffAccess) {
  return {
    roles: assignableRoles(actorOf(access)),
    operators: await repo.operatorsOf(db, operatorScope(access)),
  };
}
