/** The country a back-office marketplace record belongs to: its currency, decimals and clock. */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import type { MarketCountry } from "./market-admin.domain";

export async function findCountry(
  db: Tx,
  by: { code: string } | { id: number },
): Promise<MarketCountry | null> {
  const [row] = await queryRows<{
    id: number;
    code: string;
    currency: string;
    decimals: number;
    time_zone: string;
  }>(
    db,
    sql`SELECT id, code, currency, currency_decimals AS decimals, timezone AS time_zone FROM countries
      WHERE ${"code" in by ? sql`code = ${by.code}` : sql`id = ${by.id}`}`,
  );
  return row
    ? {
        id: Number(row.id),
        code: row.code,
        currency: row.currency,
        decimals: Number(row.decimals),
        timeZone: row.time_zone,
      }
    : null;
}
