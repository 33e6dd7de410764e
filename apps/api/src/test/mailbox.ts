import fs from "node:fs/promises";
import path from "node:path";
import type { Jobs } from "../jobs/queue";

/** A test's app: its mail jobs, and where its file mailer writes. */
export interface Mailbox {
  app: { jobs: Jobs };
  config: { DATA_DIR: string };
}

/**
 * How long a test waits for a mail job to be run and its message read (vi.waitFor): one round,
 * the due jobs run, can take over Vitest's default second on two busy cores.
 */
export const MAIL_WAIT = { timeout: 10_000, interval: 100 };

/**
 * The messages the file mailer wrote under DATA_DIR/mail, oldest first, decoded enough to read
 * links, after running the mail jobs that are due (mail is sent by jobs, after the answer).
 */
export async function readMailbox(box: Mailbox): Promise<{ to: string; subject: string; body: string }[]> {
  await box.app.jobs.runDue(["mail"]);
  const dir = path.join(box.config.DATA_DIR, "mail");
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".eml")).sort();
  const out = [];
  for (const f of files) {
    const raw = await fs.readFile(path.join(dir, f), "utf8");
    out.push({
      to: /^To: (.*)$/m.exec(raw)?.[1] ?? "",
      subject: decodeHeader(/^Subject: (.*(?:\n .*)*)$/m.exec(raw)?.[1] ?? ""),
      body: unQuotedPrintable(raw),
    });
  }
  return out;
}

/** A raw message's subject and text, decoded enough to read (quoted-printable, encoded words). */
export function decodedMail(raw: string): { subject: string; text: string } {
  return {
    subject: decodeHeader(/^Subject: (.*(?:\r?\n[ \t].*)*)$/m.exec(raw)?.[1] ?? ""),
    text: unQuotedPrintable(raw),
  };
}

/** Unfolds (a folded line keeps its space) and decodes the encoded words (the space between two goes). */
function decodeHeader(v: string): string {
  return v
    .replace(/\r?\n(?=[ \t])/g, "")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_, q: string) => unQuotedPrintable(q.replace(/_/g, " ")));
}

function unQuotedPrintable(s: string): string {
  return Buffer.from(
    s
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
}

/** The last link to `path` that was mailed to `to`. */
export async function lastLink(
  box: Mailbox,
  to: string,
  pathPrefix: string,
  notToken?: string,
): Promise<URL> {
  const mails = (await readMailbox(box)).filter((m) => m.to.includes(to));
  const body = mails.at(-1)?.body ?? "";
  const links = [...body.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => new URL(m[0].replace(/&amp;/g, "&")));
  const link = links.find((u) => u.pathname === pathPrefix && u.searchParams.get("token") !== notToken);
  if (!link) throw new Error(`no ${pathPrefix} link mailed to ${to}`);
  return link;
}
