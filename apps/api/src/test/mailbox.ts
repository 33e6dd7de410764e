import fs from "node:fs/promises";
import path from "node:path";

/** The messages the file mailer wrote under DATA_DIR/mail, oldest first, decoded enough to read links. */
export async function readMailbox(dataDir: string): Promise<{ to: string; subject: string; body: string }[]> {
  const dir = path.join(dataDir, "mail");
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

function decodeHeader(v: string): string {
  return v
    .replace(/\n /g, "")
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

/** Waits until the mailbox holds `count` messages (some mail is sent after the response). */
export async function waitForMailCount(dataDir: string, count: number): Promise<void> {
  for (let i = 0; i < 100 && (await readMailbox(dataDir)).length < count; i++) {
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The last link to `path` that was mailed to `to`, waiting up to 2 s for it. */
export async function lastLink(
  dataDir: string,
  to: string,
  pathPrefix: string,
  notToken?: string,
): Promise<URL> {
  for (let i = 0; i < 100; i++) {
    const mails = (await readMailbox(dataDir)).filter((m) => m.to.includes(to));
    const body = mails.at(-1)?.body ?? "";
    const links = [...body.matchAll(/https?:\/\/[^\s"<>]+/g)].map(
      (m) => new URL(m[0].replace(/&amp;/g, "&")),
    );
    const link = links.find((u) => u.pathname === pathPrefix && u.searchParams.get("token") !== notToken);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no ${pathPrefix} link mailed to ${to}`);
}
