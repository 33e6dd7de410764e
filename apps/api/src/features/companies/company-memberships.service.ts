/**
 * A user's places in companies: the list checkout offers as payers ("Pay with {company}") and the
 * business pages start from. Only active memberships: removing a member takes the company off
 * their list at once.
 */
import type { CompanyMembership } from "@parkwell/contract";
import type { Db } from "../../db/client";
import * as repo from "./company-memberships.repo";

export function myCompanies(db: Db, userId: string): Promise<CompanyMembership[]> {
  return repo.membershipsOf(db, userId);
}
