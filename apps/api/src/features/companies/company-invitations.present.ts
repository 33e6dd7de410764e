/** A company's invitation as its owners and admins see it, from its row (pure). */
import { type CompanyInvitation } from "@parkwell/contract";
import type * as repo from "./company-invitations.repo";

export function presentCompanyInvitation(row: repo.CompanyInvitationRow, now: Date): CompanyInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    cost_centre: row.cost_centre,
    invited_by: row.inviter_name,
    status: row.expires_at.getTime() > now.getTime() ? "pending" : "expired",
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}
