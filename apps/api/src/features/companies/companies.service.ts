/**
 * Companies and their people (docs/decisions/030-business-accounts.md): a signed-in user opens a
 * company and becomes its owner; the billing e-mail's link verifies it. A company is told only to
 * its active members: anyone else gets 404.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import type { Jobs } from "../../jobs/queue";
import type { MailMessage } from "../../lib/mailer";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { hashToken, newToken } from "../../lib/tokens";
import { listPage, offsetOf, type PageQuery } from "../../lib/pagination";
import { COMPANY_NOT_FOUND, manageableCompany } from "./company-wallet.service";
import { companyVerifyMail } from "./companies.mail";
import * as repo from "./companies.repo";

export const UNKNOWN_COUNTRY = "Choose a country Parkwell serves";
export const VERIFY_LINK_UNKNOWN = "This verification link is not valid";
export const VERIFY_LINK_EXPIRED = "This verification link has expired: ask for a new one";

/** How long a company's verification link works. */
export const VERIFY_TTL_MS = 7 * 24 * 3600 * 1000;

export interface CompaniesDeps {
  db: Db;
  clock: Clock;
  /** Where the company's e-mails are queued (jobs/queue.ts). */
  jobs: Jobs;
}

export interface NewCompany {
  name: string;
  country_code: string;
  billing_email: string;
  tax_id: string;
  address?: string | undefined;
}

/** POST /business/companies: an unverified company, its caller as owner. */
export async function createCompany(
  d: CompaniesDeps,
  userId: string,
  body: NewCompany,
  language: "en" | "fr",
) {
  const country = await repo.countryByCode(d.db, body.country_code.toUpperCase());
  if (!country) throw AppError.validation({ country_code: UNKNOWN_COUNTRY });
  const now = d.clock();
  const id = await d.db.transaction(async (tx) => {
    const companyId = await repo.insertCompany(tx, {
      name: body.name,
      countryId: country.id,
      billingEmail: body.billing_email,
      taxId: body.tax_id,
      address: body.address ?? "",
      createdBy: userId,
      now,
    });
    await repo.insertMember(tx, { companyId, userId, role: "owner", costCentre: "", now });
    await d.jobs.send(tx, "mail", {
      key: `company_verify:${companyId}:${randomUUID()}`,
      type: "company_verify",
      companyId,
      language,
    });
    return companyId;
  });
  return companyOf(d, id, userId);
}

/**
 * A new verification link's token for the company (the mail that carries it makes it when it is
 * sent, so no token waits in a queue); its hash and expiry are stored, the previous link dies.
 */
export async function issueVerifyToken(
  d: Pick<CompaniesDeps, "db" | "clock">,
  companyId: number,
): Promise<string> {
  const token = newToken();
  await repo.setVerifyToken(d.db, companyId, hashToken(token), new Date(d.clock().getTime() + VERIFY_TTL_MS));
  return token;
}

/** POST /business/verify: idempotent for a link already used; 404 unknown, 422 expired. */
export async function verifyCompany(d: CompaniesDeps, token: string) {
  return d.db.transaction(async (tx) => {
    const found = await repo.companyByVerifyHash(tx, hashToken(token));
    if (!found) throw AppError.notFound(VERIFY_LINK_UNKNOWN, "verify_link_unknown");
    const company = await repo.companyName(tx, found.id);
    if (company?.verified) return { id: found.id, name: company.name, verified: true };
    if (!found.expiresAt || found.expiresAt.getTime() <= d.clock().getTime()) {
      throw new AppError(422, "verify_link_expired", VERIFY_LINK_EXPIRED);
    }
    await repo.markVerified(tx, found.id, d.clock());
    return { id: found.id, name: company?.name ?? "", verified: true };
  });
}

/** GET /business/companies: the caller's active memberships. */
export async function myCompanies(d: CompaniesDeps, userId: string) {
  return { items: await repo.myCompanies(d.db, userId) };
}

/** GET /business/companies/{id}: for an active member only (404 otherwise). */
export async function companyOf(d: CompaniesDeps, companyId: number, userId: string) {
  const [row] = await repo.myCompanies(d.db, userId, companyId);
  if (!row) throw AppError.notFound(COMPANY_NOT_FOUND, "company_not_found");
  return row;
}

