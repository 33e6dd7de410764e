/** Staff members and their invitations as the back office shows them, from their rows (pure). */
import { type Invitation, type StaffMember } from "@parkwell/contract";
import { invitationState } from "./staff.domain";
import type * as repo from "./staff.repo";
import { iso, isoOrNull } from "../../../lib/iso";

export function presentStaff(row: repo.StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    operator:
      row.operator_id !== null && row.operator_name !== null
        ? { id: row.operator_id, name: row.operator_name }
        : null,
    parks: row.parks,
    status: row.disabled_at ? "disabled" : "active",
    last_sign_in_at: isoOrNull(row.last_sign_in_at),
    created_at: iso(row.created_at),
  };
}

export function presentInvitation(row: repo.InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    operator:
      row.operator_id !== null && row.operator_name !== null
        ? { id: row.operator_id, name: row.operator_name }
        : null,
    parks: row.parks,
    invited_by: row.invited_by
      ? { id: row.invited_by, name: row.inviter_name ?? "", email: row.inviter_email ?? "" }
      : null,
    status: invitationState(
      {
        acceptedAt: row.accepted_at ? new Date(row.accepted_at) : null,
        revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
        expiresAt: new Date(row.expires_at),
      },
      now,
    ),
    created_at: iso(row.created_at),
    expires_at: iso(row.expires_at),
  };
}
