/**
 * A vehicle document request's e-mails, one per stage it reaches, composed when the mail job runs,
 * in the driver's language, from the request as it is then (decision 031).
 */
import { describeParkHours, type VehicleDocPickupPark, type VehicleDocStage } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { MailJob } from "../../jobs/mail-job";
import { escapeHtml } from "../../lib/link-mail";
import type { MailMessage } from "../../lib/mailer";
import { moneyText } from "../../lib/money";
import { receiptLine, withReceiptLine } from "../receipts/receipts.mail";
import type { ServedCountries } from "../reference/served-countries";
import { presentPickupPark } from "./vehicle-docs.present";
import { pickupParks, requestWithDriver } from "./vehicle-docs.repo";

type Lang = "en" | "fr";

const TEXTS: Record<VehicleDocStage, Record<Lang, { subject: string; intro: string }>> = {
  submitted: {
    en: {
      subject: "Your document request {code} is received",
      intro:
        "We have your request and its payment from your wallet ({total}). We will check your documents next.",
    },
    fr: {
      subject: "Votre demande de documents {code} est reçue",
      intro:
        "Nous avons reçu votre demande et son paiement depuis votre portefeuille ({total}). Nous allons maintenant vérifier vos documents.",
    },
  },
  info_needed: {
    en: {
      subject: "We need more information for your request {code}",
      intro: "Our team has a question about your request: {question}",
    },
    fr: {
      subject: "Il nous faut plus d'informations pour votre demande {code}",
      intro: "Notre équipe a une question sur votre demande\u00a0: {question}",
    },
  },
  documents_checked: {
    en: {
      subject: "Your documents for {code} are checked",
      intro: "Your documents are checked and complete. We are taking them to the licensing office.",
    },
    fr: {
      subject: "Vos documents pour {code} sont vérifiés",
      intro: "Vos documents sont vérifiés et complets. Nous les portons au bureau des licences.",
    },
  },
  at_office: {
    en: {
      subject: "Your request {code} is at the licensing office",
      intro: "Your request is at the licensing office. It can no longer be cancelled.",
    },
    fr: {
      subject: "Votre demande {code} est au bureau des licences",
      intro: "Votre demande est au bureau des licences. Elle ne peut plus être annulée.",
    },
  },
  ready: {
    en: { subject: "Your papers for {code} are ready", intro: "Your new papers are issued and ready." },
    fr: {
      subject: "Vos documents pour {code} sont prêts",
      intro: "Vos nouveaux documents sont délivrés et prêts.",
    },
  },
  out_for_delivery: {
    en: { subject: "Your papers for {code} are on their way", intro: "Your papers are on their way to you." },
    fr: {
      subject: "Vos documents pour {code} sont en route",
      intro: "Vos documents sont en route vers vous.",
    },
  },
  ready_for_pickup: {
    en: {
      subject: "Your papers for {code} are ready for pickup",
      intro: "Your papers are waiting for you at {park}, {address}. Opening hours (local time): {hours}.",
    },
    fr: {
      subject: "Vos documents pour {code} sont prêts à être retirés",
      intro: "Vos documents vous attendent à {park}, {address}. Horaires (heure locale)\u00a0: {hours}.",
    },
  },
  delivered: {
    en: {
      subject: "Your papers for {code} are delivered",
      intro: "Your papers are delivered. Thank you for renewing with Parkwell.",
    },
    fr: {
      subject: "Vos documents pour {code} sont remis",
      intro: "Vos documents vous sont remis. Merci d'avoir renouvelé avec Parkwell.",
    },
  },
  cancelled: {
    en: {
      subject: "Your document request {code} is cancelled",
      intro: "Your request is cancelled. Refunded to your wallet: {refund}.",
    },
    fr: {
      subject: "Votre demande de documents {code} est annulée",
      intro: "Votre demande est annulée. Remboursé sur votre portefeuille\u00a0: {refund}.",
    },
  },
  refunded: {
    en: {
      subject: "Your document request {code} is refunded",
      intro: "We could not complete your request. Refunded to your wallet: {refund}.",
    },
    fr: {
      subject: "Votre demande de documents {code} est remboursée",
      intro:
        "Nous n'avons pas pu mener votre demande à bien. Remboursé sur votre portefeuille\u00a0: {refund}.",
    },
  },
};

const DETAILS: Record<Lang, string> = { en: "Request details", fr: "Détails de la demande" };

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
): MailMessage {
  const money = (minor: number) => moneyText(minor, o.currency, o.decimals, lang);
  const fill = (s: string) =>
    s
      .replace("{code}", o.code)
      .replace("{total}", money(o.totalMinor))
      .replace("{refund}", money(o.refundMinor))
      .replace("{question}", o.question)
      .replace("{park}", () => o.park?.name ?? "")
      .replace("{address}", () => o.park?.address ?? "")
      .replace("{hours}", o.park ? describeParkHours(o.park.opening_hours, lang) : "");
  const t = TEXTS[stage][lang];
  const link = `${o.publicUrl}/vehicle-docs-renewal/requests/${encodeURIComponent(o.code)}`;
  const intro = fill(t.intro);
  return {
    to,
    subject: fill(t.subject),
    text: `${intro}\n\n${DETAILS[lang]}: ${link}\n\nParkwell`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(DETAILS[lang])}</a></p><p>Parkwell</p>`,
    link,
  };
}
