/**
 * A park and a booking there as the API answers them, for the bookings' page and form tests:
 * parsed by the contract's schemas, so they cannot drift from it. Times are fixed: a test that
 * acts "now" sets the clock (`BOOKING_NOW`, two days before the booked window).
 */
import {
  BookingDetailSchema,
  ParkDetailSchema,
  type BookingDetail,
  type ParkDetail,
} from "@parkwell/contract";

/** Two days before `marinaBooking`'s window: it can still be cancelled (in full) or changed. */
export const BOOKING_NOW = new Date("2027-01-08T09:00:00.000Z");

/** Marina Car Park in Lagos, open 24 hours, cars at ₦500 an hour (GET /front/parks/{park}). */
export const marinaPark = (patch: Partial<ParkDetail> = {}): ParkDetail =>
  ParkDetailSchema.parse({
    id: 41,
    slug: "marina-car-park",
    park_code: "NG7QX2A",
    name: "Marina Car Park",
    type: "city",
    address: "3 Marina",
    city: "Lagos",
    state: "Lagos",
    country_code: "NG",
    lat: 6.451,
    lng: 3.391,
    open_24h: true,
    amenities: [],
    price_from: { vehicle_type_id: 1, currency: "NGN", hourly: 500, daily_max: 4000 },
    rating: { average: null, count: 0 },
    description: "",
    time_zone: "Africa/Lagos",
    country: { id: 1, code: "NG", name: "Nigeria", currency: "NGN" },
    opening_hours: null,
    overnight_stays: true,
    closures: [],
    max_height_cm: null,
    entry_instructions: "",
    text_language: "en",
    photos: [],
    operator: "Harbourview Parking Ltd",
    status: "active",
    rates: [
      {
        park_id: 41,
        vehicle_type_id: 1,
        vehicle_type: "Car",
        kind: "standard",
        currency: "NGN",
        hourly: 500,
        daily_max: 4000,
        capacity: 20,
      },
    ],
    chargers: [],
    ...patch,
  });

const paidLines = { parking: 1500, service_fee: 100, booking_fee: 75, tax: 15, total: 1690 };
const zero = { parking: 0, charging: 0, service_fee: 0, booking_fee: 0, tax: 0, total: 0 };

/**
 * A car's booking at Marina Car Park on 10 January 2027, 10:00-13:00 in Lagos, ₦1,690 paid from
 * the wallet (or by `paid_by_company`), fully refundable at `BOOKING_NOW`.
 */
export const marinaBooking = (patch: Partial<BookingDetail> = {}): BookingDetail =>
  BookingDetailSchema.parse({
    id: "b-1",
    booking_code: "PW-7K3MQ2XA",
    status: "active",
    park: {
      id: 41,
      slug: "marina-car-park",
      park_code: "NG7QX2A",
      name: "Marina Car Park",
      address: "3 Marina",
      city: "Lagos",
      type: "city",
      time_zone: "Africa/Lagos",
      lat: 6.451,
      lng: 3.391,
      entry_instructions: "",
      text_language: "en",
    },
    vehicle_type_id: 1,
    vehicle: { id: null, plate_number: "LAG123AA", vehicle_type_id: 1, vehicle_type: "Car" },
    start_time: "2027-01-10T09:00:00.000Z",
    end_time: "2027-01-10T12:00:00.000Z",
    flight: null,
    amount: 1690,
    paid: 1690,
    currency: "NGN",
    breakdown: { hours: 3, days: 0, tax_name: "VAT", taxes: [], ...paidLines },
    qr: "eyJ2IjoxfQ.c2ln",
    checked_in_at: null,
    checked_out_at: null,
    cancellation: {
      allowed: true,
      refund_percent: 100,
      refund_amount: 1690,
      refund: { ...paidLines, charging: 0 },
      kept: zero,
    },
    created_at: "2027-01-01T09:00:00.000Z",
    paid_by_company: null,
    event: null,
    charger: null,
    payments: [],
    refunds: [],
    open_offer: null,
    wallet: { apple: null, google: null },
    ...patch,
  });
