// Two TypeScript packages are installed (docs/decisions/050-native-type-check.md): TypeScript 7
// (`typescript-native`, the type check) and TypeScript 6 (`typescript`, for typescript-eslint and
// a few tests). Both declare a `tsc` command, so `node_modules/.bin/tsc` is whichever npm linked
// last: a script that runs a bare `tsc` could check with either compiler. The type check calls the
// native compiler by its path; this holds that nothing else runs `tsc` by name.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), "utf8");

/** The commands the project runs: every package's npm scripts, and the files under scripts/ and .ci/. */
function commands(): { where: string; text: string }[] {
  const manifests = [
    "package.json",
    "apps/api/package.json",
    "apps/web/package.json",
    "packages/contract/package.json",
  ];
  const scripts = manifests.flatMap((m) =>
    Object.entries((JSON.parse(read(m)) as { scripts?: Record<string, string> }).scripts ?? {}).map(
      ([name, text]) => ({ where: `${m} scripts.${name}`, text }),
    ),
  );
  const files = ["scripts", ".ci"].flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir))
      .filter((f) => /\.(m?js|ts|sh)$|^run$/.test(f) && !f.endsWith(".test.ts"))
      .map((f) => ({ where: `${dir}/${f}`, text: read(`${dir}/${f}`) })),
  );
  return [...scripts, ...files];
}

/** `tsc` run as a command: at the start, after a shell separator, or as a spawned program's name. */
const BARE_TSC = /(^|[\s;&|(`])tsc(\s|$)|["']tsc["']|\.bin\/tsc\b/m;

describe("the TypeScript compiler", () => {
  it("is never run by the bare name `tsc`, which either installed TypeScript may answer", () => {
    const bare = commands()
      .filter((c) => BARE_TSC.test(c.text.replace(/^\s*\/\/.*$/gm, "")))
      .map((c) => c.where);
    expect(bare).toEqual([]);
  });

  it("catches the forms a script would use", () => {
    for (const text of [
      "tsc -p tsconfig.json",
      "npm run build && tsc --noEmit",
      'spawn("tsc", args)',
      "node_modules/.bin/tsc -b",
    ])
      expect(BARE_TSC.test(text), text).toBe(true);
    for (const text of ["node_modules/typescript-native/bin/tsc -p x", "tsconfig.json", "the tsc-like check"])
      expect(BARE_TSC.test(text), text).toBe(false);
  });
});
