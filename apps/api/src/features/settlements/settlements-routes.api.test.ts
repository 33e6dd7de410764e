// The statements in the back office (issue #65): who sees which (an admin every operator's, a
// branch manager its own, another operator's is a 404, an employee none), one statement with its
// lines and receipt numbers, its CSV and PDF, and the open period's running figures. On PGlite and
// PostgreSQL.
import type {
  AdminSettlementCurrentList,
  AdminSettlementDetail,
  AdminSettlementList,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { bearer, createStaff, signInAgain, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { book, fundedUser } from "../bookings/bookings.test-kit";
import { closeDuePeriods } from "./settlements.service";
import { csvRows, newOperator, pdfLines } from "./settlements.test-kit";

const HOUR = 3_600_000;
let ctx: TestContext;
/** 10 November 2026, 10:00 in Lagos. */
let now = new Date("2026-11-10T09:00:00Z");
const db = () => ctx.database.db;

let a: { id: number; name: string; parkIds: number[] };
let b: { id: number; name: string; parkIds: number[] };
let admin: TestUser;
let managerA: TestUser;
let managerB: TestUser;
let employeeA: TestUser;
let statementA: number;
let statementB: number;

const get = (user: TestUser, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: `/api/v1/admin/settlements${url}`, headers: { ...bearer(user), ...headers } });

async function sale(parkId: number, startsIn: number) {
  const driver = await fundedUser(db());
  const start = new Date(now.getTime() + startsIn);
  const res = await book(ctx.app, driver, {
    park_id: parkId,
    start,
    end: new Date(start.getTime() + 3 * HOUR),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ booking_code: string }>().booking_code;
}

/** Everyone signed in on the clock as it is now. */
async function signIn() {
  admin = await signInAgain(db(), admin);
  managerA = await signInAgain(db(), managerA);
  managerB = await signInAgain(db(), managerB);
  employeeA = await signInAgain(db(), employeeA);
}

beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => now });
  a = await newOperator(db(), { period: "monthly", name: "Statement Routes A", parks: 2 });
  b = await newOperator(db(), { period: "monthly", name: "Statement Routes B" });
  admin = await createStaff(db(), "admin");
  managerA = await createStaff(db(), "branch_manager", { operatorId: a.id, parkIds: a.parkIds });
  managerB = await createStaff(db(), "branch_manager", { operatorId: b.id, parkIds: b.parkIds });
  employeeA = await createStaff(db(), "employee", { operatorId: a.id, parkIds: a.parkIds });
  await sale(a.parkIds[0]!, 2 * HOUR);
  await sale(a.parkIds[1]!, 3 * HOUR);
  await sale(b.parkIds[0]!, 2 * HOUR);
  await closeDuePeriods({ db: db(), jobs: ctx.app.jobs }, new Date("2026-12-01T00:00:00Z"));
  const ids = await queryRows<{ id: string; operator_id: number }>(
    db(),
    sql`SELECT id, operator_id FROM settlements WHERE operator_id IN (${a.id}, ${b.id})`,
  );
  statementA = Number(ids.find((r) => Number(r.operator_id) === a.id)!.id);
  statementB = Number(ids.find((r) => Number(r.operator_id) === b.id)!.id);
  now = new Date("2026-12-02T09:00:00Z");
  await signIn();
});
afterAll(() => ctx.close());

