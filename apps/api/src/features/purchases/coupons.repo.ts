/** The coupons' rows as every kind of purchase reads them, and their uses (one per purchase). */
import { and, eq, ne, sql } from "drizzle-orm";
import { couponUses, coupons } from "../../db/schema";
import type { Tx } from "../../db/tx";

/** A country's coupon of this code; `lock`: FOR UPDATE, so its uses are counted by one purchase at a time. */
export async function couponByCode(db: Tx, countryId: number, code: string, lock: boolean) {
  const query = db
    .select()
    .from(coupons)
    .where(and(eq(coupons.countryId, countryId), eq(coupons.code, code)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}
export type CouponRow = NonNullable<Awaited<ReturnType<typeof couponByCode>>>;

/** Whether another country has a coupon of this code. */
export async function couponElsewhere(db: Tx, countryId: number, code: string): Promise<boolean> {
  const [elsewhere] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(ne(coupons.countryId, countryId), eq(coupons.code, code)))
    .limit(1);
  return elsewhere !== undefined;
}

/**
 * A coupon's uses: by this driver (0 when none is given) and, when `countAll` (the coupon caps
 * everyone's uses), by everyone (0 otherwise: a popular coupon's thousands of uses are not
 * counted under its lock for a limit it does not have). `except`: a purchase whose own use is not
 * counted (a retried completion's).
 */
export async function couponUsesOf(
  db: Tx,
  couponId: number,
  userId: string | null,
  countAll: boolean,
  except?: string,
): Promise<{ mine: number; all: number }> {
  if (!userId && !countAll) return { mine: 0, all: 0 };
  const [row] = await db
    .select({
      mine: userId
        ? sql<number>`count(*) FILTER (WHERE ${couponUses.userId} = ${userId})::int`
        : sql<number>`0`,
      all: countAll ? sql<number>`count(*)::int` : sql<number>`0`,
    })
    .from(couponUses)
    .where(
      and(
        eq(couponUses.couponId, couponId),
        countAll || !userId ? undefined : eq(couponUses.userId, userId),
        except === undefined ? undefined : ne(couponUses.purchaseId, except),
      ),
    );
  return { mine: Number(row?.mine ?? 0), all: Number(row?.all ?? 0) };
}

/** `again`: a second use by the same purchase is none (a retried settle), not an error. */
export async function insertCouponUse(
  tx: Tx,
  values: { couponId: number; userId: string; purchaseId: string },
  again = false,
): Promise<void> {
  const insert = tx.insert(couponUses).values(values);
  await (again ? insert.onConflictDoNothing() : insert);
}

export async function deleteCouponUse(tx: Tx, purchaseId: string): Promise<void> {
  await tx.delete(couponUses).where(eq(couponUses.purchaseId, purchaseId));
}
