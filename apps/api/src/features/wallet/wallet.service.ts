import type { Config } from "../../config";
import { AppError } from "../../lib/app-error";
import { toMajor } from "../../lib/money";
import { candidates } from "../payments/top-up.service";
import type { PaymentDeps } from "../payments/verify.service";
import { userWalletKey } from "./ledger.domain";
import * as repo from "./ledger.repo";
import { listPage, offsetOf } from "../../lib/pagination";

/** GET /wallet: the balance in the user's country currency, and what a top-up may be. */
export async function getWallet(deps: PaymentDeps, config: Config, userId: string) {
  const user = await repo.findUserCurrency(deps.db, userId);
  if (!user) throw AppError.notFound("User not found");
  const { country, limits } = await repo.countryAndLimits(deps.db, user.countryId);
  const wallet = await repo.findWallet(deps.db, userWalletKey(userId, user.currency));
  const major = (minor: number) => toMajor(minor, user.decimals);
  const provider = (await candidates(deps, config, user.countryCode))[0]?.name ?? "demo";
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
export async function listTransactions(deps: PaymentDeps, userId: string, page: number, size: number) {
  const user = await repo.findUserCurrency(deps.db, userId);
  if (!user) throw AppError.notFound("User not found");
  const wallet = await repo.findWallet(deps.db, userWalletKey(userId, user.currency));
  const total = wallet ? await repo.countEntries(deps.db, wallet.id) : 0;
  const rows = wallet ? await repo.listEntries(deps.db, wallet.id, size, offsetOf({ page, size })) : [];
  const major = (minor: number) => toMajor(minor, user.decimals);
  return {
    status: "success" as const,
    message: "Transactions retrieved",
    data: {
      ...listPage(
        rows.map((r) => ({
          id: String(r.id),
          type: r.kind,
          amount: major(r.amountMinor),
          currency: r.currency,
          balance_after: major(r.balanceAfterMinor),
          reference: r.reference,
          description: r.description,
          created_at: new Date(r.createdAt).toISOString(),
        })),
        total,
        { page, size },
      ),
    },
  };
}
