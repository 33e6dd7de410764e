import type { CreateInvitationBody, InquiryKind, InquiryStatus, UpdateStaffBody } from "@parkwell/contract";
import { api } from "../../../lib/api";
import { adminApi } from "../api";
import { listParams } from "../ui/use-url-filters";

// Staff

export const staffQuery = (f: Record<string, string>, page: number, size: number) => ({
  queryKey: ["admin", "staff", f, page, size] as const,
  queryFn: () => adminApi("/staff", { query: listParams(f, page, size) }),
});
export const invitationsQuery = (page: number, size: number) => ({
  queryKey: ["admin", "staff-invitations", page, size] as const,
  queryFn: () => adminApi("/staff/invitations", { query: listParams({}, page, size) }),
});
export const staffOptionsQuery = () => ({
  queryKey: ["admin", "staff-options"] as const,
  queryFn: () => adminApi("/staff/options"),
  staleTime: 60_000,
});
export const inviteStaff = (body: CreateInvitationBody) =>
  adminApi("/staff/invitations", { method: "POST", body });
export const resendInvitation = (id: string) =>
  adminApi("/staff/invitations/{id}/resend", { params: { id }, method: "POST" });
export const revokeInvitation = (id: string) =>
  adminApi("/staff/invitations/{id}", { params: { id }, method: "DELETE" });
export const updateStaff = (id: string, body: UpdateStaffBody) =>
  adminApi("/staff/{id}", { params: { id }, method: "PATCH", body });
export const removeStaff = (id: string) => adminApi("/staff/{id}", { params: { id }, method: "DELETE" });

// The invitation link (public)

export const invitationQuery = (token: string) => ({
  queryKey: ["staff-invitation", token] as const,
  queryFn: () => api("/staff/invitations/{token}", { params: { token } }),
  retry: false,
});
export const acceptInvitation = (
  token: string,
  body: { password: string; first_name?: string; last_name?: string },
) => api("/staff/invitations/{token}/accept", { params: { token }, method: "POST", body });

// Customers

export const customersQuery = (f: Record<string, string>, page: number, size: number) => ({
  queryKey: ["admin", "customers", f, page, size] as const,
  queryFn: () => adminApi("/customers", { query: listParams(f, page, size) }),
});
export const customerQuery = (id: string) => ({
  queryKey: ["admin", "customer", id] as const,
  queryFn: () => adminApi("/customers/{id}", { params: { id } }),
});
export const setCustomerDisabled = (id: string, disabled: boolean) =>
  adminApi(disabled ? "/customers/{id}/disable" : "/customers/{id}/enable", {
    params: { id },
    method: "POST",
  });

// Inquiries

export const inquiriesQuery = (f: Record<string, string>, page: number, size: number) => ({
  queryKey: ["admin", "inquiries", f, page, size] as const,
  queryFn: () => adminApi("/inquiries", { query: listParams(f, page, size) }),
});
export const inquiryQuery = (kind: string, id: string) => ({
  queryKey: ["admin", "inquiry", kind, id] as const,
  queryFn: () => adminApi("/inquiries/{kind}/{id}", { params: { kind, id } }),
});
export const setInquiryStatus = (kind: InquiryKind, id: string, status: InquiryStatus) =>
  adminApi("/inquiries/{kind}/{id}/status", { params: { kind, id }, method: "PUT", body: { status } });

// Audit log and failed jobs

export const auditQuery = (f: Record<string, string>, page: number, size: number) => ({
  queryKey: ["admin", "audit", f, page, size] as const,
  queryFn: () => adminApi("/audit", { query: listParams(f, page, size) }),
});
export const deadLettersQuery = (page: number, size: number) => ({
  queryKey: ["admin", "dead-letters", page, size] as const,
  queryFn: () => adminApi("/jobs/dead-letters", { query: listParams({}, page, size) }),
});
export const redriveDeadLetter = (id: string) =>
  adminApi("/jobs/dead-letters/{id}/redrive", { params: { id }, method: "POST" });

// Business accounts (the customers section's permissions)

export const companiesQuery = (f: Record<string, string>, page: number, size: number) => ({
  queryKey: ["admin", "companies", f, page, size] as const,
  queryFn: () => adminApi("/companies", { query: listParams(f, page, size) }),
});
export const companyQuery = (id: number) => ({
  queryKey: ["admin", "company", id] as const,
  queryFn: () => adminApi("/companies/{id}", { params: { id } }),
});
export const updateCompany = (id: number, body: { credit_limit?: number; disabled?: boolean }) =>
  adminApi("/companies/{id}", { params: { id }, method: "PATCH", body });
