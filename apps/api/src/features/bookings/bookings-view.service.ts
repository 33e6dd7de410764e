/** Bookings as the API shows them: their park, vehicle type, signed QR and ledger moves (reads only). */
import type { Booking, BookingListItem } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Language } from "../../lib/language";
import { bookingPayerNames } from "../companies/company-pay.service";
import { servedCountries } from "../reference/served-countries";
import * as view from "./bookings-view.repo";
import { chargersById, type ChargerRow } from "../parks/chargers.service";
import { presentBooking, presentBookingDetail, type BookingDetailRead } from "./bookings.present";
import type { BookingRow } from "./bookings.repo";

export interface PresentOptions {
  qrSecret: string;
  now: Date;
  /** The park's texts come in this language where the park has them. */
  language: Language;
  /** Parks a write already read, so its answer reads nothing more. */
  known?: view.ParkView[];
}

/** A park as shown with a booking: with its country's currency decimals (the served countries'). */
export type ShownPark = view.ParkView & { decimals: number };
/**
 * What bookings are shown with: their parks (with decimals), vehicle types and events, and the
 * company that paid each booking a company paid (by booking id).
 */
export type BookingContext = Omit<Awaited<ReturnType<typeof view.bookingContext>>, "parks"> & {
  parks: Map<number, ShownPark>;
  payers: Map<string, string>;
  /** The charger groups the bookings hold one of, by id. */
  chargers: Map<number, ChargerRow>;
  /** The flights given for bookings at airport parks, by booking id. */
  flights: Awaited<ReturnType<typeof view.flightsOf>>;
};

async function contextOf(db: Db, rows: BookingRow[], known: view.ParkView[]): Promise<BookingContext> {
  const chargerIds = [...new Set(rows.flatMap((r) => (r.chargerId === null ? [] : [r.chargerId])))];
  const ids = rows.map((r) => r.id);
  const [read, payers, chargers, flights] = await Promise.all([
    view.bookingContext(db, [...new Set(rows.map((r) => r.parkId))], known, view.eventIdsOf(rows)),
    bookingPayerNames(
      db,
      rows.map((r) => r.id),
    ),
    chargersById(db, chargerIds),
    view.flightsOf(db, ids),
  ]);
  const served = servedCountries(db);
  const parks = new Map<number, ShownPark>();
  for (const [id, p] of read.parks) {
    parks.set(id, { ...p, decimals: (await served.byId(p.country_id))!.currencyDecimals });
  }
  return { ...read, parks, payers, chargers: new Map(chargers.map((c) => [c.id, c])), flights };
}

export async function bookingViews(db: Db, rows: BookingRow[], o: PresentOptions): Promise<Booking[]> {
  const ctx = await contextOf(db, rows, o.known ?? []);
  return rows.map((r) => presentBooking(r, ctx, o.qrSecret, o.now, o.language));
}

/** The driver's list: each booking with the cause of its guarantee offer still open, if any. */
export async function bookingListViews(
  db: Db,
  rows: BookingRow[],
  o: PresentOptions,
): Promise<BookingListItem[]> {
  const [views, offers] = await Promise.all([
    bookingViews(db, rows, o),
    view.openOfferCauses(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return views.map((b) => ({ ...b, open_offer: offers.get(b.id) ?? null }));
}

/** One booking with the wallet's charges and refunds for it, in major units of its park's currency. */
export async function bookingDetailView(
  db: Db,
  row: BookingRow,
  o: PresentOptions,
): Promise<BookingDetailRead> {
  const [ctx, moves, offer] = await Promise.all([
    contextOf(db, [row], o.known ?? []),
    view.bookingMoves(db, row.id, row.userId),
    view.openOfferCause(db, row.id),
  ]);
  return presentBookingDetail(row, ctx, moves, o, offer);
}
