/** Demo mode's rules (docs/decisions/014-demo-mode.md). Pure: no I/O. */

/** How often the demo accounts' bookings, wallets and accounts go back to their seeded state. */
export const DEMO_RESET_EVERY_MS = 30 * 60_000;

/** The ledger kind of the transfer that brings a demo wallet back to zero. */
export const DEMO_RESET_KIND = "demo_reset";

/** Why a demo payment left open was closed by the reset (it may then never be credited). */
export const DEMO_RESET_REASON = "demo_reset";

/** One reset's ledger key for one wallet: a retried transaction never posts it twice. */
export const demoResetKey = (at: Date, walletKey: string) =>
  `${DEMO_RESET_KIND}:${at.toISOString()}:${walletKey}`;

/** The start-up log line that says demo mode is on, why, and what it does; null when it is off. */
export function demoModeNotice(config: { DEMO_MODE: boolean; DEMO_MODE_AUTOMATIC: boolean }): string | null {
  if (!config.DEMO_MODE) return null;
  const why = config.DEMO_MODE_AUTOMATIC
    ? "no DATABASE_URL and no payment provider keys are set; DEMO_MODE=false turns it off"
    : "DEMO_MODE=true";
  return (
    `Demo mode is on (${why}): top-ups without a provider's keys are paid by the demo provider, ` +
    "the demo accounts are seeded with the passwords the README publishes, and every " +
    `${DEMO_RESET_EVERY_MS / 60_000} minutes their bookings, wallets and accounts go back to their seeded state.`
  );
}
