/**
 * How settle credits a company's top-up (payments.domain companyOfTopUp): the companies feature
 * posts the move to its account, writes its receipt and its `company_charges` row, in settle's
 * transaction. Payments knows only this shape; the app wires the companies' implementation in
 * (companies import payments, never the other way).
 */
import type { Tx } from "../../db/tx";
import type { ServedCountries } from "../reference/served-countries";

export interface CompanyTopUpCredit {
  companyId: number;
  /** The member who started it (the payments row's user). */
  userId: string;
  provider: string;
  currency: string;
  amountMinor: number;
  idempotencyKey: string;
  reference: string;
  at: Date;
}

export interface CompanyTopUps {
  /** `served`: the app's served countries (the receipt's decimals are the company's home country's). */
  credit(
    served: ServedCountries,
    tx: Tx,
    input: CompanyTopUpCredit,
  ): Promise<{ transactionId: string; created: boolean }>;
  /**
   * The company's balance in `currency` (minor units) for `userId` when they may see its money
   * (an active owner or admin), else null: what /wallet/verify-payment answers for a company's
   * top-up, never the member's own wallet.
   */
  balanceSeenBy(tx: Tx, companyId: number, userId: string, currency: string): Promise<number | null>;
}
