/**
 * Opening a company, verifying its billing e-mail, the caller's companies, a company's members and
 * invitations, and joining one from an invitation link (/business..., /business-invite).
 */
import type {
  AcceptCompanyInvitationBody,
  CreateCompanyBody,
  CreateCompanyInvitationBody,
} from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, ApiError } from "../../lib/api";

export const myCompaniesQuery = () =>
  queryOptions({
    queryKey: ["business-companies"],
    queryFn: async ({ signal }) => (await api("/business/companies", { signal })).items,
  });

export const openCompany = (body: CreateCompanyBody) => api("/business/companies", { method: "POST", body });

export const verifyCompany = (token: string) => api("/business/verify", { method: "POST", body: { token } });

/** One of the caller's companies, with their role in it. */
export const myCompanyQuery = (id: number) =>
  queryOptions({
    queryKey: ["business-companies", id],
    queryFn: ({ signal }) => api("/business/companies/{id}", { params: { id }, signal }),
    retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status < 500),
  });

export const MEMBERS_PAGE_SIZE = 50;

export const companyMembersQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: ["business", id, "members", page],
    queryFn: ({ signal }) =>
      api("/business/companies/{id}/members", {
        params: { id },
        query: { page, size: MEMBERS_PAGE_SIZE },
        signal,
      }),
  });

export const companyInvitationsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: ["business", id, "invitations", page],
    queryFn: ({ signal }) =>
      api("/business/companies/{id}/invitations", {
        params: { id },
        query: { page, size: MEMBERS_PAGE_SIZE },
        signal,
      }),
  });

export const inviteToCompany = (id: number, body: CreateCompanyInvitationBody) =>
  api("/business/companies/{id}/invitations", { method: "POST", params: { id }, body });

export const withdrawCompanyInvitation = (id: number, invitationId: string) =>
  api("/business/companies/{id}/invitations/{invitationId}", {
    method: "DELETE",
    params: { id, invitationId },
  });

export const updateCompanyMember = (
  id: number,
  memberId: number,
  body: { role?: "owner" | "admin" | "member"; cost_centre?: string },
) => api("/business/companies/{id}/members/{memberId}", { method: "PATCH", params: { id, memberId }, body });

export const removeCompanyMember = (id: number, memberId: number) =>
  api("/business/companies/{id}/members/{memberId}", { method: "DELETE", params: { id, memberId } });

/** What an invitation link shows before joining (public). */
export const companyInvitationQuery = (token: string) =>
  queryOptions({
    queryKey: ["business-invitation", token],
    queryFn: ({ signal }) => api("/business/invitations/{token}", { params: { token }, signal }),
    retry: false,
  });

export const acceptCompanyInvitation = (token: string, body: AcceptCompanyInvitationBody) =>
  api("/business/invitations/{token}/accept", { method: "POST", params: { token }, body });
