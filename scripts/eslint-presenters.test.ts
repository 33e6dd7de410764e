import path from "node:path";
import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { isMapperName, isPresenterName, presenterAllowed, presenters } from "./eslint-presenters.js";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The rule's messages for `code` as the file `relPath` (repository-relative). */
function lint(relPath: string, code: string): string[] {
  const linter = new Linter({ cwd: ROOT });
  return linter
    .verify(
      code,
      [
        {
          files: ["**/*.ts"],
          languageOptions: { parser: tseslint.parser },
          plugins: { presenters: presenters as never },
          rules: { "presenters/only-in-present": "error" },
        },
      ],
      path.join(ROOT, relPath),
    )
    .map((m) => m.message);
}

/** A row mapper: `to<Something>` with the return type written as `returns`, importing `imports` from the contract. */
const mapper = (
  returns: string,
  imports = "ParkRate",
) => `import type { ${imports} } from "@parkwell/contract";
type Row = { id: number };
export function toRate(r: Row): ${returns} {
  return { park_id: r.id } as never;
}
`;

describe("presenters live in *.present.ts", () => {
  it("names present and present<Something> presenters, not words that only start alike", () => {
    expect(isPresenterName("present")).toBe(true);
    expect(isPresenterName("presentBooking")).toBe(true);
    expect(isPresenterName("presently")).toBe(false);
    expect(isPresenterName("representBooking")).toBe(false);
  });

  it("refuses an API presenter outside a .present.ts file, tests and test kits aside", () => {
    expect(presenterAllowed("apps/api/src/features/a/a.present.ts", "presentA")).toBe(true);
    expect(presenterAllowed("apps/api/src/features/a/a.service.ts", "presentA")).toBe(false);
    expect(presenterAllowed("apps/api/src/features/a/a.service.ts", "present")).toBe(false);
    expect(presenterAllowed("apps/api/src/features/a/a.routes.ts", "presentA")).toBe(false);
    expect(presenterAllowed("apps/api/src/features/a/a.api.test.ts", "presentA")).toBe(true);
    expect(presenterAllowed("apps/api/src/features/a/a.test-kit.ts", "presentA")).toBe(true);
    expect(presenterAllowed("apps/api/src/features/a/a.service.ts", "loadA")).toBe(true);
    expect(presenterAllowed("apps/web/src/features/a/page.tsx", "presentA")).toBe(true);
  });

  it("names to<Something> mappers, not words that only start alike", () => {
    expect(isMapperName("toRate")).toBe(true);
    expect(isMapperName("total")).toBe(false);
    expect(isMapperName("to")).toBe(false);
  });

  it("catches a to<Something> mapper answering a contract type outside a .present.ts file", () => {
    const service = "apps/api/src/features/a/a.service.ts";
    expect(lint(service, mapper("ParkRate"))).toEqual([expect.stringContaining('"toRate" is a presenter')]);
    expect(lint(service, mapper("ParkRate[]"))).toHaveLength(1);
    expect(lint(service, mapper("readonly ParkRate[]"))).toHaveLength(1);
    expect(
      lint(
        service,
        `import type { ParkSummary } from "@parkwell/contract";\nconst toSummary = (r: { id: number }): ParkSummary => ({ id: r.id }) as never;\n`,
      ),
    ).toHaveLength(1);
    expect(presenterAllowed(service, "toRate", true)).toBe(false);
  });

  it("allows a mapper in a .present.ts file or a test kit, and a to<Something> that answers no contract type", () => {
    expect(lint("apps/api/src/features/a/a.present.ts", mapper("ParkRate"))).toEqual([]);
    expect(lint("apps/api/src/features/a/a.test-kit.ts", mapper("ParkRate"))).toEqual([]);
    const service = "apps/api/src/features/a/a.service.ts";
    // Its own type, a number, a type named like the contract's but not imported from it, none written.
    expect(lint(service, mapper("Row"))).toEqual([]);
    expect(lint(service, mapper("number"))).toEqual([]);
    expect(lint(service, mapper("ParkRate", "ParkSummary"))).toEqual([]);
    expect(lint(service, `export function toMajor(minor: number) {\n  return minor / 100;\n}\n`)).toEqual([]);
    // A service answering the contract's type under another name is no mapper.
    expect(lint(service, mapper("ParkRate").replace("toRate", "getRate"))).toEqual([]);
    expect(lint("apps/web/src/features/a/a.ts", mapper("ParkRate"))).toEqual([]);
  });
});
