/**
 * A company's dashboard for its owners and admins (members get 403, anyone else 404): what it
 * spent in a month per member and cost centre, the bookings and receipts it paid for, from
 * `company_charges`. Months and days are on the company's home country's clock. Reads number the
 * company's pending receipts first, as the receipts' own reads do.
 */
import type { CompanyBookingsFilter } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { listPage, offsetOf, type PageQuery } from "../../lib/pagination";
import { RECEIPT_NOT_FOUND_MESSAGE } from "@parkwell/contract";
import { AppError } from "../../lib/app-error";
import type { Language } from "../../lib/language";
import { numberReceipts, pdfOwn } from "../receipts/receipts.service";
import { servedCountries } from "../reference/served-countries";
import * as repo from "./company-dashboard.repo";
import {
  BOOKINGS_CSV_HEADER,
  bookingCsvLine,
  presentBooking,
  presentReceipt,
  presentSpend,
  type Decimals,
} from "./company-dashboard.present";
import { monthOn } from "./company-statement.domain";
import { manageableCompany } from "./company-wallet.service";
import { csvLine } from "../../lib/csv";

export interface DashboardDeps {
  db: Db;
  clock: Clock;
}

/** Each served currency's decimals, from the served countries (the one source of country facts). */
export async function decimalsOf(db: Db): Promise<Decimals> {
  const countries = await servedCountries(db).list();
  const map = new Map(countries.map((c) => [c.currency.trim(), c.currencyDecimals]));
  return (currency) => map.get(currency.trim()) ?? 2;
}

/** GET .../spend?month=YYYY-MM (default: this month on the company's clock). */
export async function spendOf(deps: DashboardDeps, companyId: number, userId: string, month?: string) {
  const company = await manageableCompany(deps.db, companyId, userId);
  const m = month ?? monthOn(deps.clock(), company.timeZone);
  const [members, centres, decimals] = await Promise.all([
    repo.spendPerMember(deps.db, companyId, m, company.timeZone),
    repo.spendPerCostCentre(deps.db, companyId, m, company.timeZone),
    decimalsOf(deps.db),
  ]);
  return presentSpend(m, company.timeZone, members, centres, decimals);
}

type BookingsQuery = Omit<CompanyBookingsFilter, "page" | "size"> & PageQuery;

function filterOf(companyId: number, timeZone: string, q: BookingsQuery): repo.BookingFilter {
  return {
    companyId,
    tz: timeZone,
    memberId: q.member_id,
    parkId: q.park_id,
    status: q.status,
    from: q.from,
    to: q.to,
  };
}

/** GET .../bookings: the company-paid bookings, newest start first, filtered, one page. */
export async function bookingsOf(deps: DashboardDeps, companyId: number, userId: string, q: BookingsQuery) {
  const company = await manageableCompany(deps.db, companyId, userId);
  const f = filterOf(companyId, company.timeZone, q);
  const [rows, total, decimals] = await Promise.all([
    repo.listBookings(deps.db, f, q.size, { offset: offsetOf(q) }),
    repo.countBookings(deps.db, f),
    decimalsOf(deps.db),
  ]);
  return listPage(
    rows.map((r) => presentBooking(r, decimals)),
    total,
    q,
  );
}

export const EXPORT_BATCH = 500;

/** GET .../bookings?format=csv: the whole filtered list as CSV, read in batches while it streams. */
export async function bookingsCsv(
  deps: DashboardDeps,
  companyId: number,
  userId: string,
  q: BookingsQuery,
  batch = EXPORT_BATCH,
) {
  const company = await manageableCompany(deps.db, companyId, userId);
  const f = filterOf(companyId, company.timeZone, q);
  const decimals = await decimalsOf(deps.db);
  async function* chunks(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(BOOKINGS_CSV_HEADER)}`;
    for (let after: repo.BookingKey | null = null; ;) {
      const rows = await repo.listBookings(deps.db, f, batch, { after });
      if (rows.length === 0) return;
      yield rows.map((r) => bookingCsvLine(presentBooking(r, decimals), decimals)).join("");
      if (rows.length < batch) return;
      const last = rows[rows.length - 1]!;
      after = [last.k_start, last.id];
    }
  }
  return { filename: `company-${companyId}-bookings.csv`, chunks: chunks() };
}

/** Numbers the company's receipts that have none yet: what a read does first. */
export async function numberCompanyReceipts(db: Db, companyId: number): Promise<void> {
  for (const country of await repo.unnumberedCountriesOfCompany(db, companyId))
    await numberReceipts(db, country);
}

/** GET .../receipts: the receipts and credit notes of the company's moves, newest first (a month's when given). */
export async function receiptsOf(
  deps: DashboardDeps,
  companyId: number,
  userId: string,
  q: PageQuery & { month?: string | undefined },
) {
  const company = await manageableCompany(deps.db, companyId, userId);
  await numberCompanyReceipts(deps.db, companyId);
  const { rows, total } = await repo.listReceipts(
    deps.db,
    companyId,
    q.month ? { month: q.month, tz: company.timeZone } : null,
    q.size,
    offsetOf(q),
  );
  return listPage(
    rows.map((r) => presentReceipt(r as typeof r & { number: string })),
    total,
    q,
  );
}

/**
 * GET .../receipts/{number}.pdf: one of the company's receipts as the receipts' own PDF, for its
 * owners and admins (the member it was issued to reads it at /receipts too); another's is 404.
 */
export async function receiptPdfOf(
  deps: DashboardDeps,
  companyId: number,
  userId: string,
  number: string,
  language: Language,
): Promise<Buffer> {
  await manageableCompany(deps.db, companyId, userId);
  await numberCompanyReceipts(deps.db, companyId);
  const owner = await repo.companyReceiptUser(deps.db, companyId, number);
  if (!owner) throw AppError.notFound(RECEIPT_NOT_FOUND_MESSAGE);
  return pdfOwn(deps.db, owner, number, language);
}
