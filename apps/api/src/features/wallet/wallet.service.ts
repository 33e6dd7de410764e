import type { PaymentProviderName } from "@parkwell/contract";
import type { Db } from "../../db/client";
import { numberReceiptsOf } from "../receipts/receipts.service";
import { AppError } from "../../lib/app-error";
import { toMajor } from "../../lib/money";
import { asLedgerKind, ledgerSubject, userWalletKey } from "./ledger.domain";
import * as repo from "./ledger.repo";
import { userCurrency } from "./ledger.service";
import { servedCountries } from "../reference/served-countries";
import { listPage, offsetOf } from "../../lib/pagination";

/** The payment provider a top-up in the country would go to first ("demo" when none); the app wires payments' choice in. */
export type TopUpProvider = (countryCode: string) => Promise<PaymentProviderName>;

/** GET /wallet: the balance in the user's country currency, and what a top-up may be. */
export async function getWallet(db: Db, topUpProvider: TopUpProvider, userId: string) {
  const served = servedCountries(db);
  const user = await userCurrency(served, db, userId);
  if (!user) throw AppError.notFound("User not found");
  const [country, limits] = await Promise.all([served.byId(user.countryId), served.feesOf(user.countryId)]);
  const wallet = await repo.findWallet(db, userWalletKey(userId, user.currency));
  const major = (minor: number) => toMajor(minor, user.decimals);
  const provider = await topUpProvider(user.countryCode);
  return {
    status: "success" as const,
    message: "Wallet retrieved",
    data: {
      balance: major(wallet?.balanceMinor ?? 0),
      currency: user.currency,
      currency_symbol: country?.currencySymbol ?? user.currency,
      decimals: user.decimals,
      provider,
      min_topup: major(Number(limits?.minTopupMinor ?? 0)),
      max_topup: major(Number(limits?.maxTopupMinor ?? 0)),
      max_balance: major(Number(limits?.maxWalletBalanceMinor ?? 0)),
    },
  };
}

/** GET /wallet/transactions: the wallet's entries, newest first. */
export async function listTransactions(db: Db, userId: string, page: number, size: number) {
  const user = await userCurrency(servedCountries(db), db, userId);
  if (!user) throw AppError.notFound("User not found");
  const wallet = await repo.findWallet(db, userWalletKey(userId, user.currency));
  await numberReceiptsOf(db, userId);
  const total = wallet ? await repo.countEntries(db, wallet.id) : 0;
  const rows = wallet ? await repo.listEntries(db, wallet.id, size, offsetOf({ page, size })) : [];
  const major = (minor: number) => toMajor(minor, user.decimals);
  return {
    status: "success" as const,
    message: "Transactions retrieved",
    data: {
      ...listPage(
        rows.map((r) => ({
          id: String(r.id),
          type: asLedgerKind(r.kind),
          subject: ledgerSubject(r.idempotencyKey, r.reference),
          amount: major(r.amountMinor),
          currency: r.currency,
          balance_after: major(r.balanceAfterMinor),
          reference: r.reference,
          description: r.description,
          receipt_number: r.receiptNumber,
          created_at: new Date(r.createdAt).toISOString(),
        })),
        total,
        { page, size },
      ),
    },
  };
}
