/**
 * What a wallet pass shows (decision 065), the same for Apple's and Google's: read from a booking's
 * or a monthly pass's API answer as it is now, so a pass downloaded again after a change of window,
 * of vehicle, an extension or a cancellation shows it. Words in the driver's language, times on
 * the park's clock as the e-mails write them.
 */
import { formatCalendarDay, formatZonedDateTime, type Booking, type Pass } from "@parkwell/contract";
import type { Language } from "../language";
import { fill, mailTexts } from "../texts";

/** A label and its value, as both wallets lay them out. */
export interface PassField {
  key: string;
  label: string;
  value: string;
}

export interface WalletPassContent {
  /** Stable per booking or pass: a new download replaces the pass in the wallet. */
  serial: string;
  kind: "booking" | "monthly";
  /** The booking's or the pass's code, shown and read aloud at the gate. */
  code: string;
  language: Language;
  description: string;
  park: { name: string; address: string };
  /** The QR's message: the signed payload the gate scans, exactly; null when it would open nothing. */
  qr: string | null;
  /** Cancelled or over: the wallet greys it out. */
  voided: boolean;
  /** When it is for: the booking's start (none for a monthly pass, which has no one time). */
  relevantAt: Date | null;
  /** When it stops being good: the booking's end, or the pass's last paid day when it will not renew. */
  expiresAt: Date | null;
  /** The window (or the paid term) and the plate(s), on the park's clock. */
  fields: PassField[];
  /** Its status when voided ("Cancelled", "Ended"), else null. */
  status: string | null;
  /** A link the pass opens to extend the booking without signing in (an airport's), else null. */
  extend: { label: string; url: string } | null;
  /** The words of the fields every pass has. */
  labels: { code: string; park: string; address: string; status: string };
}

/** The account's language (users.language), which the pass is in whatever the browser asks. */
export const accountLanguage = (language: string): Language => (language === "fr" ? "fr" : "en");

const words = (language: Language) => mailTexts(language).walletPass;
const labelsOf = (t: ReturnType<typeof words>) => ({
  code: t.code,
  park: t.park,
  address: t.address,
  status: t.status,
});

/** A booking is over once it is cancelled or completed, or its window ended with no car in (no QR). */
function bookingState(b: Booking, t: ReturnType<typeof words>): string | null {
  if (b.status === "cancelled") return t.cancelled;
  if (b.status === "completed" || b.checked_out_at !== null || b.qr === null) return t.ended;
  return null;
}

/**
 * A booking's pass, event bookings included (the event's name shown). `extendUrl`: the signed
 * link to extend it from the pass (an airport booking's, decision 068), shown while it is not over.
 */
export function bookingPassContent(
  b: Booking,
  language: Language,
  extendUrl: string | null = null,
): WalletPassContent {
  const t = words(language);
  const when = (iso: string) => formatZonedDateTime(iso, language, b.park.time_zone);
  const status = bookingState(b, t);
  return {
    serial: `booking-${b.id}`,
    kind: "booking",
    code: b.booking_code,
    language,
    description: fill(t.booking, { code: b.booking_code, park: b.park.name }),
    park: { name: b.park.name, address: b.park.address },
    qr: status === null ? b.qr : null,
    voided: status !== null,
    relevantAt: new Date(b.start_time),
    expiresAt: new Date(b.end_time),
    fields: [
      ...(b.event ? [{ key: "event", label: t.event, value: b.event.name }] : []),
      { key: "from", label: t.from, value: when(b.start_time) },
      { key: "to", label: t.to, value: when(b.end_time) },
      ...(b.vehicle.plate_number ? [{ key: "plate", label: t.plate, value: b.vehicle.plate_number }] : []),
      ...(b.flight?.flight_number ? [{ key: "flight", label: t.flight, value: b.flight.flight_number }] : []),
      ...(b.flight?.return_date
        ? [{ key: "returns", label: t.returns, value: formatCalendarDay(b.flight.return_date, language) }]
        : []),
    ],
    status,
    extend: extendUrl && status === null ? { label: t.extend, url: extendUrl } : null,
    labels: labelsOf(t),
  };
}

/** A monthly pass's pass: its paid term and plates; it expires only when it will not renew. */
export function monthlyPassContent(p: Pass, language: Language): WalletPassContent {
  const t = words(language);
  const ended = p.status === "ended";
  const until = ended ? p.paid_until : p.cancel_effective_at;
  return {
    serial: `pass-${p.id}`,
    kind: "monthly",
    code: p.pass_code,
    language,
    description: fill(t.monthly, { code: p.pass_code, park: p.park.name }),
    park: { name: p.park.name, address: p.park.address },
    qr: ended ? null : p.qr,
    voided: ended,
    relevantAt: null,
    expiresAt: until ? new Date(until) : null,
    fields: [
      {
        key: "until",
        label: p.renews_at ? t.renews : t.validUntil,
        value: formatZonedDateTime(p.paid_until, language, p.park.time_zone),
      },
      { key: "plate", label: p.plates.length > 1 ? t.plates : t.plate, value: p.plates.join(", ") },
    ],
    status: ended ? t.ended : null,
    extend: null,
    labels: labelsOf(t),
  };
}
