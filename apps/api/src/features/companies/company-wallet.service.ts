/**
 * A company's money (docs/decisions/030-business-accounts.md): its wallet, one ledger account per
 * currency (`company:<id>:<ccy>`, kind `company_wallet`, created at its first move), topped up
 * through the payments path personal wallets use, and its billing mode. In invoice mode its
 * home-currency account may go down to minus the credit limit Parkwell staff set; the floor is
 * `wallet_accounts.credit_limit_minor`, which ledger_post honours.
 *
 * Only the company's owners and admins see or move its money: a member gets 403, anyone else 404
 * (the company's existence is not told to strangers).
 */
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import { toMajor } from "../../lib/money";
import type { CompanyTopUpCredit, CompanyTopUps } from "../payments/company-top-ups";
import { addCompanyFunds, verifyCompanyTopUp } from "../payments/top-up.service";
import { inProgress, type PaymentDeps } from "../payments/verify.service";
import { issueReceipt } from "../receipts/receipts.service";
import { clearingKey, companyWalletKey } from "../wallet/ledger.domain";
import { postTransfer } from "../wallet/ledger.service";
import { servedCountries, type ServedCountries } from "../reference/served-countries";
import * as repo from "./company-wallet.repo";
import type { CompanyMembership } from "./company-wallet.repo";

export const COMPANY_NOT_FOUND = "Company not found";
export const ADMINS_ONLY = "Only the company's owners and admins can do this";
export const NOT_VERIFIED = "The company's billing e-mail is not verified yet";
export const DISABLED = "This company has been disabled by Parkwell";
export const NO_CREDIT_LIMIT =
  "Invoice billing needs a credit limit, which Parkwell sets: contact our support team";
export const NEGATIVE_BALANCE =
  "The company's balance is below zero: top it up to zero or more before switching back to wallet billing";

/** A company as a member reads it, with its home country's decimals and clock. */
export interface CompanyOfMember extends CompanyMembership {
  decimals: number;
  timeZone: string;
}

/** The company's row with its home country's decimals and clock, from the served countries (decision 018). */
async function withHomeFacts(
  served: ServedCountries,
  via: Tx,
  company: CompanyMembership,
): Promise<CompanyOfMember> {
  const home = await served.byId(company.countryId, via);
  if (!home) throw new Error(`company ${company.id}: no country ${company.countryId}`);
  return { ...company, decimals: home.currencyDecimals, timeZone: home.timezone };
}

/**
 * A company with its home country's facts, and `userId`'s role in it (null: not an active member);
 * null when none. `db` is the app's root handle (the served countries'); `via` the caller's
 * transaction, when it reads inside one.
 */
export async function companyOfMember(
  db: Db,
  companyId: number,
  userId: string,
  via: Tx = db,
): Promise<CompanyOfMember | null> {
  const company = await repo.companyForUser(via, companyId, userId);
  return company && withHomeFacts(servedCountries(db), via, company);
}

/**
 * The company as `userId` may manage it (owner or admin), with its home country's facts; 404 for a
 * company they are not an active member of (or none), 403 for a plain member. `db` is the app's
 * root handle; `via` the caller's transaction, when it reads inside one.
 */
export async function manageableCompany(
  db: Db,
  companyId: number,
  userId: string,
  via: Tx = db,
): Promise<CompanyOfMember> {
  const company = await companyOfMember(db, companyId, userId, via);
  if (!company || company.role === null) throw AppError.notFound(COMPANY_NOT_FOUND, "company_not_found");
  if (company.role === "member") throw new AppError(403, "company_admins_only", ADMINS_ONLY);
  return company;
}

