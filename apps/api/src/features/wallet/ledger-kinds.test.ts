import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LEDGER_KINDS } from "@parkwell/contract";
import { describe, expect, it } from "vitest";

/**
 * The ledger's kinds are LEDGER_KINDS: the TypeScript writers take only those (`postTransfer`'s
 * `kind: LedgerKind`), and the screens' words are checked against the list
 * (apps/web/src/features/wallet/transactions-list.test.tsx). The database functions that post
 * (`ledger_post(...)` in a migration) are not typed: their kinds are read here.
 */
describe("the ledger's kinds", () => {
  it("lists every kind a database function posts", () => {
    const dir = join(import.meta.dirname, "../../../drizzle");
    const posted = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".sql"))) {
      for (const m of readFileSync(join(dir, file), "utf8").matchAll(/ledger_post\(\s*'([^']+)'/g)) {
        posted.add(m[1]!);
      }
    }
    expect(posted.size).toBeGreaterThan(0);
    expect([...posted].filter((k) => !(LEDGER_KINDS as readonly string[]).includes(k))).toEqual([]);
  });
});
