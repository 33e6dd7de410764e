/**
 * Customers (drivers) for Parkwell's support: find one, see their bookings and wallet, disable or
 * enable their account. A disabled account cannot sign in and its sessions end at once.
 */
import type { z } from "zod";
import type { CustomerDetail, CustomerListQuerySchema, CustomerSummary } from "@parkwell/contract";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import { toMajor } from "../../../lib/money";
import { recordAudit, type AuditActor } from "../audit.repo";
import { servedCountries } from "../../reference/served-countries";
import * as repo from "./customers.repo";
import { isUuid } from "./staff.domain";
import { iso, isoOrNull } from "../../../lib/iso";
import { offsetOf, listPage } from "../../../lib/pagination";

export const CUSTOMER_NOT_FOUND = "Customer not found";
const LATEST = 20;

function summary(row: repo.CustomerRow): CustomerSummary {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    country: { id: row.country_id, code: row.country_code, name: row.country_name },
    email_verified: row.email_verified_at !== null,
    status: row.disabled_at ? "disabled" : "active",
    created_at: iso(row.created_at),
    last_sign_in_at: isoOrNull(row.last_sign_in_at),
    bookings_count: row.bookings_count,
  };
}

const major = (minor: number | string, decimals: number | undefined) => toMajor(Number(minor), decimals ?? 2);

export async function listCustomers(db: Db, query: z.output<typeof CustomerListQuerySchema>) {
  const { rows, total } = await repo.listCustomers(
    db,
    { search: query.search, status: query.status },
    { limit: query.size, offset: offsetOf(query) },
  );
  return listPage(rows.map(summary), total, query);
}

async function customerRow(db: Db, id: string): Promise<repo.CustomerRow> {
  const row = isUuid(id) ? await repo.findCustomer(db, id) : undefined;
  if (!row) throw new AppError(404, "not_found", CUSTOMER_NOT_FOUND);
  return row;
}

export async function getCustomer(db: Db, id: string): Promise<CustomerDetail> {
  const row = await customerRow(db, id);
  const [bookings, wallets, ledger] = await Promise.all([
    repo.customerBookings(db, id, LATEST),
    repo.customerWallets(db, id),
    repo.customerLedger(db, id, LATEST),
  ]);
  const decimals = await servedCountries(db).decimalsOfAll(
    [...wallets, ...bookings, ...ledger].map((r) => r.currency),
  );
  return {
    ...summary(row),
    language: row.language,
    auth_provider: row.auth_provider,
    disabled_at: isoOrNull(row.disabled_at),
    wallets: wallets.map((w) => ({
      currency: w.currency,
      balance: major(w.balance_minor, decimals(w.currency)),
    })),
    bookings: bookings.map((b) => ({
      id: b.id,
      booking_code: b.booking_code,
      park: { id: b.park_id, name: b.park_name },
      time_zone: b.time_zone,
      start_time: iso(b.start_time),
      end_time: iso(b.end_time),
      status: b.status,
      currency: b.currency,
      total: major(b.total_minor, decimals(b.currency)),
      paid: major(b.paid_minor, decimals(b.currency)),
      created_at: iso(b.created_at),
    })),
    ledger: ledger.map((e) => ({
      id: Number(e.id),
      at: iso(e.at),
      kind: e.kind,
      description: e.description,
      reference: e.reference,
      currency: e.currency,
      amount: major(e.amount_minor, decimals(e.currency)),
      balance_after: major(e.balance_after_minor, decimals(e.currency)),
    })),
  };
}

/** Disables (or enables again) a customer's account; disabling ends every session it has. */
export async function setCustomerDisabled(
  d: { db: Db; clock: Clock },
  actor: AuditActor,
  id: string,
  disabled: boolean,
): Promise<CustomerDetail> {
  const now = d.clock();
  await d.db.transaction(async (tx) => {
    const row = isUuid(id) ? await repo.findCustomer(tx, id, true) : undefined;
    if (!row) throw new AppError(404, "not_found", CUSTOMER_NOT_FOUND);
    if (Boolean(row.disabled_at) === disabled) return;
    await repo.setDisabled(tx, id, disabled ? now : null, now);
    const ended = disabled ? await repo.endSessions(tx, id, now) : 0;
    await recordAudit(tx, actor, {
      action: disabled ? "customer.disable" : "customer.enable",
      entity: "customer",
      entityId: id,
      operatorId: null,
      before: { status: row.disabled_at ? "disabled" : "active" },
      after: { status: disabled ? "disabled" : "active", ...(disabled ? { sessions_ended: ended } : {}) },
    });
  });
  return getCustomer(d.db, id);
}
