import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { landedMigrationProblems, recordMigrations } from "./migrations-landed.mjs";

describe("landed migrations", () => {
  it("the project's migrations are the ones that landed, each recorded", () => {
    expect(landedMigrationProblems()).toEqual([]);
  });

  let dir = "";
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A migrations folder with a journal of `tags` and their files. */
  function folder(tags: string[]) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    fs.mkdirSync(path.join(dir, "meta"));
    const entries = tags.map((tag, idx) => ({ idx, tag }));
    fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ entries }));
    for (const tag of tags) fs.writeFileSync(path.join(dir, `${tag}.sql`), `CREATE TABLE ${tag} (id int);\n`);
    return dir;
  }

  it("names a landed migration that changed or went, and one not yet recorded", () => {
    folder(["0000_a", "0001_b", "0002_c"]);
    expect(recordMigrations(dir)).toEqual(["0000_a.sql", "0001_b.sql", "0002_c.sql"]);
    expect(landedMigrationProblems(dir)).toEqual([]);

    fs.appendFileSync(path.join(dir, "0001_b.sql"), "ALTER TABLE b ADD COLUMN x int;\n");
    fs.rmSync(path.join(dir, "0002_c.sql"));
    expect(landedMigrationProblems(dir)).toEqual([
      "0001_b.sql changed after it landed: a database that ran it will not run it again; put the change in a new migration.",
      "0002_c.sql has landed and is gone: a database that ran it keeps what it made; undo it in a new migration.",
    ]);
  });

  it("records a new migration and leaves the recorded lines as they were", () => {
    folder(["0000_a"]);
    recordMigrations(dir);
    fs.writeFileSync(path.join(dir, "0000_a.sql"), "CREATE TABLE a (id bigint);\n");
    const journal = {
      entries: [
        { idx: 0, tag: "0000_a" },
        { idx: 1, tag: "0001_b" },
      ],
    };
    fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
    fs.writeFileSync(path.join(dir, "0001_b.sql"), "CREATE TABLE b (id int);\n");
    expect(landedMigrationProblems(dir)).toContain(
      "0001_b.sql is not recorded: run `npm run db:record` to add it to apps/api/drizzle/landed.sha256.",
    );
    // Recording again adds 0001 and does not bless the change to 0000.
    expect(recordMigrations(dir)).toEqual(["0001_b.sql"]);
    expect(landedMigrationProblems(dir)).toEqual([
      "0000_a.sql changed after it landed: a database that ran it will not run it again; put the change in a new migration.",
    ]);
  });

  it("a checkout's CRLF line endings are the same migration", () => {
    folder(["0000_a"]);
    recordMigrations(dir);
    const file = path.join(dir, "0000_a.sql");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/\n/g, "\r\n"));
    expect(landedMigrationProblems(dir)).toEqual([]);
  });
});
