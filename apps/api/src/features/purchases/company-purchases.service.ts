/**
 * What a company's policy reads of a purchase at a park (docs/decisions/030-business-accounts.md):
 * its country and park type, and the hours it is used in; `countryPurchase` (purchases.domain.ts)
 * is a purchase with no park. Every kind a company may pay describes itself here, in the engine's
 * feature, which each of them may import, and companies' `checkPurchase` asks the policy about it.
 */
import { weekSpan, WEEK_MINUTES, type PlanWindow } from "@parkwell/contract";
import type { Tx } from "../../db/tx";
import { weekWindowOf, type PricedPurchase } from "../companies/company-pay.domain";
import * as repo from "./purchases.repo";

interface Priced {
  parkId: number;
  amountMinor: number;
  currency: string;
  decimals: number;
}

/** What a policy reads of a park: its country and type (`repo.parkFacts`); null: no such park. */
export type ParkFacts = Awaited<ReturnType<typeof repo.parkFacts>>;

async function parkPurchase(
  db: Tx,
  p: Priced & { facts?: ParkFacts },
  kind: PricedPurchase["kind"],
  hours: Pick<PricedPurchase, "weekWindow" | "weekWindows">,
): Promise<PricedPurchase> {
  const facts = p.facts !== undefined ? p.facts : await repo.parkFacts(db, p.parkId);
  return {
    kind,
    countryId: facts?.countryId ?? null,
    countryName: facts?.countryName ?? null,
    parkType: facts?.parkType ?? null,
    ...hours,
    amountMinor: p.amountMinor,
    currency: p.currency,
    decimals: p.decimals,
  };
}

/** A booking, or its extension, change of window or renewal: the window [start, end) it buys, on the park's clock. */
export const windowPurchase = (
  db: Tx,
  b: Priced & {
    kind: "booking" | "extension" | "window_change" | "renewal";
    timeZone: string;
    start: Date;
    end: Date;
  },
) => parkPurchase(db, b, b.kind, { weekWindow: weekWindowOf(b.start, b.end, b.timeZone) });

/**
 * A monthly pass: each of its plan's weekly windows (null hours: the whole week), each of which
 * must lie in the policy's hours. `facts`: the park's, when the caller has read them already (a
 * renewal reads them with the term's price); else they are read here.
 */
export const passPurchase = (db: Tx, p: Priced & { hours: PlanWindow[] | null; facts?: ParkFacts }) =>
  parkPurchase(db, p, "pass", {
    weekWindow: null,
    weekWindows: p.hours === null ? [[0, WEEK_MINUTES]] : p.hours.map(weekSpan),
  });
