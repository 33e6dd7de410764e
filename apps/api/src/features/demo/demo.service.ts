/**
 * Demo mode's reset (docs/decisions/014-demo-mode.md): the demo accounts' bookings, marketplace
 * orders, monthly passes, vehicle document requests, wallets, accounts and the demo company back to their seeded state (the demo driver's pass
 * sold and renewal request sent again). The ledger is append-only, so a wallet
 * goes back to zero by a transfer to the demo provider's clearing account, not by deleting its
 * entries: every balance still equals the sum of its entries and every transaction still balances.
 */
import type { Db } from "../../db/client";
import { DEMO_ACCOUNTS, DEMO_COMPANY, restoreDemoAccounts } from "../../db/seed/accounts";
import { seedEvents } from "../../db/seed/events";
import { seedMarketplace } from "../../db/seed/marketplace";
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";
import type { Clock } from "../../lib/clock";
import { syncFloor } from "../companies/company-wallet.service";
import { deleteReferralsOfUsers } from "../referrals/referrals.service";
import { deleteReviewsOfBookingsInTx } from "../reviews/reviews.service";
import { clearingKey } from "../wallet/ledger.domain";
import { postTransfer } from "../wallet/ledger.service";
import { ensureDemoPass } from "./demo-pass.service";
import { ensureDemoVehicleDocs } from "./demo-vehicle-docs.service";
import { DEMO_RESET_EVERY_MS, DEMO_RESET_KIND, DEMO_RESET_REASON, demoResetKey } from "./demo.domain";
import * as repo from "./demo.repo";

const DEMO_EMAILS = DEMO_ACCOUNTS.map((a) => a.email);

/**
 * What the reset makes again after its transaction, as a driver makes it: the demo driver's pass
 * and, given the job queue (its request queues a mail), their vehicle document request.
 */
async function remakeDemoPurchases(db: Db, clock: Clock, jobs: Jobs | undefined): Promise<void> {
  await ensureDemoPass(db, clock);
  if (jobs) await ensureDemoVehicleDocs(db, clock, jobs);
}

/** Resets the demo data now, whenever the last reset was. */
export async function resetDemoData(db: Db, clock: Clock, jobs?: Jobs): Promise<void> {
  const now = clock();
  await db.transaction(async (tx) => {
    await repo.recordReset(tx, now);
    await resetInside(tx, now);
  });
  await restoreDemoAccounts(db, now);
  await remakeDemoPurchases(db, clock, jobs);
}

/**
 * Resets the demo data when `everyMs` have passed since the last reset, in whichever process
 * claims the reset row first; the others get false. The first check only starts the clock.
 */
export async function resetDemoDataWhenDue(
  db: Db,
  clock: Clock,
  everyMs = DEMO_RESET_EVERY_MS,
  jobs?: Jobs,
): Promise<boolean> {
  const now = clock();
  const ran = await db.transaction(async (tx) => {
    if (await repo.startResetClock(tx, now)) return false;
    if (!(await repo.claimDueReset(tx, now, new Date(now.getTime() - everyMs)))) return false;
    await resetInside(tx, now);
    return true;
  });
  // After the commit: argon2 work stays out of the transaction that holds the reset row.
  if (ran) {
    await restoreDemoAccounts(db, now);
    // The demo driver's monthly pass and renewal request, made again as a driver makes them.
    await remakeDemoPurchases(db, clock, jobs);
  }
  return ran;
}

async function resetInside(tx: Tx, now: Date): Promise<void> {
  // The demo events that have ended move to their next date: there is always one to book.
  await seedEvents(tx, now, { demo: true });
  // The marketplace's offers and coupons about to end move forward: there are always live ones.
  await seedMarketplace(tx, now);
  const userIds = await repo.findUserIds(tx, DEMO_EMAILS);
  if (userIds.length === 0) return;
  // Payment rows, then bookings, then wallets: the order settling a payment and changing a booking
  // take their locks in, so a request at the same moment waits instead of deadlocking.
  await repo.closeOpenDemoPayments(tx, userIds, DEMO_RESET_REASON, now);
  // Their bookings' reviews leave the parks' ratings before the bookings (and with them the
  // reviews) are deleted.
  await repo.lockBookings(tx, userIds);
  await deleteReviewsOfBookingsInTx(tx, userIds);
  // Their claims (decision 057), which name their bookings and passes; the refunds stay in the ledger.
  await repo.deleteClaims(tx, userIds);
  await repo.deleteBookings(tx, userIds);
  // Their marketplace orders, giving back the stock they hold, before the wallets are locked.
  await repo.deleteOrders(tx, userIds);
  // Their monthly passes (the demo driver's is sold again after the reset).
  await repo.deletePasses(tx, userIds);
  // Their vehicle document requests and papers' dates (the demo driver's request is sent again).
  await repo.deleteVehicleDocRequests(tx, userIds);
  // The devices that got their reminders (decision 066): a visitor's phone is not the next one's.
  await repo.deletePushSubscriptions(tx, userIds);
  await repo.deleteSavedCards(tx, userIds);
  // Their invitations (as inviter or invitee), codes and devices: the rewards go with the balances.
  await deleteReferralsOfUsers(tx, userIds);
  for (const wallet of await repo.lockWallets(tx, userIds)) {
    if (wallet.balanceMinor === 0 || !wallet.ownerUserId) continue;
    await postTransfer(tx, {
      idempotencyKey: demoResetKey(now, wallet.key),
      kind: DEMO_RESET_KIND,
      description: "Demo data reset: the balance goes back to zero",
      lines: [
        {
          account: {
            key: wallet.key,
            kind: "user_wallet",
            currency: wallet.currency,
            ownerUserId: wallet.ownerUserId,
          },
          amountMinor: -wallet.balanceMinor,
        },
        {
          account: {
            key: clearingKey("demo", wallet.currency),
            kind: "provider_clearing",
            currency: wallet.currency,
          },
          amountMinor: wallet.balanceMinor,
        },
      ],
    });
  }
  await resetDemoCompany(tx, now);
}

/**
 * The demo company back to its seeded state: its accounts to zero (a transfer with the demo
 * provider's clearing account, as the wallets'), then its settings, people, policy and charges,
 * and its accounts' floor back to a prepaid wallet's.
 */
async function resetDemoCompany(tx: Tx, now: Date): Promise<void> {
  const companyId = await repo.lockDemoCompany(tx, DEMO_COMPANY.name);
  if (companyId === null) return;
  for (const account of await repo.lockCompanyAccounts(tx, companyId)) {
    if (account.balanceMinor === 0) continue;
    await postTransfer(tx, {
      idempotencyKey: demoResetKey(now, account.key),
      kind: DEMO_RESET_KIND,
      description: "Demo data reset: the balance goes back to zero",
      lines: [
        {
          account: { key: account.key, kind: "company_wallet", currency: account.currency },
          amountMinor: -account.balanceMinor,
        },
        {
          account: {
            key: clearingKey("demo", account.currency),
            kind: "provider_clearing",
            currency: account.currency,
          },
          amountMinor: account.balanceMinor,
        },
      ],
    });
  }
  await repo.restoreDemoCompany(tx, companyId, DEMO_COMPANY, now);
  await syncFloor(tx, companyId);
}