/** GET .../wallet: balances per currency, billing mode, credit limit, what may be spent. */
export async function walletOf(db: Db, companyId: number, userId: string) {
  const company = await manageableCompany(db, companyId, userId);
  const served = servedCountries(db);
  const accounts = await repo.balancesOf(db, companyId);
  const decimalsOf = await served.decimalsOfAll(accounts.map((a) => a.currency));
  if (!accounts.some((a) => a.currency === company.currency)) {
    accounts.unshift({ currency: company.currency, balanceMinor: 0, floorMinor: 0 });
  }
  const invoice = company.billing === "invoice";
  return {
    company_id: company.id,
    name: company.name,
    billing: company.billing,
    currency: company.currency,
    time_zone: company.timeZone,
    verified: company.verified,
    disabled: company.disabled,
    credit_limit: toMajor(company.creditLimitMinor, company.decimals),
    balances: accounts.map((a) => {
      const home = a.currency === company.currency;
      const decimals = decimalsOf(a.currency) ?? company.decimals;
      const credit = home && invoice ? company.creditLimitMinor : 0;
      return {
        currency: a.currency,
        balance: toMajor(a.balanceMinor, decimals),
        // Invoice mode: the balance may go down to minus the limit (home currency only).
        available: toMajor(a.balanceMinor + credit, decimals),
      };
    }),
  };
}

/** A company that may pay (and be topped up): verified and not disabled. */
function mayPay(company: CompanyOfMember): void {
  if (company.disabled) throw new AppError(409, "company_disabled", DISABLED);
  if (!company.verified) throw new AppError(409, "company_not_verified", NOT_VERIFIED);
}

/**
 * POST .../top-ups: the company's top-up at its country's gateway, in its home currency (the
 * payments path of personal wallets; addCompanyFunds). The payer comes back to the company's
 * wallet page, which verifies it.
 */
export async function startTopUp(
  deps: PaymentDeps,
  config: Config,
  companyId: number,
  userId: string,
  input: { amount: number; idempotencyKey?: string | undefined },
) {
  const company = await manageableCompany(deps.db, companyId, userId);
  mayPay(company);
  return addCompanyFunds(deps, config, {
    companyId,
    userId,
    email: await repo.billingEmailOf(deps.db, companyId),
    countryId: company.countryId,
    countryCode: company.countryCode,
    currency: company.currency,
    decimals: company.decimals,
    amount: input.amount,
    idempotencyKey: input.idempotencyKey,
    callbackUrl: (provider) => `${config.PUBLIC_URL}/business/${companyId}/wallet?provider=${provider}`,
  });
}

export const TOP_UP_CREDITED = "Payment verified and the company's wallet was credited";
export const TOP_UP_ALREADY = "Payment already verified";
export const TOP_UP_PENDING = "Payment has not been completed yet";
export const TOP_UP_FAILED = "The payment failed or was cancelled; nothing was credited";

/** POST .../top-ups/{reference}/verify: asks the provider and credits the company once. */
export async function verifyTopUp(deps: PaymentDeps, companyId: number, userId: string, reference: string) {
  const company = await manageableCompany(deps.db, companyId, userId);
  const { payment, outcome } = await verifyCompanyTopUp(deps, companyId, reference);
  const data = {
    reference: payment.reference,
    provider: payment.provider,
    amount: toMajor(payment.amountMinor, company.decimals),
    currency: payment.currency.trim(),
  };
  const balance = async () =>
    toMajor(await repo.balanceOf(deps.db, companyId, payment.currency.trim()), company.decimals);
  switch (outcome.kind) {
    case "credited":
      return {
        status: "success" as const,
        message: TOP_UP_CREDITED,
        data: { ...data, credited: true, new_balance: await balance() },
      };
    case "already":
      return {
        status: "success" as const,
        message: TOP_UP_ALREADY,
        data: { ...data, credited: false, new_balance: await balance() },
      };
    case "busy":
      return inProgress(data);
    case "pending":
      return { status: "pending" as const, message: TOP_UP_PENDING, data };
    case "failed":
      throw new AppError(422, "payment_failed", TOP_UP_FAILED);
  }
}

/**
 * PATCH .../billing: owners and admins switch between prepaid wallet and monthly invoice. Invoice
 * needs the credit limit Parkwell set (above zero); back to wallet is refused while the home
 * account is below zero. The account's floor follows in the same transaction, under the company's
 * row lock.
 */
