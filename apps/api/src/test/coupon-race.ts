/**
 * A coupon's last uses under a race (decision 044): purchases with one code sent at once, by one
 * driver against the coupon's per-driver limit or by many drivers against its total limit. Exactly
 * as many purchases as the limit leaves are made, each at the coupon's discount; every other is the
 * 422 `coupon_refused` with the limit's sentence and charges nothing; the coupon's uses are the
 * purchases made, each its driver's. A race proves something only on real PostgreSQL: PGlite runs
 * one statement at a time (skip the suite there).
 */
import { COUPON_ALL_USED_MESSAGE, COUPON_USED_UP_MESSAGE } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { queryRows, type Db } from "../db/client";
import { walletBalanceMinor } from "../features/wallet/ledger.service";
import type { TestUser } from "./factories";
import { couponUses } from "./coupons";
import type { RaceAnswer } from "./idempotency-race";

/** One purchase of the race: the driver who pays, and the request (its own: no key shared). */
export interface CouponRacer {
  driver: TestUser;
  send: () => Promise<RaceAnswer>;
}

/** What a made purchase's answer says: its id (its `purchases` row's), what it charged and its price. */
export interface MadeWithCoupon {
  id: string;
  /** Charged, in the currency's major units. */
  amount: number;
  breakdown: { coupon_discount?: number; coupon_code?: string };
}

/** Sends every racer's purchase at once; the answers in the racers' order. */
export const raceForCoupon = (racers: CouponRacer[]): Promise<RaceAnswer[]> =>
  Promise.all(racers.map((r) => r.send()));

/** How many of the race's purchases were made (201): more than the limit leaves is an overrun. */
export const purchasesMade = (answers: RaceAnswer[]) => answers.filter((a) => a.statusCode === 201).length;

/**
 * Checks a race's outcome against the coupon's limit: `allowed` purchases made at the coupon's
 * discount, the rest refused with `message` at `coupon_code`; each driver's NGN wallet (funded with
 * `funds` before the race) charged exactly what its purchases answered, in one ledger move each
 * after its top-up, and nothing for a refusal; one use of the coupon per purchase made, its driver's.
 */
export async function expectCouponLimitHeld(
  db: Db,
  race: {
    coupon: { id: number; code: string };
    racers: CouponRacer[];
    answers: RaceAnswer[];
    allowed: number;
    message: string;
    funds: number;
    /** Reads a made purchase's answer (a pass's `charged`, a booking's `amount`). */
    read: (body: unknown) => MadeWithCoupon;
  },
): Promise<void> {
  const { coupon, racers, answers, allowed } = race;
  const seen = answers.map((a) => `${a.statusCode} ${a.body}`);
  expect(purchasesMade(answers), `exactly ${allowed} purchases made: ${seen.join(" | ")}`).toBe(allowed);
  const wins: { driver: TestUser; purchase: MadeWithCoupon }[] = [];
  for (const [i, a] of answers.entries()) {
    const body: unknown = JSON.parse(a.body);
    if (a.statusCode === 201) {
      const purchase = race.read(body);
      expect(purchase.breakdown, "made at the coupon's discount").toMatchObject({ coupon_code: coupon.code });
      expect(purchase.breakdown.coupon_discount).toBeGreaterThan(0);
      wins.push({ driver: racers[i]!.driver, purchase });
      continue;
    }
    expect({ status: a.statusCode, body }, "refused by the coupon's limit").toEqual({
      status: 422,
      body: { code: "coupon_refused", message: race.message, fields: { coupon_code: race.message } },
    });
  }

  const drivers = [...new Map(racers.map((r) => [r.driver.id, r.driver])).values()];
  const entries = new Map(
    (
      await queryRows<{ owner: string; n: number }>(
        db,
        sql`SELECT a.owner_user_id AS owner, count(e.id)::int AS n FROM wallet_accounts a
            JOIN ledger_entries e ON e.account_id = a.id
            WHERE a.kind = 'user_wallet' AND a.owner_user_id = ANY(${sql.param(drivers.map((d) => d.id))}::uuid[])
            GROUP BY a.owner_user_id`,
      )
    ).map((r) => [r.owner, Number(r.n)]),
  );
  for (const driver of drivers) {
    const own = wins.filter((w) => w.driver.id === driver.id).map((w) => w.purchase);
    const charged = own.reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
    expect(await walletBalanceMinor(db, driver.id, "NGN"), `${driver.email}'s wallet`).toBe(
      race.funds - charged,
    );
    expect(entries.get(driver.id), `${driver.email}'s ledger: the top-up and each purchase`).toBe(
      1 + own.length,
    );
  }

  const uses = await queryRows<{ purchase: string; user: string }>(
    db,
    sql`SELECT purchase_id::text AS purchase, user_id::text AS "user" FROM coupon_uses
        WHERE coupon_id = ${coupon.id} ORDER BY purchase_id`,
  );
  const byId = (x: { purchase: string }, y: { purchase: string }) => x.purchase.localeCompare(y.purchase);
  expect([...uses].sort(byId), "one use per purchase made, its driver's").toEqual(
    wins.map((w) => ({ purchase: w.purchase.id, user: w.driver.id })).sort(byId),
  );
}

