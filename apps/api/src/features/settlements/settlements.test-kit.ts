/** Helpers the settlements API tests share (test-only; not imported by production code). */
import type { SettlementPeriod } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { queryRows, type Db } from "../../db/client";

let operators = 0;

/**
 * A new operator of Nigeria (Lagos's clock) closing `period`ly, given `parks` (default 1) of the
 * seed's Nigerian parks open all day that are still their seeded operator's (`parks.operator`
 * names it): their sales are then this operator's.
 */
export async function newOperator(
  db: Db,
  o: { period: SettlementPeriod; name?: string; countryId?: number; parks?: number },
): Promise<{ id: number; name: string; parkIds: number[] }> {
  operators += 1;
  const name = o.name ?? `Test Operator ${operators} ${Date.now()}`;
  const countryId = o.countryId ?? 1;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO operators (name, country_id, settlement_period) VALUES (${name}, ${countryId}, ${o.period}) RETURNING id`,
  );
  const id = Number(row!.id);
  const parks = await queryRows<{ id: number }>(
    db,
    sql`UPDATE parks SET operator_id = ${id} WHERE id IN (
        SELECT p.id FROM parks p JOIN operators op ON op.id = p.operator_id
          JOIN park_rates r ON r.park_id = p.id AND r.vehicle_type_id = 1 AND r.kind = 'standard'
          JOIN park_capacities c ON c.park_id = p.id AND c.vehicle_type_id = 1 AND c.capacity >= 5
         WHERE p.open_24h AND p.status = 'active' AND p.country_id = ${countryId}
           AND p.operator = op.name
         ORDER BY p.id LIMIT ${o.parks ?? 1})
      RETURNING id`,
  );
  if (parks.length === 0) throw new Error("no seeded all-day park left for a test operator");
  return { id, name, parkIds: parks.map((p) => Number(p.id)).sort((a, b) => a - b) };
}

export interface StatementFacts {
  id: number;
  currency: string;
  period: SettlementPeriod;
  period_start: string;
  period_end: string;
  time_zone: string;
  opening_minor: number;
  sales_minor: number;
  refunds_minor: number;
  collected_minor: number;
  commission_minor: number;
  adjustments_minor: number;
  payouts_minor: number;
  closing_minor: number;
  mailed_at: string | null;
}

/** An operator's statements, oldest first, with plain numbers and ISO instants. */
export async function statementsOf(db: Db, operatorId: number): Promise<StatementFacts[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT * FROM settlements WHERE operator_id = ${operatorId} ORDER BY period_start`,
  );
  const iso = (v: unknown) => new Date(v as string).toISOString();
  return rows.map((r) => ({
    id: Number(r.id),
    currency: String(r.currency).trim(),
    period: r.period as SettlementPeriod,
    period_start: iso(r.period_start),
    period_end: iso(r.period_end),
    time_zone: String(r.time_zone),
    opening_minor: Number(r.opening_minor),
    sales_minor: Number(r.sales_minor),
    refunds_minor: Number(r.refunds_minor),
    collected_minor: Number(r.collected_minor),
    commission_minor: Number(r.commission_minor),
    adjustments_minor: Number(r.adjustments_minor),
    payouts_minor: Number(r.payouts_minor),
    closing_minor: Number(r.closing_minor),
    mailed_at: r.mailed_at === null ? null : iso(r.mailed_at),
  }));
}

/** The PDF's text, one string per line as drawn (as receipts-pdf.api.test.ts reads it). */
export async function pdfLines(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const lines: string[] = [];
  for (let p = 1; p <= pdf.numPages; p += 1) {
    const content = await (await pdf.getPage(p)).getTextContent();
    const rows = new Map<number, { x: number; s: string }[]>();
    for (const item of content.items) {
      if (!("str" in item) || item.str === "") continue;
      const y = Math.round(item.transform[5] as number);
      rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4] as number, s: item.str }]);
    }
    for (const y of [...rows.keys()].sort((a, b) => b - a)) {
      lines.push(
        rows
          .get(y)!
          .sort((a, b) => a.x - b.x)
          .map((i) => i.s)
          .join(" ")
          .replace(/\s+/g, " ")
          .trim(),
      );
    }
  }
  await pdf.destroy();
  return lines;
}

/** A CSV's rows as cells (quoted cells with commas, quotes and line breaks read back). */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && body[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}