export async function setBilling(db: Db, companyId: number, userId: string, billing: "wallet" | "invoice") {
  const company = await manageableCompany(db, companyId, userId);
  await db.transaction(async (tx) => {
    await repo.lockCompany(tx, companyId);
    const current = await repo.companyForUser(tx, companyId, userId);
    if (!current) throw AppError.notFound(COMPANY_NOT_FOUND, "company_not_found");
    if (billing === "invoice" && current.creditLimitMinor <= 0) {
      throw new AppError(422, "no_credit_limit", NO_CREDIT_LIMIT);
    }
    // The account's row locked before its balance is read: a charge in flight waits, then meets
    // the new floor (a wallet company never ends below zero).
    const balance = await repo.lockBalance(tx, companyId, company.currency);
    if (billing === "wallet" && balance < 0) {
      throw new AppError(409, "balance_below_zero", NEGATIVE_BALANCE);
    }
    await repo.setBilling(tx, companyId, billing);
    await repo.syncCompanyFloor(tx, companyId);
  });
  return walletOf(db, companyId, userId);
}

/**
 * What settle calls for a company's top-up (payments/company-top-ups.ts), in its transaction:
 * provider clearing -> the company's account (no cap), the top-up's receipt naming the company,
 * and a `topup` row in company_charges (positive: money in; statements list top-ups apart).
 */
export const companyTopUps: CompanyTopUps = {
  async balanceSeenBy(tx: Tx, companyId: number, userId: string, currency: string) {
    const company = await repo.companyForUser(tx, companyId, userId);
    if (!company || company.role === null || company.role === "member") return null;
    return repo.balanceOf(tx, companyId, currency.trim());
  },
  async credit(served: ServedCountries, tx: Tx, input: CompanyTopUpCredit) {
    const row = await repo.companyForUser(tx, input.companyId, input.userId);
    if (!row) throw new Error(`company top-up ${input.reference}: no company ${input.companyId}`);
    const company = await withHomeFacts(served, tx, row);
    const result = await postTransfer(tx, {
      kind: "topup",
      idempotencyKey: input.idempotencyKey,
      reference: input.reference,
      description: `Company wallet top-up (${input.provider})`,
      lines: [
        {
          account: {
            key: clearingKey(input.provider, input.currency),
            kind: "provider_clearing",
            currency: input.currency,
          },
          amountMinor: -input.amountMinor,
        },
        {
          account: {
            key: companyWalletKey(input.companyId, input.currency),
            kind: "company_wallet",
            currency: input.currency,
          },
          amountMinor: input.amountMinor,
        },
      ],
    });
    if (!result.created) return result;
    await issueReceipt(tx, {
      kind: "topup",
      userId: input.userId,
      ledgerKey: input.idempotencyKey,
      reference: input.reference,
      countryId: company.countryId,
      parkId: null,
      issuedAt: input.at,
      currency: input.currency,
      decimals: company.decimals,
      body: { lines: [{ kind: "topup", amountMinor: input.amountMinor, detail: input.provider }], taxes: [] },
      expectedMinor: input.amountMinor,
      buyerCompanyId: input.companyId,
    });
    await repo.insertCharge(tx, {
      companyId: input.companyId,
      memberId: null,
      userId: input.userId,
      costCentre: "",
      kind: "topup",
      ledgerKey: input.idempotencyKey,
      reference: input.reference,
      currency: input.currency,
      amountMinor: input.amountMinor,
      at: input.at,
    });
    return result;
  },
};

/**
 * Keeps the company's home-currency account floor in step with its billing and credit limit, in
 * the caller's transaction (the back office's credit limit, the billing switch): minus the limit in
 * invoice mode, 0 otherwise.
 */
export async function syncFloor(tx: Tx, companyId: number): Promise<void> {
  await repo.syncCompanyFloor(tx, companyId);
}
