/**
 * A vehicle document request's e-mails, one per stage it reaches, composed when the mail job runs,
 * in the driver's language, from the request as it is then (decision 031).
 */
import { describeParkHours, type VehicleDocPickupPark, type VehicleDocStage } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { MailJob } from "../../jobs/mail-job";
import { renderMail, type LaidOutMail } from "../../lib/mail-layout";
import type { MailMessage } from "../../lib/mailer";
import { moneyText } from "../../lib/money";
import { fill, mailTexts } from "../../lib/texts";
import { receiptLine, withReceiptLine } from "../receipts/receipts.mail";
import type { ServedCountries } from "../reference/served-countries";
import { presentPickupPark } from "./vehicle-docs.present";
import { pickupParks, requestWithDriver } from "./vehicle-docs.repo";

type Lang = "en" | "fr";

declare module "../../jobs/mail-job" {
  interface MailKinds {
    /**
     * A vehicle document request reached a stage (decision 031); `refundMinor` is what that move
     * gave back to the wallet.
     */
    vehicle_docs: { requestId: string; stage: VehicleDocStage; refundMinor: number };
  }
}

export interface VehicleDocMailDeps {
  db: Db;
  countries: ServedCountries;
  publicUrl: string;
}

/** The message of a request's stage mail; null when the request or its driver is gone. */
export async function composeVehicleDocMail(
  d: VehicleDocMailDeps,
  job: Extract<MailJob, { type: "vehicle_docs" }>,
): Promise<MailMessage | null> {
  const found = await requestWithDriver(d.db, job.requestId);
  if (!found) return null;
  const r = found.request;
  const lang: Lang = found.language === "fr" ? "fr" : "en";
  const currency = r.currency.trim();
  const where =
    job.stage === "submitted" && r.moves === 1 && job.refundMinor === 0
      ? { ledgerKey: r.ledgerKey }
      : job.refundMinor > 0
        ? { creditNoteOf: `vehicle_docs:${r.id}:` }
        : null;
  const receipt = where ? await receiptLine(d, where, lang) : null;
  const [park] = await pickupParks(d.db, [r.pickupParkId]);
  return withReceiptLine(
    vehicleDocMail(job.stage, lang, found.email, {
      code: r.code,
      currency,
      decimals: d.countries.decimalsOf(currency),
      totalMinor: r.totalMinor,
      refundMinor: job.refundMinor,
      question: r.question ?? "",
      publicUrl: d.publicUrl,
      park: park ? presentPickupPark(park) : null,
    }),
    receipt,
  );
}

export function vehicleDocMail(
  stage: VehicleDocStage,
  lang: Lang,
  to: string,
  o: {
    code: string;
    currency: string;
    decimals: number;
    totalMinor: number;
    refundMinor: number;
    question: string;
    publicUrl: string;
    /** Where the papers are collected (null for a delivery). */
    park: Pick<VehicleDocPickupPark, "name" | "address" | "opening_hours"> | null;
  },
): LaidOutMail {
  const money = (minor: number) => moneyText(minor, o.currency, o.decimals, lang);
  // Filled in one pass: a value (the team's question) is never read as a placeholder.
  const values = {
    code: o.code,
    total: money(o.totalMinor),
    refund: money(o.refundMinor),
    question: o.question,
    park: o.park?.name ?? "",
    address: o.park?.address ?? "",
    hours: o.park ? describeParkHours(o.park.opening_hours, lang) : "",
  };
  const words = mailTexts(lang).vehicleDocs;
  const t = words[stage];
  const link = `${o.publicUrl}/vehicle-docs-renewal/requests/${encodeURIComponent(o.code)}`;
  return renderMail(to, {
    language: lang,
    subject: fill(t.subject, values),
    paragraphs: [fill(t.intro, values)],
    action: { label: words.details, url: link },
  });
}
