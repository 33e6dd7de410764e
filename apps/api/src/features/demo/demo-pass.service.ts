/**
 * The demo driver's monthly pass (docs/decisions/014-demo-mode.md): one active pass on the 24/7
 * plan of a Harbourview park in Lagos, where the demo attendant works, so the gate can let it in.
 * It is bought as a driver buys one: the sale answers what the wallet lacks, the demo provider
 * tops the wallet up by exactly that (a top-up, in the ledger), and the sale is made again; the
 * wallet ends where it was. Made after the seed in demo mode and after each demo reset.
 */
import { dayOnClock, PassCreateSchema } from "@parkwell/contract";
import type { Db } from "../../db/client";
import { DEMO_PASS_PLAN } from "../../db/seed/plans";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { toMinor } from "../../lib/money";
import { sell } from "../passes/passes.service";
import { servedCountries } from "../reference/served-countries";
import { creditTopUp } from "../wallet/ledger.service";
import * as repo from "./demo.repo";

export const DEMO_DRIVER_EMAIL = "driver@parkwell.test";
/** The plate on the demo driver's pass. */
export const DEMO_PASS_PLATE = "LND482KJ";

/** Gives the demo driver their pass when they hold none valid; false when there is no driver or no plan. */
export async function ensureDemoPass(db: Db, clock: Clock): Promise<boolean> {
  const [userId] = await repo.findUserIds(db, [DEMO_DRIVER_EMAIL]);
  if (!userId) return false;
  if (await repo.hasValidPass(db, userId)) return true;
  const plan = await repo.planAt(db, DEMO_PASS_PLAN);
  if (!plan) return false;
  const now = clock();
  const body = PassCreateSchema.parse({
    plan_id: plan.planId,
    vehicle_type_id: 1,
    plates: [DEMO_PASS_PLATE],
    start_date: dayOnClock(now, plan.timeZone),
    term_months: 1,
  });
  const key = `demo-pass:${now.toISOString()}`;
  try {
    await sell({ db, clock }, userId, body, key);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "insufficient_funds") throw err;
    const currency = err.fields!.currency!;
    const decimals = await servedCountries(db).currencyDecimals(currency);
    const amountMinor = toMinor(Number(err.fields!.amount_missing), decimals);
    await db.transaction((tx) =>
      creditTopUp(servedCountries(db), tx, {
        userId,
        provider: "demo",
        currency,
        amountMinor,
        idempotencyKey: `topup:demo:${key}`,
        reference: key,
        description: "Wallet top-up (demo)",
        at: now,
      }),
    );
    await sell({ db, clock }, userId, body, key);
  }
  return true;
}