describe("the statements' list", () => {
  it("shows an admin every operator's, filtered by operator, currency and period", async () => {
    const all = (await get(admin, "?size=100")).json<AdminSettlementList>();
    expect(all.items.map((s) => s.id)).toEqual(expect.arrayContaining([statementA, statementB]));
    const onlyA = (await get(admin, `?operator_id=${a.id}`)).json<AdminSettlementList>();
    expect(onlyA.items.map((s) => s.id)).toEqual([statementA]);
    expect(onlyA.items[0]).toMatchObject({
      operator: { id: a.id, name: "Statement Routes A" },
      currency: "NGN",
      period: "monthly",
      period_start: "2026-10-31T23:00:00.000Z",
      period_end: "2026-11-30T23:00:00.000Z",
      time_zone: "Africa/Lagos",
      opening: 0,
    });
    const s = onlyA.items[0]!;
    expect(s.sales).toBeGreaterThan(0);
    expect(s.closing).toBeCloseTo(s.sales - s.commission, 2);
    expect(s.commission).toBeCloseTo(s.sales * 0.15, 2);
    expect((await get(admin, `?operator_id=${a.id}&from=2026-11-01&to=2026-11-01`)).json().total).toBe(1);
    expect((await get(admin, `?operator_id=${a.id}&from=2026-11-02`)).json().total).toBe(0);
    expect((await get(admin, `?operator_id=${a.id}&currency=cad`)).json().total).toBe(0);
    expect((await get(admin, `?operator_id=${a.id}&currency=ngn`)).json().total).toBe(1);
  });

  it("shows a branch manager its own operator's only, and an employee none", async () => {
    const own = (await get(managerA, "?size=100")).json<AdminSettlementList>();
    expect(own.items.map((s) => s.id)).toEqual([statementA]);
    expect((await get(managerA, `?operator_id=${b.id}`)).json().total).toBe(0);
    expect((await get(employeeA, "")).statusCode).toBe(403);
    expect((await get(employeeA, `/${statementA}`)).statusCode).toBe(403);
    expect((await get(employeeA, `/${statementA}.csv`)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: "/api/v1/admin/settlements" })).statusCode).toBe(401);
    // A branch manager of no operator reads no operator's.
    const nobodys = await createStaff(db(), "branch_manager");
    expect((await get(nobodys, "")).statusCode).toBe(403);
    expect((await get(nobodys, `/${statementA}`)).statusCode).toBe(403);
  });

  it("refuses bad filters with a 422 that names them", async () => {
    const res = await get(admin, "?currency=12&from=2026-11-30&to=2026-11-01&size=7");
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().fields).sort()).toEqual(["currency", "size", "to"]);
    expect((await get(admin, "/abc")).statusCode).toBe(422);
  });
});

describe("one statement", () => {
  it("lists each sale by park and product with its receipt number, gross, commission rate and share", async () => {
    const res = await get(managerA, `/${statementA}`);
    expect(res.statusCode, res.body).toBe(200);
    const { statement, lines } = res.json<AdminSettlementDetail>();
    expect(statement.id).toBe(statementA);
    expect(lines.total).toBe(2);
    for (const l of lines.items) {
      expect(l).toMatchObject({ kind: "sale", product: "hourly", commission_rate: 15 });
      expect(l.receipt_number).toMatch(/\S/);
      expect(a.parkIds).toContain(l.park!.id);
      expect(l.share).toBeCloseTo(l.gross - l.commission, 2);
    }
    expect(lines.items.reduce((s, l) => s + l.share, 0)).toBeCloseTo(statement.closing, 2);
    const receipts = await queryRows<{ number: string | null }>(
      db(),
      sql`SELECT r.number FROM operator_lines l JOIN receipts r ON r.id = l.receipt_id WHERE l.settlement_id = ${statementA}`,
    );
    expect(lines.items.map((l) => l.receipt_number).sort()).toEqual(receipts.map((r) => r.number).sort());
  });

  it("is a 404 for another operator's manager, as a missing one is", async () => {
    for (const suffix of ["", ".csv", ".pdf"]) {
      const other = await get(managerB, `/${statementA}${suffix}`);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual((await get(managerB, `/999999${suffix}`)).json());
    }
    expect((await get(admin, `/${statementB}`)).statusCode).toBe(200);
  });

  it("downloads as a CSV with its figures and every line", async () => {
    const res = await get(managerA, `/${statementA}.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="statement-${a.id}-NGN-2026-10-31-${statementA}.csv"`,
    );
    const rows = csvRows(res.body);
    const header = rows[0]!;
    const at = (row: string[], column: string) => row[header.indexOf(column)]!;
    expect(header).toEqual([
      "section",
      "occurred_at",
      "kind",
      "park",
      "product",
      "reference",
      "receipt_number",
      "currency",
      "gross",
      "commission_rate",
      "commission",
      "share",
      "note",
    ]);
    expect(at(rows[1]!, "occurred_at")).toBe("2026-11-01T00:00:00+01:00");
    const lines = rows.filter((r) => r[0] === "line");
    expect(lines).toHaveLength(2);
    const detail = (await get(managerA, `/${statementA}`)).json<AdminSettlementDetail>();
    expect(lines.map((r) => at(r, "receipt_number")).sort()).toEqual(
      detail.lines.items.map((l) => l.receipt_number).sort(),
    );
    expect(at(lines[0]!, "occurred_at")).toBe("2026-11-10T10:00:00+01:00");
    expect(Number(at(lines[0]!, "commission_rate"))).toBe(15);
    const closing = rows.find((r) => r[0] === "total" && at(r, "kind") === "closing")!;
    expect(Number(at(closing, "share"))).toBe(detail.statement.closing);
    const commission = rows.find((r) => r[0] === "total" && at(r, "kind") === "commission")!;
    expect(Number(at(commission, "share"))).toBe(-detail.statement.commission);
  });

  it("downloads as a PDF in the reader's language, times on the operator's clock with the month", async () => {
    const detail = (await get(admin, `/${statementA}`)).json<AdminSettlementDetail>();
    const en = await get(managerA, `/${statementA}.pdf`);
    expect(en.statusCode).toBe(200);
    expect(en.headers["content-type"]).toBe("application/pdf");
    const text = (await pdfLines(en.rawPayload)).join("\n");
    expect(text).toContain("Statement November 2026");
    expect(text).toContain("Statement Routes A");
    expect(text).toContain("Closing balance");
    expect(text).toContain("Nov 10, 10:00 AM");
    expect(text).toContain("Times on the Africa/Lagos clock.");
    for (const l of detail.lines.items) expect(text).toContain(l.receipt_number!);
    const fr = await get(managerA, `/${statementA}.pdf?lang=fr`);
    const frText = (await pdfLines(fr.rawPayload)).join("\n");
    expect(frText).toContain("Relevé novembre 2026");
    expect(frText).toContain("Solde de clôture");
    expect(frText).toContain("10 nov., 10:00");
  });
});