/** What a kind's coupon race needs: its coupon of given limits, one racer's purchase, its answer read. */
export interface CouponRaceSetup {
  /** The purchases' noun in the tests' names ("bookings", "passes"). */
  noun: string;
  db: () => Db;
  /** A coupon of the kind with these limits. */
  coupon: (limits: {
    limit_per_user: number;
    total_limit: number | null;
  }) => Promise<{ id: number; code: string }>;
  /** A new driver whose NGN wallet holds `funds`. */
  driver: (funds: number) => Promise<TestUser>;
  /** The `i`th racer's purchase with `code` (spread over the suite's app instances). */
  racer: (driver: TestUser, code: string, i: number) => CouponRacer;
  read: (body: unknown) => MadeWithCoupon;
  /** Counts the uses without the coupon's lock while on (the negative control); off after each test. */
  skipLock: (on: boolean) => void;
}

/**
 * The three races every kind's coupon is held to, as tests of the calling suite: one driver's six
 * purchases at once against two uses per driver, eight drivers' against three uses for everyone
 * (three rounds each), and the negative control, which counts the uses without the coupon's lock
 * and must make more purchases than the limit allows within five rounds.
 */
export function couponLimitRaces(s: CouponRaceSetup): void {
  const ROUNDS = 3;
  const FUNDS = 100_000_000;
  const held = (race: Omit<Parameters<typeof expectCouponLimitHeld>[1], "funds" | "read">) =>
    expectCouponLimitHeld(s.db(), { ...race, funds: FUNDS, read: s.read });

  /** One driver's six purchases at once with a coupon of two uses per driver. */
  async function oneDriverSix() {
    const twice = await s.coupon({ limit_per_user: 2, total_limit: null });
    const driver = await s.driver(FUNDS);
    const racers = Array.from({ length: 6 }, (_, i) => s.racer(driver, twice.code, i));
    return { coupon: twice, racers, answers: await raceForCoupon(racers) };
  }

  it(`one driver's six ${s.noun} at once against two uses per driver: two made at the discount, four refused charging nothing`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await held({ ...(await oneDriverSix()), allowed: 2, message: COUPON_USED_UP_MESSAGE });
    }
  }, 120_000);

  it(`eight drivers' ${s.noun} at once against three uses for everyone: three made, five refused charging nothing`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const last = await s.coupon({ limit_per_user: 5, total_limit: 3 });
      const racers: CouponRacer[] = [];
      for (let i = 0; i < 8; i += 1) racers.push(s.racer(await s.driver(FUNDS), last.code, i));
      const answers = await raceForCoupon(racers);
      await held({ coupon: last, racers, answers, allowed: 3, message: COUPON_ALL_USED_MESSAGE });
    }
  }, 120_000);

  it(`negative control: counting the uses without the coupon's lock makes more ${s.noun} at the discount than the limit allows`, async () => {
    s.skipLock(true);
    try {
      let overrun = false;
      for (let round = 0; round < 5 && !overrun; round++) {
        const { coupon, answers } = await oneDriverSix();
        const made = purchasesMade(answers);
        expect(await couponUses(s.db(), coupon.id)).toBe(made);
        if (made > 2) overrun = true;
      }
      expect(overrun).toBe(true);
    } finally {
      s.skipLock(false);
    }
  }, 120_000);
}
