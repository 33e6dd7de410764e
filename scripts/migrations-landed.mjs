// The migrations that have landed, by content: apps/api/drizzle/landed.sha256 holds one line per
// migration ("<sha-256>  <file>"). A database that ran a migration never runs it again, so a landed
// migration that changes would leave databases that differ; a change goes in a new migration.
// The check reads the record twice: the working tree's, and main's (git show main:…, else
// origin/main), so that a branch which edits a landed migration and records its hash again, or
// drops main's line, still fails. Only without git or a main branch (a tarball) does the working
// tree's record stand alone, and the check says so.
//   node scripts/migrations-landed.mjs          check (also a unit test, so npm run check runs it)
//   node scripts/migrations-landed.mjs record   add the migrations not yet recorded; never rewrites a line
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const MIGRATIONS_DIR = fileURLToPath(new URL("../apps/api/drizzle", import.meta.url));
export const RECORD_FILE = "landed.sha256";

/** A migration's hash: its text with line endings made LF, so a checkout's line endings do not count. */
export function migrationHash(text) {
  return createHash("sha256").update(text.replace(/\r\n/g, "\n")).digest("hex");
}

/** The journal's migrations, in order, as file names. */
export function journalFiles(dir) {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, "meta", "_journal.json"), "utf8"));
  return journal.entries.map((e) => `${e.tag}.sql`);
}

/** A record's text as hashes by file name. */
export function parseRecord(text) {
  const record = new Map();
  for (const line of text.split("\n")) {
    const m = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line.trim());
    if (m) record.set(m[2], m[1]);
  }
  return record;
}

/** The working tree's recorded hashes, by file name. */
export function readRecord(dir) {
  const file = path.join(dir, RECORD_FILE);
  return fs.existsSync(file) ? parseRecord(fs.readFileSync(file, "utf8")) : new Map();
}

/** The branches whose record is the landed one, in the order they are tried. */
export const MAIN_BRANCHES = ["main", "origin/main"];

/**
 * Reads the record as git holds it, from the repository `dir` is in: `show(rev)` is the record's
 * text at that revision, `mergeBase(rev)` the commit where HEAD left it; null when git, the
 * revision or the file is not there.
 */
export function gitRecordReader(dir) {
  const git = (args) => {
    try {
      return execFileSync("git", args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    } catch {
      return null;
    }
  };
  return {
    show: (rev) => git(["show", `${rev}:./${RECORD_FILE}`]),
    mergeBase: (rev) => git(["merge-base", "HEAD", rev])?.trim() || null,
  };
}

/**
 * Main's record: its hashes, where they were read, and the record where this branch left main
 * (null when git cannot tell); null when neither main nor origin/main holds a record.
 */
export function readMainRecord(reader) {
  for (const branch of MAIN_BRANCHES) {
    const text = reader.show(branch);
    if (text === null) continue;
    const fork = reader.mergeBase(branch);
    const forkText = fork ? reader.show(fork) : null;
    return {
      branch,
      record: parseRecord(text),
      forkRecord: forkText === null ? null : parseRecord(forkText),
    };
  }
  return null;
}

/**
 * The ways the branch departs from main's record. A line of main's is the branch's to keep when the
 * branch has the migration (journal or record) or had it where it left main; a migration that
 * landed on main after that is not yet here, which merging main mends, and is no fault.
 */
function mainRecordProblems(dir, files, record, main) {
  const problems = [];
  const mine = (file) => files.includes(file) || record.has(file) || Boolean(main.forkRecord?.has(file));
  for (const [file, hash] of main.record) {
    if (!mine(file) || record.get(file) === hash) continue;
    problems.push(
      record.has(file)
        ? `${file}: landed.sha256 rewrites the line ${main.branch} records: a landed migration's hash is never recorded again; restore ${main.branch}'s line.`
        : `${file}: landed.sha256 drops the line ${main.branch} records: restore ${main.branch}'s line.`,
    );
    const full = path.join(dir, file);
    if (!fs.existsSync(full) || !files.includes(file)) {
      problems.push(`${file} has landed on ${main.branch} and is gone: undo it in a new migration.`);
    } else if (migrationHash(fs.readFileSync(full, "utf8")) !== hash) {
      problems.push(
        `${file} differs from the migration that landed on ${main.branch}: a database that ran it will not run it again; put the change in a new migration.`,
      );
    }
  }
  return problems;
}

/**
 * Every way the migrations differ from the record and from main's, as sentences (none when they
 * agree), and which record of main's was read: `against` is null when there was none to read.
 */
export function checkLandedMigrations(dir = MIGRATIONS_DIR, reader = gitRecordReader(dir)) {
  const record = readRecord(dir);
  const files = journalFiles(dir);
  const main = readMainRecord(reader);
  const problems = [...ownRecordProblems(dir, files, record)];
  if (main) problems.push(...mainRecordProblems(dir, files, record, main));
  return { problems, against: main?.branch ?? null };
}

/** Every way the migrations differ from the record and main's, as sentences; none when they agree. */
export function landedMigrationProblems(dir = MIGRATIONS_DIR, reader = gitRecordReader(dir)) {
  return checkLandedMigrations(dir, reader).problems;
}

/** The ways the migrations differ from the working tree's record. */
function ownRecordProblems(dir, files, record) {
  const problems = [];
  for (const [file, hash] of record) {
    const full = path.join(dir, file);
    if (!fs.existsSync(full) || !files.includes(file)) {
      problems.push(
        `${file} has landed and is gone: a database that ran it keeps what it made; undo it in a new migration.`,
      );
    } else if (migrationHash(fs.readFileSync(full, "utf8")) !== hash) {
      problems.push(
        `${file} changed after it landed: a database that ran it will not run it again; put the change in a new migration.`,
      );
    }
  }
  for (const file of files) {
    if (!record.has(file)) {
      problems.push(
        `${file} is not recorded: run \`npm run db:record\` to add it to apps/api/drizzle/${RECORD_FILE}.`,
      );
    }
  }
  return problems;
}

/** Adds the journal's unrecorded migrations to the record; the lines already there stay as they are. */
export function recordMigrations(dir = MIGRATIONS_DIR) {
  const record = readRecord(dir);
  const added = journalFiles(dir).filter((f) => !record.has(f) && fs.existsSync(path.join(dir, f)));
  if (added.length === 0) return added;
  const lines = added.map((f) => `${migrationHash(fs.readFileSync(path.join(dir, f), "utf8"))}  ${f}\n`);
  const file = path.join(dir, RECORD_FILE);
  const before = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  fs.writeFileSync(file, before + (before && !before.endsWith("\n") ? "\n" : "") + lines.join(""));
  return added;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (process.argv[2] === "record") {
    const added = recordMigrations();
    console.log(added.length ? `recorded: ${added.join(", ")}` : "every migration is recorded");
  } else {
    const { problems, against } = checkLandedMigrations();
    console.log(
      against
        ? `checked against ${RECORD_FILE} as ${against} holds it, and this tree's`
        : `git or a main branch is not available: checked against this tree's own ${RECORD_FILE} only`,
    );
    for (const p of problems) console.error(p);
    process.exit(problems.length ? 1 : 0);
  }
}
