import fs from "node:fs";
import path from "node:path";
import { ERRORS, errorStatuses, type ErrorCode } from "@parkwell/contract";
import { describe, expect, it } from "vitest";

/**
 * The contract's ERRORS table against the API's source (docs/API-CONVENTIONS.md#errors). The
 * compiler already refuses `new AppError(status, code)` with a code not in the table or a status
 * not the code's; this also reads the pairs written as data (the gate's refusals, the error
 * plugin's, the upload checks' tables), and finds a code the table keeps that nothing answers.
 */
const SRC = path.resolve(import.meta.dirname, "..");

function sources(): { file: string; text: string }[] {
  return fs
    .readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !/\.test\.ts$|\.d\.ts$/.test(f))
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => !f.startsWith("test/"))
    .map((file) => ({ file, text: fs.readFileSync(path.join(SRC, file), "utf8") }));
}

/** Each way the source pairs a status with a code. */
const PAIRS: RegExp[] = [
  // new AppError(409, "code", …), over lines or not
  /new AppError\(\s*(\d{3}),\s*"([a-z_]+)"/g,
  // { status: 422, code: "code", … }: a refusal as data
  /status: (\d{3}),\s*code: "([a-z_]+)"/g,
  // { status: 503, body: { code: "code", … } }: the error plugin's answers
  /status: (\d{3}), body: \{[^}]*?code: "([a-z_]+)"/g,
  // [413, "code", message]: a table of refusals
  /\[\s*(\d{3}),\s*"([a-z_]+)",/g,
];
const NOT_FOUND = /AppError\.notFound\([^;]*?,\s*"([a-z_]+)"\)/g;

function pairs(): { at: string; status: number; code: string }[] {
  const found: { at: string; status: number; code: string }[] = [];
  for (const { file, text } of sources()) {
    const line = (index: number) => `${file}:${text.slice(0, index).split("\n").length}`;
    for (const pattern of PAIRS) {
      for (const m of text.matchAll(pattern))
        found.push({ at: line(m.index), status: Number(m[1]), code: m[2]! });
    }
    for (const m of text.matchAll(NOT_FOUND)) found.push({ at: line(m.index), status: 404, code: m[1]! });
  }
  return found;
}

describe("the error codes", () => {
  const found = pairs();

  it("finds the API's errors (the patterns still match how the source writes them)", () => {
    expect(found.length).toBeGreaterThan(250);
  });

  it("answers every code with a status the table gives it", () => {
    const wrong = found
      .filter(({ code, status }) => !(code in ERRORS) || !errorStatuses(code as ErrorCode).includes(status))
      .map(({ at, status, code }) => `${at}: ${status} ${code}`);
    expect(wrong).toEqual([]);
  });

  it("keeps no code that nothing in the API answers with", () => {
    const text = sources()
      .map((s) => s.text)
      .join("\n");
    const unused = Object.keys(ERRORS).filter((code) => !text.includes(`"${code}"`));
    expect(unused).toEqual([]);
  });

  it("gives each code client or server statuses only, and a description", () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      for (const status of errorStatuses(code as ErrorCode)) expect(status).toBeGreaterThanOrEqual(400);
      expect(entry.when.length).toBeGreaterThan(5);
    }
  });
});
