// The two lint rules that need type information (docs/decisions/055-typed-lint-in-oxlint.md) run
// in oxlint, not ESLint: `npm run lint` passing says nothing if oxlint ran without them, or without
// the types (a promise it cannot see is no finding). This lints a small project with the
// repository's .oxlintrc.json: the unawaited promise and the promise given where a callback
// returns void are found, and the same code written correctly is not.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const OXLINT = path.join(ROOT, "node_modules/.bin/oxlint");
let dir: string;

const FILES: Record<string, string> = {
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "ES2023", module: "ES2022" } }),
  "floating.ts": `async function save(): Promise<number> { return 1; }\nexport function run() { save(); }\n`,
  "misused.ts": `async function save(): Promise<void> {}\nexport const ids = [1, 2].forEach(async () => { await save(); });\n`,
  "clean.ts": `async function save(): Promise<number> { return 1; }\nexport async function run() { await save(); void save(); }\n`,
};

/** The rules oxlint reports, by file, for `files` linted with the repository's configuration. */
function lint(...files: string[]): string {
  const r = spawnSync(
    OXLINT,
    ["-c", path.join(ROOT, ".oxlintrc.json"), "--type-aware", "--format", "unix", ...files],
    {
      cwd: dir,
      encoding: "utf8",
    },
  );
  return `${r.stdout}${r.stderr}`;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-lint-promises-"));
  for (const [name, text] of Object.entries(FILES)) fs.writeFileSync(path.join(dir, name), text);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the lint's rules on promises (oxlint, with types)", () => {
  it("finds an unawaited promise and a promise where a callback returns void", () => {
    const found = lint("floating.ts", "misused.ts");
    expect(found).toMatch(/floating\.ts:2:.*no-floating-promises/);
    expect(found).toMatch(/misused\.ts:2:.*no-misused-promises/);
  });

  it("finds nothing in the same code awaited", () => {
    expect(lint("clean.ts")).not.toMatch(/no-floating-promises|no-misused-promises/);
  });
});
