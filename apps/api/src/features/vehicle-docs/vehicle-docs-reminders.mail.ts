/**
 * The e-mail reminding a driver that a paper expires soon (30 or 7 days before), composed when its
 * mail job runs, in the driver's language, from the paper as it is then: nothing is sent when the
 * paper was renewed meanwhile (another date), has expired, or the account is gone or disabled.
 * Its link opens the renewal with the vehicle and the document chosen.
 */
import { formatCalendarDay, paperStatus, type VehicleDocType } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { MailJob } from "../../jobs/mail-job";
import type { ComposedPush } from "../../jobs/push-job";
import type { Clock } from "../../lib/clock";
import { renderMail, type LaidOutMail } from "../../lib/mail-layout";
import type { MailMessage } from "../../lib/mailer";
import { translate } from "../../lib/messages";
import type { PushMessage } from "../../lib/web-push";
import { fill, mailTexts } from "../../lib/texts";
import { DOCUMENT_NAMES } from "./vehicle-docs.domain";
import { expiryForMail } from "./vehicle-docs-reminders.repo";
import { nigeriaToday } from "./vehicle-docs-reminders.service";

type Lang = "en" | "fr";

function inDays(days: number, lang: Lang): string {
  const when = mailTexts(lang).vehicleDocReminders.when;
  return days === 0 ? when.today : fill(days > 1 ? when.days : when.day, { days });
}

/**
 * Where the renewal starts: this vehicle and this document, or (no vehicle) the driver's licence
 * renewal with the length of the licence's last renewal (`type=drivers_licence&licence=3y|5y`,
 * the renewal page's own query).
 */
export function renewalLink(publicUrl: string, vehicleId: number | null, document: string): string {
  const query = new URLSearchParams();
  const licence = /^drivers_licence_(\dy)$/.exec(document);
  if (vehicleId == null && licence) {
    query.set("type", "drivers_licence");
    query.set("licence", licence[1]!);
  } else {
    if (vehicleId != null) query.set("vehicle", String(vehicleId));
    query.set("documents", document);
  }
  return `${publicUrl}/vehicle-docs-renewal?${query.toString()}`;
}

interface ExpiryFacts {
  document: VehicleDocType;
  plate: string | null;
  expiresOn: string;
  daysLeft: number;
  link: string;
}

/** An expiry reminder's words, filled: the e-mail's and the push's. */
function expiryWords(lang: Lang, o: ExpiryFacts) {
  const name = translate(DOCUMENT_NAMES[o.document], lang);
  const when = inDays(o.daysLeft, lang);
  const date = formatCalendarDay(o.expiresOn, lang);
  const t = mailTexts(lang).vehicleDocReminders;
  // English writes the document's name in lower case inside its sentence, French between « ».
  const values = { document: name, documentLower: name.toLowerCase(), plate: o.plate ?? "", when, date };
  const variant = o.plate ? "plate" : "noPlate";
  return {
    subject: fill(t.subject[variant], values),
    intro: fill(t.intro[variant], values),
    ask: t.ask,
    action: t.action,
  };
}

export function expiryReminderMail(lang: Lang, to: string, o: ExpiryFacts): LaidOutMail {
  const w = expiryWords(lang, o);
  return renderMail(to, {
    language: lang,
    subject: w.subject,
    paragraphs: [w.intro, w.ask],
    action: { label: w.action, url: o.link },
  });
}

/** The same reminder as a push notification (decision 066): its subject and its first line. */
export function expiryReminderPush(lang: Lang, o: ExpiryFacts & { expiryId: number }): PushMessage {
  const w = expiryWords(lang, o);
  return { title: w.subject, body: w.intro, url: o.link, tag: `document-${o.expiryId}-${o.expiresOn}` };
}

/** A claimed expiry's reminder facts; null when it no longer applies (see the file's comment). */
async function expiryJobFacts(
  d: { db: Db; clock: Clock; publicUrl: string },
  job: Extract<MailJob, { type: "vehicle_doc_expiry" }>,
) {
  const found = await expiryForMail(d.db, job.expiryId);
  if (!found || found.disabledAt || found.expiry.expiresOn !== job.expiresOn) return null;
  const { days_left } = paperStatus(found.expiry.expiresOn, await nigeriaToday(d.db, d.clock()));
  if (days_left < 0) return null;
  const e = found.expiry;
  const facts: ExpiryFacts = {
    document: e.documentType as VehicleDocType,
    plate: found.plate,
    expiresOn: e.expiresOn,
    daysLeft: days_left,
    link: renewalLink(d.publicUrl, e.vehicleId, e.documentType),
  };
  return {
    userId: e.userId,
    email: found.email,
    lang: found.language === "fr" ? ("fr" as const) : ("en" as const),
    facts,
  };
}

/** The reminder of a claimed expiry by e-mail; null when it no longer applies. */
export async function composeExpiryReminderMail(
  d: { db: Db; clock: Clock; publicUrl: string },
  job: Extract<MailJob, { type: "vehicle_doc_expiry" }>,
): Promise<MailMessage | null> {
  const found = await expiryJobFacts(d, job);
  return found && expiryReminderMail(found.lang, found.email, found.facts);
}

/** A push's life on a device that is off: a day; the next reminder (7 days ahead) or the e-mail follow. */
const EXPIRY_PUSH_TTL_SECONDS = 86_400;

/** The reminder of a claimed expiry, for the driver's devices that chose it; null as the e-mail. */
export async function composeExpiryReminderPush(
  d: { db: Db; clock: Clock; publicUrl: string },
  job: Extract<MailJob, { type: "vehicle_doc_expiry" }>,
): Promise<ComposedPush | null> {
  const found = await expiryJobFacts(d, job);
  if (!found) return null;
  return {
    userId: found.userId,
    reminder: "document_expiry",
    message: expiryReminderPush(found.lang, { ...found.facts, expiryId: job.expiryId }),
    ttlSeconds: EXPIRY_PUSH_TTL_SECONDS,
  };
}
