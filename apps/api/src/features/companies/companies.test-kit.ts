/**
 * Business accounts in a test's database, written straight to the tables: a verified company with
 * its owner, members, limits and policy. (Sign-up, invitations and the policy form are tested
 * through their own routes.)
 */
import { COMPANY_PAY_SWITCHES, DEFAULT_PAY_SWITCHES, type CompanyPaySwitch } from "@parkwell/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/client";
import { companies, companyLimits, companyMembers, companyPolicies } from "../../db/schema/index";
import { createUser, type TestUser } from "../../test/factories";
import { contextClock } from "../../test/test-clock";

export interface TestCompany {
  id: number;
  name: string;
  owner: TestUser & { memberId: number };
}

export async function createCompany(
  db: Db,
  options: {
    name?: string;
    countryId?: number;
    owner?: TestUser;
    verified?: boolean;
    billing?: "wallet" | "invoice";
    creditLimitMinor?: number;
  } = {},
): Promise<TestCompany> {
  const owner = options.owner ?? (await createUser(db, { countryId: options.countryId ?? 1 }));
  const name = options.name ?? `Acme ${Math.random().toString(36).slice(2, 8)}`;
  const [company] = await db
    .insert(companies)
    .values({
      name,
      countryId: options.countryId ?? 1,
      billingEmail: `billing.${Math.random().toString(36).slice(2, 10)}@acme.test`,
      taxId: "TIN-12345678",
      address: "1 Marina Road\nLagos",
      verifiedAt: options.verified === false ? null : contextClock(db)(),
      billing: options.billing ?? "wallet",
      creditLimitMinor: options.creditLimitMinor ?? 0,
      createdBy: owner.id,
    })
    .returning({ id: companies.id });
  const memberId = await addMember(db, company!.id, owner, "owner");
  return { id: company!.id, name, owner: { ...owner, memberId } };
}

/** Adds `user` to the company with `role` (and a cost centre), joined now on the test's clock; returns the membership's id. */
export async function addMember(
  db: Db,
  companyId: number,
  user: { id: string },
  role: "owner" | "admin" | "member" = "member",
  costCentre = "",
): Promise<number> {
  const [row] = await db
    .insert(companyMembers)
    .values({ companyId, userId: user.id, role, costCentre, joinedAt: contextClock(db)() })
    .returning({ id: companyMembers.id });
  return row!.id;
}

/** Sets the company's limits in one currency (null: no limit). */
export async function setLimits(
  db: Db,
  companyId: number,
  currency: string,
  limits: { perBookingMinor?: number | null; perMemberMonthMinor?: number | null },
): Promise<void> {
  const values = {
    perBookingMinor: limits.perBookingMinor ?? null,
    perMemberMonthMinor: limits.perMemberMonthMinor ?? null,
  };
  await db
    .insert(companyLimits)
    .values({ companyId, currency, ...values })
    .onConflictDoUpdate({ target: [companyLimits.companyId, companyLimits.currency], set: values });
}

/**
 * Sets the company's policy: what is not given keeps its value (on a first policy the default:
 * anything, and the switches' defaults: extensions on, the others off); `switches` turns the
 * switches it names on or off.
 */
export async function setPolicy(
  db: Db,
  companyId: number,
  policy: Partial<Omit<typeof companyPolicies.$inferInsert, "companyId" | "paidSwitches">> & {
    switches?: Partial<Record<CompanyPaySwitch, boolean>>;
  },
): Promise<void> {
  const { switches = {}, ...rest } = policy;
  const [row] = await db
    .select({ paid: companyPolicies.paidSwitches })
    .from(companyPolicies)
    .where(eq(companyPolicies.companyId, companyId));
  const before: readonly string[] = row?.paid ?? DEFAULT_PAY_SWITCHES;
  const paidSwitches = COMPANY_PAY_SWITCHES.filter((s) => switches[s.name] ?? before.includes(s.name)).map(
    (s) => s.name,
  );
  await db
    .insert(companyPolicies)
    .values({ companyId, ...rest, paidSwitches })
    .onConflictDoUpdate({ target: companyPolicies.companyId, set: { ...rest, paidSwitches } });
}

/** The company wallet's balance in minor units (0 before its first movement). */
export async function companyBalance(db: Db, companyId: number, currency: string): Promise<number> {
  const [row] = await queryRows<{ balance: string | number }>(
    db,
    sql`SELECT balance_minor AS balance FROM wallet_accounts WHERE key = ${`company:${companyId}:${currency}`}`,
  );
  return Number(row?.balance ?? 0);
}
