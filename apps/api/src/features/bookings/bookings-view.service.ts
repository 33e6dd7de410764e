/** Bookings as the API shows them: their park, vehicle type, signed QR and ledger moves (reads only). */
import type { Booking, BookingDetail } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Language } from "../../lib/language";
import { toMajor } from "../../lib/money";
import * as view from "./bookings-view.repo";
import { presentBooking } from "./bookings.present";
import type { BookingRow } from "./bookings.repo";

export interface PresentOptions {
  qrSecret: string;
  now: Date;
  /** The park's texts come in this language where the park has them. */
  language: Language;
  /** Parks a write already read, so its answer reads nothing more. */
  known?: view.ParkView[];
}

export async function presentBookings(db: Db, rows: BookingRow[], o: PresentOptions): Promise<Booking[]> {
  const ctx = await view.bookingContext(
    db,
    [...new Set(rows.map((r) => r.parkId))],
    o.known ?? [],
    view.eventIdsOf(rows),
  );
  return rows.map((r) => presentBooking(r, ctx, o.qrSecret, o.now, o.language));
}

/** One booking with the wallet's charges and refunds for it, in major units of its park's currency. */
export async function presentBookingDetail(
  db: Db,
  row: BookingRow,
  o: PresentOptions,
): Promise<BookingDetail> {
  const [ctx, moves] = await Promise.all([
    view.bookingContext(db, [row.parkId], o.known ?? [], view.eventIdsOf([row])),
    view.bookingMoves(db, row.id, row.userId),
  ]);
  const decimals = ctx.parks.get(row.parkId)?.decimals ?? 2;
  const toMove = (m: (typeof moves)[number]) => ({
    kind: m.kind,
    amount: toMajor(Math.abs(Number(m.amount_minor)), decimals),
    currency: m.currency,
    created_at: new Date(m.created_at).toISOString(),
  });
  return {
    ...presentBooking(row, ctx, o.qrSecret, o.now, o.language),
    payments: moves.filter((m) => Number(m.amount_minor) < 0).map(toMove),
    refunds: moves.filter((m) => Number(m.amount_minor) > 0).map(toMove),
  };
}
