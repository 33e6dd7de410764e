import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * An operator's account moves only two ways (decision 056): the receipts' trigger posts a sale's
 * share and a credit note's reversal (receipt_operator_share.sql), and `postOperatorMove` every other
 * move with its line. Nothing else names an operator's ledger account or writes an operator line,
 * so the invariant "each move has its line" cannot be dodged by a new writer.
 */
const SRC = path.resolve(import.meta.dirname, "../..");

/** What only these files may contain (outside tests and test kits). */
const WRITERS: Record<string, { pattern: RegExp; within?: string; files: string[] }> = {
  "a call naming an operator's ledger account": {
    pattern: /\boperatorKey\(/,
    files: ["features/settlements/operator-ledger.service.ts"],
  },
  "a database function naming an operator's account": {
    pattern: /'owner_payable'|'operator:'/,
    within: "db/sql/",
    files: ["db/sql/functions/receipt_operator_share.sql"],
  },
  "an INSERT into operator_lines": {
    pattern: /INSERT INTO operator_lines|insert\(operatorLines\)/i,
    files: ["db/sql/functions/receipt_operator_share.sql", "features/settlements/operator-ledger.repo.ts"],
  },
};

function sources(): string[] {
  return fs
    .readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .map((f) => f.split(path.sep).join("/"))
    .filter(
      (f) => /\.(ts|sql)$/.test(f) && !/\.test\.ts$|test-kit\.ts$|\.d\.ts$/.test(f) && !f.startsWith("test/"),
    );
}

describe("an operator's account moves through postOperatorMove or the receipts' trigger only", () => {
  for (const [what, { pattern, within = "", files }] of Object.entries(WRITERS)) {
    it(`has ${what} only where it is allowed`, () => {
      const found = sources()
        .filter((f) => f.startsWith(within))
        .filter((f) => pattern.test(fs.readFileSync(path.join(SRC, f), "utf8")));
      expect(found.sort()).toEqual([...files].sort());
    });
  }
});
