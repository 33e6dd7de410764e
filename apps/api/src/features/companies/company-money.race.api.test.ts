// A company's billing switch against a charge in flight (PostgreSQL: PGlite has one connection).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { bearer } from "../../test/factories";
import { TEST_ENGINE } from "../../test/harness";
import { usePaymentsContext } from "../../test/payments-context";
import { companyWalletKey, revenueKey } from "../wallet/ledger.domain";
import { postTransfer } from "../wallet/ledger.service";
import { companyBalance, createCompany } from "./companies.test-kit";

const payments = usePaymentsContext();
const db = () => payments.ctx.database.db;

describe.skipIf(TEST_ENGINE !== "postgres")("the billing switch under a race", () => {
  it("waits for a charge in flight and refuses wallet billing when that charge took the balance below zero", async () => {
    const company = await createCompany(db(), { billing: "invoice", creditLimitMinor: 1_000_00 });
    await queryRows(
      db(),
      sql`INSERT INTO wallet_accounts (key, kind, currency, credit_limit_minor)
          VALUES (${companyWalletKey(company.id, "NGN")}, 'company_wallet', 'NGN', 100000) RETURNING id`,
    );
    let posted!: () => void;
    const isPosted = new Promise<void>((resolve) => (posted = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A charge below zero (allowed in invoice mode), posted but not committed yet.
    const charging = db().transaction(async (tx) => {
      await postTransfer(tx, {
        kind: "adjustment",
        idempotencyKey: `race:${company.id}`,
        lines: [
          {
            account: { key: companyWalletKey(company.id, "NGN"), kind: "company_wallet", currency: "NGN" },
            amountMinor: -500_00,
          },
          {
            account: { key: revenueKey("NGN"), kind: "platform_revenue", currency: "NGN" },
            amountMinor: 500_00,
          },
        ],
      });
      posted();
      await gate;
    });
    await isPosted;
    const switching = payments.ctx.app.inject({
      method: "PATCH",
      url: `/api/v1/business/companies/${company.id}/billing`,
      headers: bearer(company.owner),
      payload: { billing: "wallet" },
    });
    // The switch must wait for the charge's commit: give it time to read the balance if it would not.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await charging;
    const res = await switching;
    expect(res.statusCode).toBe(409);
    expect(await companyBalance(db(), company.id, "NGN")).toBe(-500_00);
    const [row] = await queryRows<{ billing: string }>(
      db(),
      sql`SELECT billing FROM companies WHERE id = ${company.id}`,
    );
    expect(row!.billing).toBe("invoice");
  });
});
