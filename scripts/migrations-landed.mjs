// The migrations that have landed, by content: apps/api/drizzle/landed.sha256 holds one line per
// migration ("<sha-256>  <file>"). A database that ran a migration never runs it again, so a landed
// migration that changes would leave databases that differ; a change goes in a new migration.
//   node scripts/migrations-landed.mjs          check (also a unit test, so npm run check runs it)
//   node scripts/migrations-landed.mjs record   add the migrations not yet recorded; never rewrites a line
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

/** The recorded hashes, by file name. */
export function readRecord(dir) {
  const file = path.join(dir, RECORD_FILE);
  const record = new Map();
  if (!fs.existsSync(file)) return record;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const m = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line.trim());
    if (m) record.set(m[2], m[1]);
  }
  return record;
}

/** Every way the migrations differ from the record, as sentences; none when they agree. */
export function landedMigrationProblems(dir = MIGRATIONS_DIR) {
  const record = readRecord(dir);
  const files = journalFiles(dir);
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
    const problems = landedMigrationProblems();
    for (const p of problems) console.error(p);
    process.exit(problems.length ? 1 : 0);
  }
}
