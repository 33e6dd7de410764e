import { BookingFlightBodySchema, type Booking, type BookingFlightBody } from "@parkwell/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/form-alert";
import { ClosedForm, useOpenedForm } from "../../components/ui/opened-form";
import { useSchemaForm } from "../../lib/use-schema-form";
import { changeBookingFlight } from "./api";
import { FlightFields, flightInput, type FlightChoice } from "./flight-fields";

/**
 * An airport park's booking's flight on its page (decision 068): added, changed (a delayed flight
 * moves the return day, the car may already be in) or removed until the booking ends. No money moves.
 */
export function FlightForm({ booking }: { booking: Booking }) {
  const { t } = useTranslation("bookings");
  const client = useQueryClient();
  const panel = useOpenedForm();
  const form = useSchemaForm<FlightChoice, typeof BookingFlightBodySchema>({
    schema: BookingFlightBodySchema,
    defaultValues: {
      flight_number: booking.flight?.flight_number ?? "",
      return_date: booking.flight?.return_date ?? "",
    },
    toInput: (v) => ({ flight_number: null, return_date: null, ...flightInput(v) }),
  });
  const change = useMutation({
    mutationFn: (body: BookingFlightBody) =>
      changeBookingFlight(booking.id, {
        flight_number: body.flight_number ?? null,
        return_date: body.return_date ?? null,
      }),
    onSuccess: async (changed) => {
      panel.close(changed.flight ? "saved" : "removed");
      await client.invalidateQueries({ queryKey: ["bookings"] });
    },
    onError: (err) => void form.showServerErrors(err),
  });
  const submit = form.handleSubmit((body) => {
    if (!change.isPending) change.mutate(body);
  });

  if (!panel.open) {
    return (
      <ClosedForm
        className="booking-flight"
        title={t("flight.title")}
        done={panel.done && t(`flight.${panel.done}`)}
        opener={panel.opener}
        openLabel={t(booking.flight ? "flight.change" : "flight.add")}
        onOpen={() => {
          form.reset({
            flight_number: booking.flight?.flight_number ?? "",
            return_date: booking.flight?.return_date ?? "",
          });
          panel.show();
        }}
      >
        {!booking.flight && <p>{t("flight.none")}</p>}
      </ClosedForm>
    );
  }
  return (
    <form
      className="booking-flight"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={t("flight.title")}
    >
      <FlightFields
        control={form.control as unknown as Control<FlightChoice>}
        window={{ start: booking.start_time, end: booking.end_time, zone: booking.park.time_zone }}
        onBookingPage
      />
      <FormAlert message={form.serverAlert(change.error)} />
      <button type="submit" className="button button--accent" disabled={change.isPending}>
        {t("flight.save")}
      </button>
      {booking.flight && (
        <button
          type="button"
          className="button"
          disabled={change.isPending}
          onClick={() => change.mutate({ flight_number: null, return_date: null })}
        >
          {t("flight.remove")}
        </button>
      )}
      <button type="button" className="button" onClick={() => panel.close()}>
        {t("flight.keep")}
      </button>
    </form>
  );
}
