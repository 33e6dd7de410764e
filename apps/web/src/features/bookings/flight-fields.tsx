import { dayOnClock } from "@parkwell/contract";
import { useController, type Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/ui/form-field";

/** A flight as a form holds it: the number as typed, the return day ("2031-03-01") or "". */
export interface FlightChoice {
  flight_number: string;
  return_date: string;
}

interface Props {
  control: Control<FlightChoice>;
  /** The booking's window (instants) on its park's clock: the return day is one of its days. */
  window: { start?: string | undefined; end?: string | undefined; zone: string };
  onChange?: (changes: Partial<FlightChoice>) => void;
  /** On the booking's page, where "later, from your booking" does not apply (checkout says it). */
  onBookingPage?: boolean;
}

/**
 * An airport park's booking's flight (decision 068), both optional: the number, as on the ticket,
 * and the day the driver flies back. The attendant sees them, and the pass shows them.
 */
export function FlightFields({ control, window, onChange, onBookingPage = false }: Props) {
  const { t } = useTranslation("bookings");
  const { start, end, zone } = window;
  // A window ending at midnight ends on the day before.
  const firstDay = start ? dayOnClock(new Date(start), zone) : undefined;
  const lastDay = end ? dayOnClock(new Date(Date.parse(end) - 1), zone) : undefined;
  const {
    field: { ref: numberRef, ...number },
    fieldState: { error: numberError },
  } = useController({ control, name: "flight_number" });
  const {
    field: { ref: dateRef, ...date },
    fieldState: { error: dateError },
  } = useController({ control, name: "return_date" });
  return (
    <fieldset className="flight-fields">
      <legend>{t("flight.legend")}</legend>
      <p className="field__hint">
        {onBookingPage ? t("flight.hint") : `${t("flight.hint")} ${t("flight.later")}`}
      </p>
      <TextField
        label={t("flight.number")}
        hint={t("flight.numberHint")}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={12}
        name={number.name}
        ref={numberRef}
        value={number.value}
        onBlur={number.onBlur}
        onChange={(e) => {
          number.onChange(e.target.value);
          onChange?.({ flight_number: e.target.value });
        }}
        error={numberError?.message}
      />
      <TextField
        label={t("flight.returnDate")}
        type="date"
        min={firstDay}
        max={lastDay}
        name={date.name}
        ref={dateRef}
        value={date.value}
        onBlur={date.onBlur}
        onChange={(e) => {
          date.onChange(e.target.value);
          onChange?.({ return_date: e.target.value });
        }}
        error={dateError?.message}
      />
    </fieldset>
  );
}

/** What a flight choice sends: each field only when given. */
export function flightInput(v: FlightChoice): { flight_number?: string; return_date?: string } {
  return {
    ...(v.flight_number.trim() ? { flight_number: v.flight_number } : {}),
    ...(v.return_date ? { return_date: v.return_date } : {}),
  };
}

/** The flight a checkout's address holds, at an airport park; none elsewhere. */
export function flightOfParams(params: URLSearchParams, airport: boolean): FlightChoice {
  return {
    flight_number: airport ? (params.get("flight_number") ?? "") : "",
    return_date: airport ? (params.get("return_date") ?? "") : "",
  };
}
