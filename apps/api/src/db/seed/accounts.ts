import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { users } from "../schema/index";
import { hashPassword } from "../../lib/passwords";

/** Printed in README.md ("Demo accounts"); only seeded outside production or in demo mode. */
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
] as const;

export function demoAccountsWanted(env: Record<string, string | undefined> = process.env): boolean {
  return env.NODE_ENV !== "production" || /^(true|1|yes)$/.test(env.DEMO_MODE ?? "");
}

/** A verified demo driver and admin, created once; an existing account is left as it is. */
export async function seedDemoAccounts(db: Db): Promise<void> {
  if (!demoAccountsWanted()) return;
  for (const a of DEMO_ACCOUNTS) {
    const found = await db.select({ id: users.id }).from(users).where(eq(users.email, a.email)).limit(1);
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
        emailVerifiedAt: new Date("2026-01-01T00:00:00Z"),
      })
      .onConflictDoNothing({ target: users.email });
  }
}
