import type {
  AuditEntry,
  AuthResponse,
  CreateInvitationBody,
  CustomerDetail,
  CustomerSummary,
  DeadLetter,
  Inquiry,
  InquiryKind,
  InquiryStatus,
  Invitation,
  PublicInvitation,
  StaffMember,
  StaffOptions,
  UpdateStaffBody,
} from "@parkwell/contract";
import { api } from "../../../lib/api";
import { adminApi } from "../api";
import { listParams } from "../ui/use-url-filters";
import type { Page } from "../ui/data-table";

// Staff

export const staffQuery = (f: Record<string, string>, page: number, size: number) => ({
  queryKey: ["admin", "staff", f, page, size] as const,
  queryFn: () => adminApi<Page<StaffMember>>(`/staff?${listParams(f, page, size)}`),
});
export const invitationsQuery = (page: number, size: number) => ({
  queryKey: ["admin", "staff-invitations", page, size] as const,
  queryFn: () => adminApi<Page<Invitation>>(`/staff/invitations?${listParams({}, page, size)}`),
});
export const staffOptionsQuery = () => ({
  queryKey: ["admin", "staff-options"] as const,
  queryFn: () => adminApi<StaffOptions>("/staff/options"),
  staleTime: 60_000,
});
export const inviteStaff = (body: CreateInvitationBody) =>
  adminApi<{ message: string; invitation: Invitation }>("/staff/invitations", { method: "POST", body });
export const resendInvitation = (id: string) =>
  adminApi<{ message: string }>(`/staff/invitations/${encodeURIComponent(id)}/resend`, { method: "POST" });
export const revokeInvitation = (id: string) =>
  adminApi<{ message: string }>(`/staff/invitations/${encodeURIComponent(id)}`, { method: "DELETE" });
export const updateStaff = (id: string, body: UpdateStaffBody) =>
  adminApi<StaffMember>(`/staff/${encodeURIComponent(id)}`, { method: "PATCH", body });
export const removeStaff = (id: string) =>
  adminApi<{ message: string }>(`/staff/${encodeURIComponent(id)}`, { method: "DELETE" });

// The invitation link (public)

export const invitationQuery = (token: string) => ({
  queryKey: ["staff-invitation", token] as const,
  queryFn: () => api<PublicInvitation>(`/staff/invitations/${encodeURIComponent(token)}`),
  retry: false,
});
export const acceptInvitation = (
  token: string,
  body: { password: string; first_name?: string; last_name?: string },
) => api<AuthResponse>(`/staff/invitations/${encodeURIComponent(token)}/accept`, { method: "POST", body });

// Customers

export const customersQuery = (f: Record<string, string>, page: number, size: number) => ({
  queryKey: ["admin", "customers", f, page, size] as const,
  queryFn: () => adminApi<Page<CustomerSummary>>(`/customers?${listParams(f, page, size)}`),
});
export const customerQuery = (id: string) => ({
  queryKey: ["admin", "customer", id] as const,
  queryFn: () => adminApi<CustomerDetail>(`/customers/${encodeURIComponent(id)}`),
});
export const setCustomerDisabled = (id: string, disabled: boolean) =>
  adminApi<CustomerDetail>(`/customers/${encodeURIComponent(id)}/${disabled ? "disable" : "enable"}`, {
    method: "POST",
  });

// Inquiries

export const inquiriesQuery = (f: Record<string, string>, page: number, size: number) => ({
  queryKey: ["admin", "inquiries", f, page, size] as const,
  queryFn: () => adminApi<Page<Inquiry>>(`/inquiries?${listParams(f, page, size)}`),
});
export const inquiryQuery = (kind: string, id: string) => ({
  queryKey: ["admin", "inquiry", kind, id] as const,
  queryFn: () => adminApi<Inquiry>(`/inquiries/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`),
});
export const setInquiryStatus = (kind: InquiryKind, id: string, status: InquiryStatus) =>
  adminApi<Inquiry>(`/inquiries/${kind}/${encodeURIComponent(id)}/status`, {
    method: "PUT",
    body: { status },
  });

// Audit log and failed jobs

export const auditQuery = (f: Record<string, string>, page: number, size: number) => ({
  queryKey: ["admin", "audit", f, page, size] as const,
  queryFn: () => adminApi<Page<AuditEntry>>(`/audit?${listParams(f, page, size)}`),
});
export const deadLettersQuery = (page: number, size: number) => ({
  queryKey: ["admin", "dead-letters", page, size] as const,
  queryFn: () => adminApi<Page<DeadLetter>>(`/jobs/dead-letters?${listParams({}, page, size)}`),
});
export const redriveDeadLetter = (id: string) =>
  adminApi<{ message: string }>(`/jobs/dead-letters/${encodeURIComponent(id)}/redrive`, { method: "POST" });
