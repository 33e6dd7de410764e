import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message carries; logged when mail is written to files. */
  link?: string;
  /**
   * A stable id (a mail job's delivery key): the Message-ID is made from it, so a message sent
   * again after a crash is the same message to the receiving side.
   */
  id?: string;
}

/** The Message-ID header for a message with an id; nodemailer makes a random one otherwise. */
const messageId = (m: MailMessage, from: string) =>
  m.id
    ? { messageId: `<${m.id.replace(/[^\w.-]/g, ".")}@${/@([\w.-]+)/.exec(from)?.[1] ?? "parkwell"}>` }
    : {};

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface Log {
  info(obj: object, msg: string): void;
}

/**
 * nodemailer over SMTP when SMTP_URL is set; otherwise every message is rendered by nodemailer
 * to an .eml file under DATA_DIR/mail/ and its link is logged (development, demos, e2e tests).
 */
export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  log: Log;
}): Mailer {
  if (opts.smtpUrl) {
    // Pooled: messages reuse open SMTP connections instead of a new connection (TCP, EHLO, TLS,
    // AUTH) for every message; `?pool=false` in the URL turns it off.
    // Time limits well under a mail job's lease (jobs/mail-job.ts), so a hung server fails the
    // attempt (retried later) instead of holding the job.
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      pool: true,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      async send(m) {
        await transport.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          ...messageId(m, opts.from),
        });
      },
      close: () => transport.close(),
    };
  }
  const dir = path.resolve(opts.dataDir, "mail");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(m) {
      const info = await transport.sendMail({
        from: opts.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        ...messageId(m, opts.from),
      });
      // Time first so a directory listing reads in sending order.
      const file = path.join(dir, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`);
      const write = () => fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The folder is made when a write finds it missing, not before every message.
      await write().catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
        await fs.mkdir(dir, { recursive: true });
        await write();
      });
      opts.log.info({ to: m.to, file, link: m.link }, `mail written: ${m.subject}`);
    },
    close: () => transport.close(),
  };
}
