import { ExtendBookingBodySchema, type Booking } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ZonedDateTimeControl } from "../../components/ui/zoned-date-time-control";
import { FormAlert } from "../../components/ui/form-alert";
import { errorText } from "../../lib/form-errors";
import { useSchemaForm } from "../../lib/use-schema-form";
import { formatMoney } from "../../lib/format";
import { formatZonedDateTime, zoneAbbreviation } from "../../lib/zoned-time";
import { extendBooking, extensionQuery } from "./api";
import { markBookingUpdated } from "./flags";

/**
 * A later end time (on the park's clock), the extra charge the server quotes for it, and the
 * extension itself, which charges the wallet only after the driver confirms that amount. `link`:
 * opened from the wallet pass's extension link, which quotes and extends in the sign-in's stead.
 */
export function ExtendForm({ booking, link }: { booking: Booking; link?: string }) {
  const { t, i18n } = useTranslation(["bookings", "auth"]);
  const id = useId();
  const zone = booking.park.time_zone;
  const client = useQueryClient();
  const form = useSchemaForm<{ new_end_time: string }, typeof ExtendBookingBodySchema>({
    schema: ExtendBookingBodySchema,
    defaultValues: {
      new_end_time: new Date(new Date(booking.end_time).getTime() + 3_600_000).toISOString(),
    },
    toInput: (v) => ({ booking_id: booking.id, new_end_time: v.new_end_time }),
  });
  const end = useWatch({ control: form.control, name: "new_end_time" }) || undefined;
  const [confirming, setConfirming] = useState(false);
  const later = Boolean(end && end > booking.end_time);
  // What extending charges, priced by the server as the extension itself prices it: the coupon
  // the booking was bought with, the charging at the price per hour booked (decision 048).
  const quote = useQuery({ ...extensionQuery(booking, end ?? "", i18n.language, link), enabled: later });
  const extra = later && quote.data ? quote.data.amount_due : null;
  const money = (n: number) => formatMoney(n, booking.currency, i18n.language);

  const extend = useMutation({
    mutationFn: (newEnd: Date) => extendBooking(booking.id, newEnd.toISOString(), link),
    onSettled: () => setConfirming(false),
    onSuccess: async () => {
      markBookingUpdated();
      await client.invalidateQueries({ queryKey: ["bookings"] });
      await client.invalidateQueries({ queryKey: ["wallet"] });
    },
  });
  const submit = form.handleSubmit(({ new_end_time }) => {
    if (!later || extend.isPending) return;
    if (confirming) extend.mutate(new_end_time);
    else setConfirming(true);
  });

  return (
    <form id="extend" className="booking-extend" onSubmit={(e) => void submit(e)} noValidate>
      <ZonedDateTimeControl
        control={form.control}
        name="new_end_time"
        label={t("details.newEnd")}
        zone={zone}
        min={booking.end_time}
        describedBy={`${id}-zone`}
        error={later ? undefined : t("details.endLater")}
        onValue={() => setConfirming(false)}
      />
      <p id={`${id}-zone`} className="field__hint">
        {t("details.zone", {
          zone: zoneAbbreviation(zone, i18n.language, end ? new Date(end) : new Date()),
          city: booking.park.city,
        })}
      </p>
      {later && extra !== null && (
        <p data-testid="extend-extra">{t("details.extra", { amount: money(extra) })}</p>
      )}
      <FormAlert
        message={
          extend.error ? errorText(t, extend.error) : later && quote.error ? errorText(t, quote.error) : null
        }
      />
      {confirming && end && extra !== null ? (
        <div role="group" aria-label={t("details.confirmExtendTitle")} className="booking-extend__confirm">
          <p>
            {/* An extension is charged to the booking's payer: its company, when one paid it. */}
            {t(booking.paid_by_company ? "details.confirmExtendCompany" : "details.confirmExtend", {
              end: formatZonedDateTime(end, i18n.language, zone),
              amount: money(extra),
              company: booking.paid_by_company,
            })}
          </p>
          <button type="submit" className="button button--accent" disabled={extend.isPending}>
            {t("details.confirmExtendYes", { amount: money(extra) })}
          </button>
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            {t("details.confirmExtendNo")}
          </button>
        </div>
      ) : (
        <button
          type="submit"
          className="button button--accent"
          disabled={!later || extra === null || extend.isPending}
        >
          {t("details.extend")}
        </button>
      )}
    </form>
  );
}
