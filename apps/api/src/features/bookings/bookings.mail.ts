import { formatMoney, formatZonedDateTime, type Booking } from "@parkwell/contract";
import type { BookingMailTemplate } from "../../jobs/mail-job";
import { escapeHtml } from "../../lib/link-mail";
import type { MailMessage } from "../../lib/mailer";

export type BookingMailKind = BookingMailTemplate;
type Lang = "en" | "fr";

/** `intro` for a booking paid from the driver's wallet, `company` when a company paid ({company}). */
const TEXTS: Record<BookingMailKind, Record<Lang, { subject: string; intro: string; company: string }>> = {
  booked: {
    en: {
      subject: "Your Parkwell booking {code} is confirmed",
      intro: "Your parking space is booked and paid from your wallet.",
      company: "Your parking space is booked and paid by {company}.",
    },
    fr: {
      subject: "Votre réservation Parkwell {code} est confirmée",
      intro: "Votre place est réservée et payée depuis votre portefeuille.",
      company: "Votre place est réservée et payée par {company}.",
    },
  },
  extended: {
    en: {
      subject: "Your Parkwell booking {code} is extended",
      intro: "Your booking now ends later; the difference was paid from your wallet.",
      company: "Your booking now ends later; the difference was paid by {company}.",
    },
    fr: {
      subject: "Votre réservation Parkwell {code} est prolongée",
      intro: "Votre réservation se termine plus tard ; la différence a été payée depuis votre portefeuille.",
      company: "Votre réservation se termine plus tard ; la différence a été payée par {company}.",
    },
  },
  cancelled: {
    en: {
      subject: "Your Parkwell booking {code} is cancelled",
      intro: "Your booking is cancelled. Refunded to your wallet: {refund}.",
      company: "Your booking is cancelled. Refunded to {company}: {refund}.",
    },
    fr: {
      subject: "Votre réservation Parkwell {code} est annulée",
      intro: "Votre réservation est annulée. Remboursé sur votre portefeuille\u00a0: {refund}.",
      company: "Votre réservation est annulée. Remboursé à {company}\u00a0: {refund}.",
    },
  },
  event_cancelled: {
    en: {
      subject: "{event} is cancelled: your Parkwell booking {code} is refunded",
      intro:
        "The organiser cancelled {event}. Your booking is cancelled and refunded in full to your wallet: {refund}.",
      company:
        "The organiser cancelled {event}. Your booking is cancelled and refunded in full to {company}: {refund}.",
    },
    fr: {
      subject: "{event} est annulé\u00a0: votre réservation Parkwell {code} est remboursée",
      intro:
        "L'organisateur a annulé {event}. Votre réservation est annulée et intégralement remboursée sur votre portefeuille\u00a0: {refund}.",
      company:
        "L'organisateur a annulé {event}. Votre réservation est annulée et intégralement remboursée à {company}\u00a0: {refund}.",
    },
  },
  renewed: {
    en: {
      subject: "Your Parkwell booking {code} is active again",
      intro: "Your booking is active again and paid from your wallet.",
      company: "Your booking is active again and paid by {company}.",
    },
    fr: {
      subject: "Votre réservation Parkwell {code} est de nouveau active",
      intro: "Votre réservation est de nouveau active et payée depuis votre portefeuille.",
      company: "Votre réservation est de nouveau active et payée par {company}.",
    },
  },
};

const LABELS: Record<
  Lang,
  { event: string; park: string; from: string; to: string; paid: string; details: string }
> = {
  en: {
    event: "Event",
    park: "Car park",
    from: "From",
    to: "Until",
    paid: "Paid",
    details: "Booking details",
  },
  fr: {
    event: "Événement",
    park: "Parking",
    from: "Du",
    to: "Au",
    paid: "Payé",
    details: "Détails de la réservation",
  },
};

/** "Lagos Derby, Teslim Balogun Stadium, 12 Dec 2026, 16:00": the event a booking parks for. */
function eventLine(b: Booking, lang: Lang, label: string): string[] {
  if (!b.event) return [];
  const when = formatZonedDateTime(b.event.start_time, lang, b.park.time_zone);
  return [`${label}: ${b.event.name}, ${b.event.venue_name}, ${when}`];
}

