/** A receipt as the API answers it: amounts in major units, each line worded in the reader's language. */
import {
  UNPRICED_RECEIPT_LINES,
  describeParkHours,
  type Receipt,
  type ReceiptLineKind,
  type ReceiptParty as PartyView,
  type ReceiptSummary,
} from "@parkwell/contract";
import type { Language } from "../../lib/language";
import { translate } from "../../lib/messages";
import { bpsToPercent, toMajor } from "../../lib/money";
import type { ReceiptLineRecord, ReceiptParty } from "../../lib/receipt-records";
import { chargerKind } from "../../lib/charger-text";
import type { ReceiptRow } from "./receipts.repo";

/** What each kind of line is called on a receipt, in English (server.json's receipts has the French). */
export const LINE_LABELS: Record<ReceiptLineKind, string> = {
  parking: "Parking",
  service_fee: "Service fee",
  booking_fee: "Booking fee",
  discount: "Discount",
  item: "Item",
  delivery: "Delivery",
  pass: "Monthly pass",
  overstay: "Overstay",
  topup: "Wallet top-up",
  government_fee: "Government fee",
  insurance_premium: "Insurance premium",
  pickup: "Pickup",
  charger: "EV charger",
};

/**
 * What an EV charger line says under its connector and power: the charging is paid at the charger
 * (Parkwell does not sell it), or, for a per-hour group, sold with the booking (decision 048).
 */
const CHARGER_DETAIL = "Charging is paid at the charger";
const CHARGER_SOLD_DETAIL = "Charging by the hour, paid with the booking";

/**
 * The lines whose detail is a fixed English name (a vehicle document's: decision 031), worded in
 * the reader's language like the label; every other detail is a name as the seller wrote it.
 */
const TRANSLATED_DETAIL: readonly ReceiptLineKind[] = ["government_fee", "insurance_premium"];

/**
 * The lines whose detail is "plate · vehicle type" (a booking's, an overstay's, a pass's): the
 * vehicle type, an English name from the data, is worded in the reader's language ("Voiture").
 */
const VEHICLE_DETAIL: readonly ReceiptLineKind[] = ["parking", "overstay", "pass"];

function detailIn(
  kind: ReceiptLineKind,
  detail: string | null | undefined,
  language: Language,
): string | null {
  if (!detail) return null;
  if (TRANSLATED_DETAIL.includes(kind)) return translate(detail, language);
  if (VEHICLE_DETAIL.includes(kind)) {
    return detail
      .split(" · ")
      .map((part) => translate(part, language))
      .join(" · ");
  }
  return detail;
}

/** A line's detail in the reader's language, with a pickup park's hours after its address. */
function detailOf(l: ReceiptLineRecord, language: Language): string | null {
  if (l.kind === "charger")
    return translate(l.charger?.sold ? CHARGER_SOLD_DETAIL : CHARGER_DETAIL, language);
  const detail = detailIn(l.kind, l.detail, language);
  if (l.openingHours === undefined) return detail;
  const hours = describeParkHours(l.openingHours, language === "fr" ? "fr" : "en");
  return [detail, hours].filter(Boolean).join(" · ");
}

/**
 * A party as a receipt names it. A seller with several registrations gives each, its program named
 * in the reader's language ("GST/HST 812345678 RT0001 · QST 1234567890 TQ0001"; "TPS/TVH … · TVQ …").
 */
const party = (p: ReceiptParty, language: Language): PartyView => ({
  name: p.name,
  company_name: p.companyName ?? null,
  address: p.address ?? null,
  tax_id: p.taxIds?.length
    ? p.taxIds.map((r) => `${translate(r.name, language)} ${r.number}`).join(" · ")
    : (p.taxId ?? null),
  email: p.email ?? null,
});

/** The subject a list shows for a receipt: its first line's (a park, a plan, an item). */
const subjectOf = (r: ReceiptRow): string | null => r.lines.find((l) => l.subject)?.subject ?? null;

export function presentSummary(r: ReceiptRow & { number: string }): ReceiptSummary {
  return {
    number: r.number,
    kind: r.kind,
    issued_at: r.issuedAt.toISOString(),
    time_zone: r.timeZone,
    reference: r.reference,
    subject: subjectOf(r),
    currency: r.currency,
    decimals: r.decimals,
    total: toMajor(r.totalMinor, r.decimals),
    reverses: r.reversesNumber,
  };
}

export function presentReceipt(
  r: ReceiptRow & { number: string },
  creditNotes: string[],
  language: Language,
): Receipt {
  const major = (minor: number) => toMajor(minor, r.decimals);
  const subtotal = r.lines.reduce((sum, l) => sum + l.amountMinor, 0);
  const tax = r.taxes.reduce((sum, t) => sum + t.amountMinor, 0);
  return {
    ...presentSummary(r),
    seller: party(r.seller, language),
    buyer: party(r.buyer, language),
    lines: r.lines.map((l) => ({
      kind: l.kind,
      label: translate(LINE_LABELS[l.kind], language),
      // An EV charger's connector and power, as a booking's page says them ("CCS2 · 60 kW").
      subject: l.charger
        ? chargerKind({ connector: l.charger.connector, power_kw: l.charger.powerKw }, language)
        : (l.subject ?? null),
      from: l.from ?? null,
      to: l.to ?? null,
      quantity: l.quantity ?? null,
      detail: detailOf(l, language),
      // An EV charger line has an amount when its charging was sold with the booking (per hour).
      amount:
        UNPRICED_RECEIPT_LINES.includes(l.kind) && !l.charger?.sold && l.amountMinor === 0
          ? null
          : major(l.amountMinor),
    })),
    taxes: r.taxes.map((t) => ({
      // The country's tax by its name in the reader's language ("TVA", "TPS").
      name: translate(t.name, language),
      rate: bpsToPercent(t.rateBps),
      base: major(t.baseMinor),
      amount: major(t.amountMinor),
    })),
    subtotal: major(subtotal),
    tax_total: major(tax),
    credit_notes: creditNotes,
    // GET /receipts/{number}.pdf (receipts.routes.ts): the router tells it from /receipts/{number}.
    pdf_url: `/api/v1/receipts/${r.number}.pdf`,
  };
}
