import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Money moves for a purchase only through the purchase engine (decision 040): the wallet's and a
 * company's charge and refund helpers, and the receipt writer, are called from nowhere else in the
 * API, but for the places listed here with why. A new kind that charges on its own fails here.
 */
const SRC = path.resolve(import.meta.dirname, "../..");

/** Where each money call may appear outside features/purchases, and why. */
const ALLOWED: Record<string, Record<string, string>> = {
  "chargeWallet(": {
    "features/receipts/receipts.service.ts": "a doc comment's example",
  },
  "refundToWallet(": {},
  "creditGuarantee(": {
    "features/bookings/rebook.service.ts":
      "the space guarantee's difference (decision 058), taken in the same transaction by the new booking's charge",
  },
  "refundToCompany(": {},
  "moveCompanyMoney(": {},
  "issueReceipt(": {
    "features/wallet/ledger.service.ts": "a top-up's receipt (money in, not a purchase)",
    "features/companies/company-wallet.service.ts": "a company top-up's receipt (money in, not a purchase)",
  },
};

/** The helpers' own definitions. */
const DEFINED_IN = new Set([
  "features/wallet/ledger.service.ts",
  "features/companies/company-pay.service.ts",
  "features/receipts/receipts.service.ts",
]);

function sourceFiles(): string[] {
  return fs
    .readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !/\.test\.ts$|test-kit\.ts$|\.d\.ts$/.test(f))
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => !f.startsWith("features/purchases/") && !f.startsWith("test/"));
}

describe("a purchase's money moves through the purchase engine", () => {
  for (const [call, allowed] of Object.entries(ALLOWED)) {
    it(`calls ${call}…) only from the engine (and the places named with their reason)`, () => {
      const callers = sourceFiles()
        .filter((f) => fs.readFileSync(path.join(SRC, f), "utf8").includes(call))
        .filter((f) => !(DEFINED_IN.has(f) && new RegExp(`function ${call.slice(0, -1)}\\b`).test(read(f))))
        .sort();
      expect(callers).toEqual(Object.keys(allowed).sort());
    });
  }
});

const read = (f: string) => fs.readFileSync(path.join(SRC, f), "utf8");
