/**
 * Who may give which staff role to whom (docs/PRODUCT-RULES.md#back-office-people). Pure: the
 * service brings the caller's access and the rows.
 */
import { PARK_BOUND_ROLES, type InvitableRole, type UserRole } from "@parkwell/contract";

export const STAFF_MESSAGES = {
  roleNotAllowed: "You cannot give this role",
  operatorRequired: "Choose the operator this person works for",
  operatorUnknown: "Unknown operator",
  adminHasNoOperator: "A Parkwell admin belongs to no operator",
  everyPark: "This role works at every park of its operator: choose no parks",
  choosePark: "Choose at least one park",
  parkNotFound: "Park not found",
  staffNotFound: "Staff member not found",
  invitationNotFound: "Invitation not found",
  alreadyStaff: "This person is already on the staff: change their role or parks instead",
  notYourself: "You cannot change your own role or remove yourself",
  invitationClosed: "This invitation was already accepted or withdrawn",
  linkInvalid: "This invitation link is not valid. Please ask for a new one.",
  linkExpired: "This invitation has expired. Please ask for a new one.",
  linkUsed: "This invitation has already been accepted. Please sign in.",
  linkRevoked: "This invitation was withdrawn. Please ask for a new one.",
  wrongPassword: "This e-mail already has a Parkwell account: enter its password to accept",
  socialOnly:
    "This e-mail's account signs in with Google or Apple: sign in with it first, then open this link again.",
  adminAccount: "A Parkwell admin account cannot join an operator's staff",
  tryAgain: "Please try again.",
  invited: "Invitation sent to {email}",
  resent: "Invitation sent again to {email}",
  revoked: "Invitation withdrawn",
  removed: "{name} is no longer on the staff",
  tooMany: "Too many attempts. Please wait a moment and try again.",
} as const;

/** What the caller is in the back office (from its StaffAccess). */
export interface Actor {
  userId: string;
  role: UserRole;
  operatorId: number | null;
  /** null: every park. */
  parkIds: readonly number[] | null;
}

/**
 * The roles `actor` may invite to or give: an admin any (admin only for Parkwell itself); a
 * branch manager its operator's manager and staff roles; anyone else granted the staff
 * permissions only the roles below a manager.
 */
export function assignableRoles(actor: Actor): InvitableRole[] {
  if (actor.role === "admin") return ["admin", "branch_manager", "employee", "pos_operator", "delivery_boy"];
  if (actor.operatorId === null) return [];
  const below: InvitableRole[] = ["employee", "pos_operator", "delivery_boy"];
  return actor.role === "branch_manager" ? ["branch_manager", ...below] : below;
}

export type FieldErrors = Record<string, string>;

/**
 * The operator a role is given for, or the field errors: an admin names it (none for an admin
 * role); anyone else gives roles of their own operator only.
 */
export function resolveOperator(
  actor: Actor,
  role: InvitableRole,
  asked: number | null | undefined,
): { operatorId: number | null } | { errors: FieldErrors } {
  if (!assignableRoles(actor).includes(role)) return { errors: { role: STAFF_MESSAGES.roleNotAllowed } };
  if (actor.role === "admin") {
    if (role === "admin") {
      return asked ? { errors: { operator_id: STAFF_MESSAGES.adminHasNoOperator } } : { operatorId: null };
    }
    return asked ? { operatorId: asked } : { errors: { operator_id: STAFF_MESSAGES.operatorRequired } };
  }
  if (asked && asked !== actor.operatorId) return { errors: { operator_id: STAFF_MESSAGES.operatorUnknown } };
  return { operatorId: actor.operatorId };
}

/** Whether a role takes parks: every park (none to choose), at least one, or any number. */
export function parkRule(role: InvitableRole): "every" | "some" | "any" {
  if (role === "admin" || role === "branch_manager") return "every";
  return (PARK_BOUND_ROLES as readonly string[]).includes(role) ? "some" : "any";
}

/** The field error for a role's parks, if any (their ownership is checked against the database). */
export function parksError(role: InvitableRole, parkIds: readonly number[]): FieldErrors | null {
  const rule = parkRule(role);
  if (rule === "every" && parkIds.length > 0) return { park_ids: STAFF_MESSAGES.everyPark };
  if (rule === "some" && parkIds.length === 0) return { park_ids: STAFF_MESSAGES.choosePark };
  return null;
}

/** Every park named is the operator's and in the actor's own scope (an employee cannot hand out others). */
export function parksInScope(
  actor: Actor,
  asked: readonly number[],
  operatorParks: readonly number[],
): boolean {
  const own = new Set(operatorParks);
  return asked.every((id) => own.has(id) && (actor.parkIds === null || actor.parkIds.includes(id)));
}

export type InvitationState = "pending" | "expired" | "accepted" | "revoked";

export function invitationState(
  row: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date,
): InvitationState {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return row.expiresAt.getTime() <= now.getTime() ? "expired" : "pending";
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A malformed id is answered as a missing one (404), never a 500 from the database. */
export const isUuid = (s: string) => UUID.test(s);
