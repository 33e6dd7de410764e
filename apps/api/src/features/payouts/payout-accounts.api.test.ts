import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../db/client";
import { bearer, createStaff, type TestUser } from "../../test/factories";
import { ledgerViolations } from "../../test/ledger-invariants";
import { lastLink, MAIL_WAIT, readMailbox } from "../../test/mailbox";
import { createPaymentsContext, type PaymentsContext } from "../../test/payments-context";
import { operatorWithManager } from "./payouts.test-kit";

let ctx: PaymentsContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createPaymentsContext();
  admin = await createStaff(ctx.database.db, "admin");
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.database.db)).toEqual([]);
});

const call = (
  user: { token: string },
  method: "GET" | "POST" | "DELETE",
  url: string,
  payload?: object,
  lang = "en",
) =>
  ctx.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { ...bearer(user), "accept-language": lang },
    ...(payload ? { payload } : {}),
  });

const rawMails = async () => {
  const dir = path.join(ctx.config.DATA_DIR, "mail");
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith(".eml"));
  return Promise.all(files.map((f) => fs.readFile(path.join(dir, f), "utf8")));
};

const accountRow = async (id: number) => {
  const [row] = await queryRows<{ destination: string; provider_recipient: string | null; status: string }>(
    ctx.database.db,
    sql`SELECT destination, provider_recipient, status FROM payout_accounts WHERE id = ${id}`,
  );
  return row!;
};