/**
 * The confirmation of a booking, extension, cancellation or renewal (no QR: the app shows it).
 * `company` names the company that paid the change (or got its refund), null for the wallet.
 */
export function bookingMail(
  kind: BookingMailKind,
  language: string,
  to: string,
  b: Booking,
  publicUrl: string,
  refund = 0,
  company: string | null = null,
): MailMessage {
  const lang: Lang = language === "fr" ? "fr" : "en";
  const fill = (s: string) =>
    s
      .replace("{code}", b.booking_code)
      .replace("{refund}", formatMoney(refund, b.currency, lang))
      .replace("{event}", b.event?.name ?? "")
      .replace("{company}", company ?? "");
  const t = TEXTS[kind][lang];
  const l = LABELS[lang];
  const link = `${publicUrl}/booking-details/${encodeURIComponent(b.booking_code)}`;
  const lines = [
    fill(company === null ? t.intro : t.company),
    ...eventLine(b, lang, l.event),
    `${l.park}: ${b.park.name}, ${b.park.address}`,
    `${l.from}: ${formatZonedDateTime(b.start_time, lang, b.park.time_zone)}`,
    `${l.to}: ${formatZonedDateTime(b.end_time, lang, b.park.time_zone)}`,
    `${l.paid}: ${formatMoney(b.paid, b.currency, lang)}`,
  ];
  return {
    to,
    subject: fill(t.subject),
    text: `${lines.join("\n")}\n\n${l.details}: ${link}\n\nParkwell`,
    html: `${lines.map((x) => `<p>${escapeHtml(x)}</p>`).join("")}<p><a href="${escapeHtml(link)}">${escapeHtml(l.details)}</a></p><p>Parkwell</p>`,
    link,
  };
}

const REMINDERS: Record<"start" | "end", Record<Lang, { subject: string; intro: string; action: string }>> = {
  start: {
    en: {
      subject: "Your Parkwell booking {code} starts at {time}",
      intro: "Your parking starts soon. Show the booking's QR code in the app at the entrance.",
      action: "Booking details",
    },
    fr: {
      subject: "Votre réservation Parkwell {code} commence à {time}",
      intro:
        "Votre stationnement commence bientôt. Présentez le code QR de la réservation dans l'application à l'entrée.",
      action: "Détails de la réservation",
    },
  },
  end: {
    en: {
      subject: "Your Parkwell booking {code} ends at {time}",
      intro: "Your parking ends soon. Need more time? Extend your booking before it ends.",
      action: "Extend my booking",
    },
    fr: {
      subject: "Votre réservation Parkwell {code} se termine à {time}",
      intro:
        "Votre stationnement se termine bientôt. Besoin de plus de temps ? Prolongez votre réservation avant la fin.",
      action: "Prolonger ma réservation",
    },
  },
};

/** The reminder before a booking starts or ends; the end's links to the booking's extend form. */
export function reminderMail(
  edge: "start" | "end",
  language: string,
  to: string,
  b: Booking,
  publicUrl: string,
): MailMessage {
  const lang: Lang = language === "fr" ? "fr" : "en";
  const t = REMINDERS[edge][lang];
  const l = LABELS[lang];
  const time = formatZonedDateTime(edge === "start" ? b.start_time : b.end_time, lang, b.park.time_zone);
  const link = `${publicUrl}/booking-details/${encodeURIComponent(b.booking_code)}${edge === "end" ? "#extend" : ""}`;
  const lines = [
    t.intro,
    ...eventLine(b, lang, l.event),
    `${l.park}: ${b.park.name}, ${b.park.address}`,
    `${l.from}: ${formatZonedDateTime(b.start_time, lang, b.park.time_zone)}`,
    `${l.to}: ${formatZonedDateTime(b.end_time, lang, b.park.time_zone)}`,
  ];
  return {
    to,
    subject: t.subject.replace("{code}", b.booking_code).replace("{time}", time),
    text: `${lines.join("\n")}\n\n${t.action}: ${link}\n\nParkwell`,
    html: `${lines.map((x) => `<p>${escapeHtml(x)}</p>`).join("")}<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p>Parkwell</p>`,
    link,
  };
}
