import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  checkLandedMigrations,
  landedMigrationProblems,
  migrationHash,
  recordMigrations,
} from "./migrations-landed.mjs";

describe("landed migrations", () => {
  it("the project's migrations are the ones that landed, each recorded", () => {
    expect(landedMigrationProblems()).toEqual([]);
  });

  let dir = "";
  let repo = "";
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(repo, { recursive: true, force: true });
  });

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

  it("without git, says the working tree's record is the only one it read", () => {
    folder(["0000_a"]);
    recordMigrations(dir);
    expect(checkLandedMigrations(dir)).toEqual({ problems: [], against: null });
  });

  /** A git repository whose main branch landed `tags` (recorded), now on a branch of its own. */
  function repoWithMain(tags: string[]) {
    repo = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-repo-"));
    git("init", "-q", "-b", "main");
    dir = path.join(repo, "drizzle");
    fs.mkdirSync(path.join(dir, "meta"), { recursive: true });
    writeJournal(tags);
    for (const tag of tags) fs.writeFileSync(path.join(dir, `${tag}.sql`), `CREATE TABLE ${tag} (id int);\n`);
    recordMigrations(dir);
    commit("main's migrations");
    git("checkout", "-q", "-b", "branch");
  }
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
      cwd: repo,
      stdio: "pipe",
    });
  const commit = (message: string) => {
    git("add", "-A");
    git("commit", "-q", "-m", message);
  };
  const writeJournal = (tags: string[]) =>
    fs.writeFileSync(
      path.join(dir, "meta", "_journal.json"),
      JSON.stringify({ entries: tags.map((tag, idx) => ({ idx, tag })) }),
    );
  const recordFile = () => path.join(dir, "landed.sha256");

  it("fails a branch that changes a landed migration and records its hash again, by main's record", () => {
    repoWithMain(["0000_a", "0001_b"]);
    const file = path.join(dir, "0001_b.sql");
    const landedHash = migrationHash(fs.readFileSync(file, "utf8"));
    fs.writeFileSync(file, "CREATE TABLE b (id bigint);\n");
    const newHash = migrationHash(fs.readFileSync(file, "utf8"));
    fs.writeFileSync(recordFile(), fs.readFileSync(recordFile(), "utf8").replace(landedHash, newHash));
    commit("re-record 0001");
    expect(checkLandedMigrations(dir)).toEqual({
      problems: [
        "0001_b.sql: landed.sha256 rewrites the line main records: a landed migration's hash is never recorded again; restore main's line.",
        "0001_b.sql differs from the migration that landed on main: a database that ran it will not run it again; put the change in a new migration.",
      ],
      against: "main",
    });
  });

  it("fails a branch that removes a landed migration with its journal entry and line", () => {
    repoWithMain(["0000_a", "0001_b"]);
    fs.rmSync(path.join(dir, "0001_b.sql"));
    writeJournal(["0000_a"]);
    fs.writeFileSync(recordFile(), fs.readFileSync(recordFile(), "utf8").split("\n")[0] + "\n");
    expect(checkLandedMigrations(dir).problems).toEqual([
      "0001_b.sql: landed.sha256 drops the line main records: restore main's line.",
      "0001_b.sql has landed on main and is gone: undo it in a new migration.",
    ]);
  });

  it("a migration that landed on main after the branch left it is not the branch's fault", () => {
    repoWithMain(["0000_a"]);
    writeJournal(["0000_a", "0001_mine"]);
    fs.writeFileSync(path.join(dir, "0001_mine.sql"), "CREATE TABLE mine (id int);\n");
    recordMigrations(dir);
    commit("the branch's migration");
    git("checkout", "-q", "main");
    writeJournal(["0000_a", "0001_theirs"]);
    fs.writeFileSync(path.join(dir, "0001_theirs.sql"), "CREATE TABLE theirs (id int);\n");
    recordMigrations(dir);
    commit("main's next migration");
    git("checkout", "-q", "branch");
    expect(checkLandedMigrations(dir)).toEqual({ problems: [], against: "main" });
  });

  it("reads origin/main when there is no main, and names it", () => {
    folder(["0000_a"]);
    recordMigrations(dir);
    const landed = fs.readFileSync(recordFile(), "utf8");
    fs.writeFileSync(path.join(dir, "0000_a.sql"), "CREATE TABLE a (id bigint);\n");
    fs.writeFileSync(recordFile(), "");
    recordMigrations(dir);
    const reader = {
      show: (rev: string) => (rev === "origin/main" ? landed : null),
      mergeBase: () => null,
    };
    expect(checkLandedMigrations(dir, reader)).toEqual({
      problems: [
        "0000_a.sql: landed.sha256 rewrites the line origin/main records: a landed migration's hash is never recorded again; restore origin/main's line.",
        "0000_a.sql differs from the migration that landed on origin/main: a database that ran it will not run it again; put the change in a new migration.",
      ],
      against: "origin/main",
    });
  });
});
