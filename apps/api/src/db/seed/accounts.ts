import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../client";
import type { UserRole } from "@parkwell/contract";
import { users } from "../schema/index";
import { hashPassword, verifyPassword } from "../../lib/passwords";

/** Printed in README.md ("Demo mode"); seeded only in demo mode (config.DEMO_MODE). */
export const DEMO_ACCOUNTS = [
  {
    email: "driver@parkwell.test",
    password: "drive-safely-2026",
    firstName: "Demo",
    lastName: "Driver",
    role: "customer",
  },
  {
    email: "admin@parkwell.test",
    password: "admin-parkwell-2026",
    firstName: "Demo",
    lastName: "Admin",
    role: "admin",
  },
  {
    email: "manager@parkwell.test",
    password: "manage-parks-2026",
    firstName: "Morayo",
    lastName: "Manager",
    role: "branch_manager",
    operator: "Harbourview Parking Ltd",
  },
  {
    email: "attendant@parkwell.test",
    password: "check-cars-2026",
    firstName: "Tunde",
    lastName: "Attendant",
    role: "employee",
    operator: "Harbourview Parking Ltd",
    /** The attendant works at every park of the operator in this city. */
    parksIn: "Lagos",
  },
  {
    email: "fleet@parkwell.test",
    password: "fleet-manager-2026",
    firstName: "Funke",
    lastName: "Fleet",
    /** The owner of the demo business account (DEMO_COMPANY), whose member is the demo driver. */
    role: "customer",
  },
  {
    email: "courier@parkwell.test",
    password: "deliver-orders-2026",
    firstName: "Kemi",
    lastName: "Courier",
    /** A marketplace courier: the back office's Deliveries, on a phone. */
    role: "delivery_boy",
  },
] as const satisfies readonly DemoAccount[];

interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  operator?: string;
  parksIn?: string;
}

const DEMO_EMAILS = DEMO_ACCOUNTS.map((a) => a.email);

/**
 * The verified demo accounts (a driver, an admin, a branch manager, an attendant, a company's owner,
 * a courier) and the demo business account, created once; an existing account is only enabled again (a
 * start without demo mode disabled it).
 */
export async function seedDemoAccounts(db: Db, now: Date): Promise<void> {
  for (const a of DEMO_ACCOUNTS) {
    const found = await db
      .update(users)
      .set({ disabledAt: null })
      .where(eq(users.email, a.email))
      .returning({ id: users.id });
    if (found.length > 0) continue; // no argon2 work on every start
    await db
      .insert(users)
      .values({
        email: a.email,
        passwordHash: await hashPassword(a.password),
        firstName: a.firstName,
        lastName: a.lastName,
        role: a.role,
        countryId: 1,
        emailVerifiedAt: now,
        // The first Terms (seeded just before): a demo account is not asked to accept them.
        acceptedTermsVersion: 1,
        acceptedTermsAt: now,
      })
      .onConflictDoNothing({ target: users.email });
  }
  await linkDemoStaff(db);
  await seedDemoCompany(db, now);
}

/** The demo business account: verified, in Nigeria, owned by fleet@, the demo driver a member. */
export const DEMO_COMPANY = {
  name: "Parkwell Demo Logistics Ltd",
  owner: "fleet@parkwell.test",
  member: "driver@parkwell.test",
  costCentre: "Sales",
} as const;

/** Creates the demo company and its two memberships once (a later start leaves them as they are). */
async function seedDemoCompany(db: Db, now: Date): Promise<void> {
  await db.execute(sql`INSERT INTO companies (name, country_id, billing_email, tax_id, address, verified_at, created_by)
    SELECT ${DEMO_COMPANY.name}, 1, 'accounts@demo-logistics.test', 'TIN 10293847-0001',
      ${"14 Creek Road\nApapa, Lagos"}, ${now.toISOString()}::timestamptz, u.id
    FROM users u WHERE u.email = ${DEMO_COMPANY.owner}
      AND NOT EXISTS (SELECT 1 FROM companies WHERE name = ${DEMO_COMPANY.name})`);
  await db.execute(sql`INSERT INTO company_members (company_id, user_id, role, cost_centre, joined_at)
    SELECT c.id, u.id, CASE WHEN u.email = ${DEMO_COMPANY.owner} THEN 'owner' ELSE 'member' END,
      CASE WHEN u.email = ${DEMO_COMPANY.owner} THEN '' ELSE ${DEMO_COMPANY.costCentre} END,
      ${now.toISOString()}::timestamptz
    FROM companies c JOIN users u ON u.email IN (${DEMO_COMPANY.owner}, ${DEMO_COMPANY.member})
    WHERE c.name = ${DEMO_COMPANY.name}
      AND NOT EXISTS (SELECT 1 FROM company_members m WHERE m.company_id = c.id AND m.user_id = u.id)`);
}

/** The demo staff's operator and parks, as seeded (the operators come from the seeded parks). */
async function linkDemoStaff(db: Db): Promise<void> {
  for (const a of DEMO_ACCOUNTS) {
    const operator = "operator" in a ? a.operator : null;
    await db.execute(sql`UPDATE users SET operator_id = (SELECT id FROM operators WHERE name = ${operator})
      WHERE email = ${a.email}`);
    await db.execute(
      sql`DELETE FROM staff_parks WHERE user_id = (SELECT id FROM users WHERE email = ${a.email})`,
    );
    if (!("parksIn" in a)) continue;
    await db.execute(sql`INSERT INTO staff_parks (user_id, park_id)
      SELECT u.id, p.id FROM users u JOIN parks p ON p.operator_id = u.operator_id AND p.city = ${a.parksIn}
      WHERE u.email = ${a.email} ON CONFLICT DO NOTHING`);
  }
}

/**
 * Demo mode off: demo accounts left from a demo run (a first try on the same data) can no longer
 * sign in, and their sessions end. They are disabled, not deleted: their bookings and ledger
 * entries keep them. Returns how many were disabled now.
 */
export async function disableDemoAccounts(db: Db): Promise<number> {
  const rows = await db
    .update(users)
    .set({ disabledAt: new Date() })
    .where(and(inArray(users.email, DEMO_EMAILS), isNull(users.disabledAt)))
    .returning({ id: users.id });
  return rows.length;
}

/**
 * The demo accounts put back as seeded (the demo reset): a missing one is created, and what a
 * visitor may have changed (names, role, country, sign-in, the published password) is restored.
 * The password is hashed again only when it no longer matches.
 */
export async function restoreDemoAccounts(db: Db, now: Date): Promise<void> {
  await seedDemoAccounts(db, now);
  for (const a of DEMO_ACCOUNTS) {
    const [row] = await db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, a.email));
    if (!row) continue;
    const kept = row.passwordHash !== null && (await verifyPassword(row.passwordHash, a.password));
    await db
      .update(users)
      .set({
        ...(kept ? {} : { passwordHash: await hashPassword(a.password) }),
        firstName: a.firstName,
        lastName: a.lastName,
        role: a.role,
        countryId: 1,
        phone: null,
        photoUrl: null,
        language: "en",
        firebaseUid: null,
        authProvider: "password",
        emailVerifiedAt: sql`COALESCE(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        disabledAt: null,
        updatedAt: now,
      })
      .where(eq(users.id, row.id));
  }
  await linkDemoStaff(db);
}
