/**
 * The e-mail reminding a driver that a paper expires soon (30 or 7 days before), composed when its
 * mail job runs, in the driver's language, from the paper as it is then: nothing is sent when the
 * paper was renewed meanwhile (another date), has expired, or the account is gone or disabled.
 * Its link opens the renewal with the vehicle and the document chosen.
 */
import { paperStatus, type VehicleDocType } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { MailJob } from "../../jobs/mail-job";
import type { Clock } from "../../lib/clock";
import { renderMail, type LaidOutMail } from "../../lib/mail-layout";
import type { MailMessage } from "../../lib/mailer";
import { translate } from "../../lib/messages";
import { fill, mailTexts } from "../../lib/texts";
import { DOCUMENT_NAMES } from "./vehicle-docs.domain";
import { expiryForMail } from "./vehicle-docs-reminders.repo";
import { nigeriaToday } from "./vehicle-docs-reminders.service";

type Lang = "en" | "fr";

/** "15 February 2027" / "15 février 2027": a calendar date with its month written out. */
export function dateText(date: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "fr" ? "fr-FR" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
}

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

export function expiryReminderMail(
  lang: Lang,
  to: string,
  o: { document: VehicleDocType; plate: string | null; expiresOn: string; daysLeft: number; link: string },
): LaidOutMail {
  const name = translate(DOCUMENT_NAMES[o.document], lang);
  const when = inDays(o.daysLeft, lang);
  const date = dateText(o.expiresOn, lang);
  const t = mailTexts(lang).vehicleDocReminders;
  // English writes the document's name in lower case inside its sentence, French between « ».
  const values = { document: name, documentLower: name.toLowerCase(), plate: o.plate ?? "", when, date };
  const variant = o.plate ? "plate" : "noPlate";
  return renderMail(to, {
    language: lang,
    subject: fill(t.subject[variant], values),
    paragraphs: [fill(t.intro[variant], values), t.ask],
    action: { label: t.action, url: o.link },
  });
}

/** The reminder of a claimed expiry; null when it no longer applies (see the file's comment). */
export async function composeExpiryReminderMail(
  d: { db: Db; clock: Clock; publicUrl: string },
  job: Extract<MailJob, { type: "vehicle_doc_expiry" }>,
): Promise<MailMessage | null> {
  const found = await expiryForMail(d.db, job.expiryId);
  if (!found || found.disabledAt || found.expiry.expiresOn !== job.expiresOn) return null;
  const { days_left } = paperStatus(found.expiry.expiresOn, await nigeriaToday(d.db, d.clock()));
  if (days_left < 0) return null;
  const e = found.expiry;
  return expiryReminderMail(found.language === "fr" ? "fr" : "en", found.email, {
    document: e.documentType as VehicleDocType,
    plate: found.plate,
    expiresOn: e.expiresOn,
    daysLeft: days_left,
    link: renewalLink(d.publicUrl, e.vehicleId, e.documentType),
  });
}