describe("the open period", () => {
  it("shows the sales the day they happen, opening at the last statement's closing", async () => {
    const before = (await get(managerA, "/current")).json<AdminSettlementCurrentList>();
    expect(before.items).toHaveLength(1);
    const closed = (await get(managerA, `/${statementA}`)).json<AdminSettlementDetail>().statement;
    expect(before.items[0]).toMatchObject({ opening: closed.closing, sales: 0, line_count: 0, lines: [] });
    const code = await sale(a.parkIds[0]!, 2 * HOUR);
    const after = (await get(managerA, "/current?currency=NGN")).json<AdminSettlementCurrentList>();
    const running = after.items[0]!;
    expect(running).toMatchObject({
      operator: { id: a.id, name: "Statement Routes A" },
      currency: "NGN",
      period_start: "2026-11-30T23:00:00.000Z",
      period_end: "2026-12-31T23:00:00.000Z",
      line_count: 1,
      as_of: now.toISOString(),
    });
    expect(running.lines[0]).toMatchObject({ kind: "sale", reference: code });
    expect(running.lines[0]!.receipt_number).toMatch(/\S/);
    expect(running.closing).toBeCloseTo(running.opening + running.sales - running.commission, 2);

    expect((await get(managerA, `/current?operator_id=${b.id}`)).statusCode).toBe(404);
    expect((await get(admin, "/current")).statusCode).toBe(422);
    expect((await get(admin, `/current?operator_id=${b.id}`)).json().items[0].operator.id).toBe(b.id);
    expect((await get(employeeA, "/current")).statusCode).toBe(403);
  });

  it("offers the operators in scope", async () => {
    expect((await get(managerA, "/operators")).json()).toEqual({
      items: [{ id: a.id, name: "Statement Routes A" }],
    });
    const all = (await get(admin, "/operators")).json<{ items: { id: number }[] }>();
    expect(all.items.map((o) => o.id)).toEqual(expect.arrayContaining([a.id, b.id]));
  });
});