declare module "../../jobs/mail-job" {
  interface MailKinds {
    /** A company's billing e-mail verification: the handler makes the link's token when it sends. */
    company_verify: { companyId: number; language: "en" | "fr" };
  }
}

/** The verification mail a mail job sends, with a fresh link (null: gone or already verified). */
export async function composeCompanyVerifyMail(
  d: { db: Db; clock: Clock; publicUrl: string },
  companyId: number,
  language: "en" | "fr",
): Promise<MailMessage | null> {
  const company = await repo.companyForMail(d.db, companyId);
  if (!company || company.verified) return null;
  const token = await issueVerifyToken(d, companyId);
  const days = Math.round(VERIFY_TTL_MS / (24 * 3600 * 1000));
  return companyVerifyMail(
    language,
    company.billingEmail,
    company.name,
    days,
    `${d.publicUrl}/business/verify?token=${token}`,
  );
}

export const LAST_OWNER = "A company keeps at least one owner: make someone else owner first";
export const MEMBER_NOT_FOUND = "Member not found";
export const MEMBER_UPDATED = "The member was updated";
export const MEMBER_REMOVED = "The member was removed from the company";
export const OWNERS_ONLY = "Only an owner can change or remove an owner or an admin";

/** GET .../members (owners and admins): the active members, oldest first. */
export async function membersOf(d: CompaniesDeps, companyId: number, userId: string, q: PageQuery) {
  await manageableCompany(d.db, companyId, userId);
  const { rows, total } = await repo.membersPage(d.db, companyId, q.size, offsetOf(q));
  return listPage(rows, total, q);
}

/**
 * DELETE .../members/{memberId}: sets removed_at (company payment stops at once; the personal
 * account is untouched). Only an owner removes an owner or admin; the last owner stays.
 */
export async function removeMemberOf(d: CompaniesDeps, companyId: number, userId: string, memberId: number) {
  await d.db.transaction(async (tx) => {
    const me = await manageableCompany(d.db, companyId, userId, tx);
    const members = await repo.lockActiveMembers(tx, companyId);
    const target = members.find((m) => m.id === memberId);
    if (!target) throw AppError.notFound(MEMBER_NOT_FOUND, "member_not_found");
    if (target.role !== "member" && me.role !== "owner")
      throw new AppError(403, "company_owners_only", OWNERS_ONLY);
    if (target.role === "owner" && members.filter((m) => m.role === "owner").length <= 1) {
      throw new AppError(409, "last_owner", LAST_OWNER);
    }
    await repo.removeMember(tx, memberId, d.clock());
  });
}

/** PATCH .../members/{memberId}: role and cost centre; owners and admins only an owner touches. */
export async function updateMemberOf(
  d: CompaniesDeps,
  companyId: number,
  userId: string,
  memberId: number,
  body: { role?: "owner" | "admin" | "member" | undefined; cost_centre?: string | undefined },
) {
  await d.db.transaction(async (tx) => {
    const me = await manageableCompany(d.db, companyId, userId, tx);
    const members = await repo.lockActiveMembers(tx, companyId);
    const target = members.find((m) => m.id === memberId);
    if (!target) throw AppError.notFound(MEMBER_NOT_FOUND, "member_not_found");
    const touchesRank = target.role !== "member" || (body.role !== undefined && body.role !== "member");
    if (touchesRank && body.role !== undefined && body.role !== target.role && me.role !== "owner") {
      throw new AppError(403, "company_owners_only", OWNERS_ONLY);
    }
    if (target.role !== "member" && me.role !== "owner")
      throw new AppError(403, "company_owners_only", OWNERS_ONLY);
    if (
      target.role === "owner" &&
      body.role !== undefined &&
      body.role !== "owner" &&
      members.filter((m) => m.role === "owner").length <= 1
    ) {
      throw new AppError(409, "last_owner", LAST_OWNER);
    }
    await repo.updateMember(tx, memberId, { role: body.role, costCentre: body.cost_centre });
  });
  return { message: MEMBER_UPDATED };
}
