// The README is for a new user: its first lines are the two commands they need (run the app, run
// the tests), and it stays under 200 lines (benchmark figures and decisions live in bench/ and docs/).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const README = fs.readFileSync(path.resolve(import.meta.dirname, "..", "README.md"), "utf8");
const lines = README.split("\n");

describe("the README", () => {
  it("opens with the two commands: run the app, run the tests", () => {
    const top = lines.slice(0, 5).join("\n");
    expect(top).toContain("`npm ci && npm start`");
    expect(top).toContain("`npm test`");
  });

  it("stays under 200 lines", () => {
    expect(lines.filter((l, i) => i < lines.length - 1 || l !== "").length).toBeLessThan(200);
  });
});