describe("a Nigerian operator's bank account (Paystack)", () => {
  it("is resolved to the bank's name before it is saved, confirmed from the e-mail, then used 48 hours later", async () => {
    const { operatorId, manager } = await operatorWithManager(ctx.database.db, 1);
    ctx.paystack.bankAccounts.set("058:0123456789", "ADAEZE OKAFOR PARKING LTD");

    const setup = (await call(manager, "GET", "/payout-accounts/setup")).json();
    expect(setup).toMatchObject({
      operator: { id: operatorId },
      country_code: "NG",
      currency: "NGN",
      method: "bank",
      provider: "paystack",
      provider_ready: true,
      hold: null,
      minimum: 5000,
      hold_hours: 48,
    });
    const banks = (await call(manager, "GET", "/payout-accounts/banks")).json().items;
    expect(banks).toContainEqual({ code: "058", name: "Guaranty Trust Bank" });
    expect(ctx.paystack.requests.some((r) => r.path.startsWith("/bank?currency=NGN"))).toBe(true);

    const resolved = await call(manager, "POST", "/payout-accounts/resolve", {
      bank_code: "058",
      account_number: "0123456789",
    });
    expect(resolved.json()).toEqual({
      account_name: "ADAEZE OKAFOR PARKING LTD",
      bank_name: "Guaranty Trust Bank",
    });
    const unknown = await call(
      manager,
      "POST",
      "/payout-accounts/resolve",
      {
        bank_code: "058",
        account_number: "9999999999",
      },
      "fr",
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields.account_number).toBe(
      "La banque ne trouve pas ce compte\u00a0: vérifiez la banque et le numéro",
    );
    const short = await call(manager, "POST", "/payout-accounts", {
      bank_code: "058",
      account_number: "123",
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().fields.account_number).toBe("Enter the 10-digit account number");
    expect(
      await queryRows(ctx.database.db, sql`SELECT id FROM payout_accounts WHERE operator_id = ${operatorId}`),
    ).toEqual([]);

    const added = await call(manager, "POST", "/payout-accounts", {
      bank_code: "058",
      account_number: "0123456789",
    });
    expect(added.statusCode).toBe(201);
    const account = added.json();
    expect(account).toMatchObject({
      operator_id: operatorId,
      currency: "NGN",
      provider: "paystack",
      method: "bank",
      status: "pending",
      holder_name: "ADAEZE OKAFOR PARKING LTD",
      bank_name: "Guaranty Trust Bank",
      last4: "6789",
      usable_from: null,
      in_use: false,
    });
    expect(JSON.stringify(account)).not.toContain("0123456789");
    const stored = await accountRow(account.id);
    expect(stored.destination).toBe("0123456789");
    expect(stored.provider_recipient).toMatch(/^RCP_/);
    const recipient = ctx.paystack.recipients.get(stored.provider_recipient!);
    expect(recipient).toMatchObject({ type: "nuban", name: "ADAEZE OKAFOR PARKING LTD", bank_code: "058" });

    // The e-mail goes to the operator's managers; a link confirms it, by one of them.
    const other = await createStaff(ctx.database.db, "branch_manager", { operatorId });
    let link!: URL;
    await vi.waitFor(async () => {
      link = await lastLink(ctx, manager.email, "/admin/payout-accounts/confirm");
    }, MAIL_WAIT);
    const mail = (await readMailbox(ctx)).find((m) => m.to.includes(manager.email))!;
    // One message to every manager of the operator (the To header folds past the first address).
    const raw = await rawMails();
    expect(raw.some((r) => r.includes(other.email) && r.includes(manager.email) && r.includes("6789"))).toBe(
      true,
    );
    expect(mail.body).toContain("6789");
    expect(mail.body).not.toContain("0123456789");
    const token = link.searchParams.get("token")!;

    const outsider = await operatorWithManager(ctx.database.db, 1);
    expect((await call(outsider.manager, "POST", "/payout-accounts/confirm", { token })).statusCode).toBe(
      404,
    );
    const employee = await createStaff(ctx.database.db, "employee", { operatorId });
    expect((await call(employee, "POST", "/payout-accounts/confirm", { token })).statusCode).toBe(403);
    expect((await call(employee, "GET", "/payout-accounts")).statusCode).toBe(403);

    const before = Date.now();
    const confirmed = await call(other, "POST", "/payout-accounts/confirm", { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toBe("active");
    const usableFrom = new Date(confirmed.json().usable_from).getTime();
    expect(usableFrom - new Date(confirmed.json().confirmed_at).getTime()).toBe(48 * 3600_000);
    expect(usableFrom).toBeGreaterThan(before + 47 * 3600_000);
    expect((await call(other, "POST", "/payout-accounts/confirm", { token })).statusCode).toBe(404);

    const list = (await call(manager, "GET", "/payout-accounts")).json().items;
    expect(list).toEqual([
      expect.objectContaining({ id: account.id, status: "active", in_use: false, last4: "6789" }),
    ]);
    expect(JSON.stringify(list)).not.toContain("0123456789");
    const audit = await queryRows<{ action: string }>(
      ctx.database.db,
      sql`SELECT action FROM audit_log WHERE entity = 'payout_account' AND entity_id = ${String(account.id)} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(["payout_account.create", "payout_account.confirm"]);
  });

  it("a change replaces the active account once confirmed; a newer change cancels the pending one; cancel is scoped", async () => {
    const { operatorId, manager } = await operatorWithManager(ctx.database.db, 1);
    ctx.paystack.bankAccounts.set("044:1111111111", "FIRST HOLDER");
    ctx.paystack.bankAccounts.set("057:2222222222", "SECOND HOLDER");
    ctx.paystack.bankAccounts.set("057:3333333333", "THIRD HOLDER");
    const add = async (bank: string, number: string) =>
      (await call(manager, "POST", "/payout-accounts", { bank_code: bank, account_number: number })).json();
    const confirm = async (email: string) => {
      let link!: URL;
      await vi.waitFor(async () => {
        link = await lastLink(ctx, email, "/admin/payout-accounts/confirm");
      }, MAIL_WAIT);
      return call(manager, "POST", "/payout-accounts/confirm", { token: link.searchParams.get("token") });
    };
    const first = await add("044", "1111111111");
    expect((await confirm(manager.email)).json().status).toBe("active");
    const second = await add("057", "2222222222");
    const third = await add("057", "3333333333");
    expect((await accountRow(second.id)).status).toBe("cancelled");
    expect((await confirm(manager.email)).json().id).toBe(third.id);
    expect((await accountRow(first.id)).status).toBe("replaced");
    expect((await accountRow(third.id)).status).toBe("active");

    const outsider = await operatorWithManager(ctx.database.db, 1);
    expect((await call(outsider.manager, "DELETE", `/payout-accounts/${third.id}`)).statusCode).toBe(404);
    expect(
      (await call(outsider.manager, "GET", `/payout-accounts?operator_id=${operatorId}`)).statusCode,
    ).toBe(404);
    const cancelled = await call(manager, "DELETE", `/payout-accounts/${third.id}`);
    expect(cancelled.json().status).toBe("cancelled");
    expect((await call(manager, "DELETE", `/payout-accounts/${third.id}`)).statusCode).toBe(409);
    expect((await call(manager, "DELETE", `/payout-accounts/${first.id}`)).statusCode).toBe(409);

    // Parkwell's admin names the operator, and must.
    expect((await call(admin, "GET", "/payout-accounts")).statusCode).toBe(422);
    const seen = (await call(admin, "GET", `/payout-accounts?operator_id=${operatorId}`)).json().items;
    expect(seen.map((a: { id: number }) => a.id)).toEqual([third.id, second.id, first.id]);
  });
});

describe("a Canadian operator's Stripe connected account", () => {
  it("must exist and be able to receive transfers", async () => {
    const { manager } = await operatorWithManager(ctx.database.db, 2);
    ctx.stripe.addAccount("acct_1ParkwellTestCA", "Harbourview Parking Ltd");
    ctx.stripe.addAccount("acct_1ParkwellPending", "Not Yet Ltd", "inactive");
    const setup = (await call(manager, "GET", "/payout-accounts/setup")).json();
    expect(setup).toMatchObject({ method: "stripe_account", provider: "stripe", currency: "CAD" });

    const missing = await call(manager, "POST", "/payout-accounts", {
      stripe_account: "acct_1NoSuchAccount",
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().fields.stripe_account).toContain("No such account");
    const inactive = await call(manager, "POST", "/payout-accounts", {
      stripe_account: "acct_1ParkwellPending",
    });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().fields.stripe_account).toContain("cannot receive transfers");
    const blank = await call(manager, "POST", "/payout-accounts", {});
    expect(blank.json().fields).toEqual({ stripe_account: "This field is required" });

    const added = await call(manager, "POST", "/payout-accounts", { stripe_account: "acct_1ParkwellTestCA" });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      holder_name: "Harbourview Parking Ltd",
      last4: "stCA",
      status: "pending",
    });
    expect(
      ctx.stripe.requests.some((r) => r.method === "GET" && r.path === "/v1/accounts/acct_1ParkwellTestCA"),
    ).toBe(true);
  });
});

describe("a Senegalese operator's Wave number", () => {
  it("takes a mobile number and the name on it", async () => {
    const { manager } = await operatorWithManager(ctx.database.db, 3);
    const setup = (await call(manager, "GET", "/payout-accounts/setup", undefined, "fr")).json();
    expect(setup).toMatchObject({ method: "mobile", provider: "wave", currency: "XOF", minimum: 5000 });
    const bad = await call(manager, "POST", "/payout-accounts", { mobile: "77 123 45 67" }, "fr");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields.mobile).toBe("Saisissez le numéro de mobile avec son indicatif, +221…");
    const added = await call(manager, "POST", "/payout-accounts", {
      mobile: "+221771234567",
      holder_name: "Awa Diop",
    });
    expect(added.json()).toMatchObject({ holder_name: "Awa Diop", last4: "4567", method: "mobile" });
  });
});
