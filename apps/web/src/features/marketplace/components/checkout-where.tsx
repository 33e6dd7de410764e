import type { Booking, OrderingOptions, OrderType } from "@parkwell/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import { formatDistance } from "../../../lib/format";
import { formatCalendarDate, formatZonedDateTime } from "../../../lib/zoned-time";

type Slot = OrderingOptions["slots"][number];

/** A slot as the URL keeps it: `{slot_id}_{date}`. */
export const slotKey = (s: { slot_id: number; date: string }) => `${s.slot_id}_${s.date}`;

/**
 * The park an order is picked up or a service done at: the pickup parks nearest first, or for a
 * cart with a service the parks that offer every service in it.
 */
export function CheckoutPark({
  hasService,
  loading,
  parkChoices,
  parkId,
  onChoose,
}: {
  hasService: boolean;
  /** The services' parks are still being asked. */
  loading: boolean;
  parkChoices: { id: number; name: string; city: string; distance_km?: number | null }[];
  parkId: number | undefined;
  onChoose: (parkId: number) => void;
}) {
  const { t, i18n } = useTranslation("marketplace");
  const lang = i18n.language;
  const id = useId();
  return (
    <section className="card" aria-labelledby={`${id}-park`}>
      <h2 id={`${id}-park`}>{hasService ? t("checkout.servicePark") : t("checkout.park")}</h2>
      {hasService && <p className="field__hint">{t("checkout.serviceParkHint")}</p>}
      {loading ? (
        <Spinner />
      ) : parkChoices.length === 0 ? (
        <p>{hasService ? t("checkout.noServicePark") : t("checkout.noParks")}</p>
      ) : (
        <Field label={t("checkout.parkLabel")} id={`${id}-park-select`}>
          {(control) => (
            <select {...control} value={parkId ?? ""} onChange={(e) => onChoose(Number(e.target.value))}>
              {parkChoices.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} · {p.city}
                  {p.distance_km != null ? ` · ${formatDistance(p.distance_km, lang)}` : ""}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </section>
  );
}

/**
 * When: a time slot of the days to come, or for a service one of the driver's bookings at the park
 * (the service is then done while the car is parked).
 */
export function CheckoutSlot({
  orderType,
  hasService,
  parkBookings,
  bookingCode,
  slots,
  slot,
  onBooking,
  onSlot,
}: {
  orderType: OrderType;
  hasService: boolean;
  parkBookings: Booking[];
  bookingCode: string | undefined;
  slots: Slot[];
  slot: Slot | undefined;
  onBooking: (bookingCode: string | undefined) => void;
  onSlot: (slotKey: string) => void;
}) {
  const { t, i18n } = useTranslation("marketplace");
  const lang = i18n.language;
  const id = useId();
  return (
    <section className="card" aria-labelledby={`${id}-slot`}>
      <h2 id={`${id}-slot`}>{t(`checkout.slot.${orderType}`)}</h2>
      {hasService && parkBookings.length > 0 && (
        <Field label={t("checkout.bookingLabel")} id={`${id}-booking`}>
          {(control) => (
            <select
              {...control}
              value={bookingCode ?? ""}
              onChange={(e) => onBooking(e.target.value || undefined)}
            >
              <option value="">{t("checkout.inSlot")}</option>
              {parkBookings.map((b) => (
                <option key={b.booking_code} value={b.booking_code}>
                  {t("checkout.duringBooking", {
                    code: b.booking_code,
                    from: formatZonedDateTime(b.start_time, lang, b.park.time_zone),
                  })}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {bookingCode ? null : slots.length === 0 ? (
        <p>{t("checkout.noSlots")}</p>
      ) : (
        <Field label={t("checkout.slotLabel")} id={`${id}-slot-select`}>
          {(control) => (
            <select {...control} value={slot ? slotKey(slot) : ""} onChange={(e) => onSlot(e.target.value)}>
              {slots.map((s) => (
                <option key={slotKey(s)} value={slotKey(s)}>
                  {t("checkout.slotOption", {
                    day: formatCalendarDate(s.date, lang, "short"),
                    from: s.start_time.slice(0, 5),
                    to: s.end_time.slice(0, 5),
                  })}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </section>
  );
}
