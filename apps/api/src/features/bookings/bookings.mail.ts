import { formatMoney, formatZonedDateTime, type Booking } from "@parkwell/contract";
import { renderMail, type LaidOutMail, type MailRow } from "../../lib/mail-layout";
import { fill, mailTexts } from "../../lib/texts";
import { chargerHeld } from "../../lib/charger-text";
import type { PushMessage } from "../../lib/web-push";

/** The change a booking mail confirms. */
export type BookingMailTemplate =
  | "booked"
  | "extended"
  /** The booking's window moved, its start and its end (decision 063). */
  | "rescheduled"
  | "cancelled"
  | "renewed"
  | "event_cancelled"
  /**
   * The space guarantee (decisions 058 and 061): the offer to a driver a closure or a cut of the
   * park's spaces hit, its refund, the new booking.
   */
  | "closure_offer"
  | "closure_refunded"
  | "capacity_offer"
  | "capacity_refunded"
  | "rebooked";
export type BookingMailKind = BookingMailTemplate;
type Lang = "en" | "fr";

/** A booking mail's words: `intro` for a booking paid from the driver's wallet, `company` when a company paid ({{company}}). */
const texts = (lang: Lang) => mailTexts(lang).bookings;

/** "Lagos Derby, Teslim Balogun Stadium, 12 Dec 2026, 16:00": the event a booking parks for. */
function eventRow(b: Booking, lang: Lang, label: string): MailRow[] {
  if (!b.event) return [];
  const when = formatZonedDateTime(b.event.start_time, lang, b.park.time_zone);
  return [{ label, value: `${b.event.name}, ${b.event.venue_name}, ${when}` }];
}

/**
 * Where and when a booking parks, on the park's clock, and the EV charger it holds (as its page
 * says it: connector, power, the operator's price, paid at the charger), unless `charger` is
 * false: a cancellation has let its charger go.
 */
function stayRows(b: Booking, lang: Lang, charger = true): MailRow[] {
  const l = texts(lang).labels;
  return [
    ...eventRow(b, lang, l.event),
    { label: l.park, value: `${b.park.name}, ${b.park.address}` },
    ...(charger && b.charger ? [chargerHeld(b.charger, lang, b.breakdown.charging !== undefined)] : []),
    { label: l.from, value: formatZonedDateTime(b.start_time, lang, b.park.time_zone) },
    { label: l.to, value: formatZonedDateTime(b.end_time, lang, b.park.time_zone) },
  ];
}

/** The changes that end a booking: their mails name no charger held. */
const RELEASED: readonly BookingMailKind[] = [
  "cancelled",
  "event_cancelled",
  "closure_refunded",
  "capacity_refunded",
];

/** The guarantee's offers: their mail opens the offer's page. */
const OFFERS: readonly BookingMailKind[] = ["closure_offer", "capacity_offer"];

/**
 * The confirmation of a booking, extension, change of window, cancellation or renewal (no QR: the
 * app shows it).
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
): LaidOutMail {
  const lang: Lang = language === "fr" ? "fr" : "en";
  const values = {
    code: b.booking_code,
    refund: formatMoney(refund, b.currency, lang),
    event: b.event?.name ?? "",
    company: company ?? "",
  };
  const t = texts(lang)[kind];
  const l = texts(lang).labels;
  const code = encodeURIComponent(b.booking_code);
  // The guarantee's offer opens its page: a space elsewhere for the same window, or the refund.
  const link = OFFERS.includes(kind)
    ? `${publicUrl}/booking-offers/${code}`
    : `${publicUrl}/booking-details/${code}`;
  return renderMail(to, {
    language: lang,
    subject: fill(t.subject, values),
    paragraphs: [fill(company === null ? t.intro : t.company, values)],
    rows: [
      ...stayRows(b, lang, !RELEASED.includes(kind)),
      { label: l.paid, value: formatMoney(b.paid, b.currency, lang) },
    ],
    action: { label: OFFERS.includes(kind) ? l.offer : l.details, url: link },
  });
}

/** The reminder before a booking starts or ends; the end's links to the booking's extend form. */
/** A reminder as a push notification: the e-mail's subject and first line, and its link. */
export function reminderPush(
  edge: "start" | "end",
  language: string,
  b: Booking,
  publicUrl: string,
): PushMessage {
  const lang: Lang = language === "fr" ? "fr" : "en";
  const t = texts(lang).reminders[edge];
  const time = formatZonedDateTime(edge === "start" ? b.start_time : b.end_time, lang, b.park.time_zone);
  return {
    title: fill(t.subject, { code: b.booking_code, time }),
    body: t.intro,
    url: reminderLink(edge, b, publicUrl),
    tag: `booking-${edge}-${b.booking_code}`,
  };
}

const reminderLink = (edge: "start" | "end", b: Booking, publicUrl: string) =>
  `${publicUrl}/booking-details/${encodeURIComponent(b.booking_code)}${edge === "end" ? "#extend" : ""}`;

export function reminderMail(
  edge: "start" | "end",
  language: string,
  to: string,
  b: Booking,
  publicUrl: string,
): LaidOutMail {
  const lang: Lang = language === "fr" ? "fr" : "en";
  const t = texts(lang).reminders[edge];
  const time = formatZonedDateTime(edge === "start" ? b.start_time : b.end_time, lang, b.park.time_zone);
  const link = reminderLink(edge, b, publicUrl);
  return renderMail(to, {
    language: lang,
    subject: fill(t.subject, { code: b.booking_code, time }),
    paragraphs: [t.intro],
    rows: stayRows(b, lang),
    action: { label: t.action, url: link },
  });
}
