import type { ParkDetail } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ZonedDateTimeField } from "../../components/ui/form-field";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../lib/api";
import { serverFields } from "../../lib/form-errors";
import { formatMoney } from "../../lib/format";
import { zoneAbbreviation } from "../../lib/zoned-time";
import { savedVehiclesQuery, useAvailability, walletQuery } from "../../lib/queries";
import { createBooking } from "./api";
import { markBookingCreated } from "./flags";
import { PriceLines } from "./price-lines";
import { RefundPolicy } from "./refund-policy";
import { newAttemptKey } from "./time";
import { TopUpNotice } from "./top-up-notice";
import { plateProblem, VehicleFields } from "./vehicle-fields";

/**
 * The checkout form: every choice is in the query string, so a trip to the wallet keeps it.
 * Arrival and departure are picked on the park's clock (its zone is named), not the phone's.
 */
export function CheckoutForm({ park }: { park: ParkDetail }) {
  const { t, i18n } = useTranslation(["bookings", "auth"]);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const zone = park.time_zone;
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const typeId = Number(params.get("vehicle_type_id")) || park.rates[0]?.vehicle_type_id || 1;
  const start = params.get("start_time") ?? undefined;
  const end = params.get("end_time") ?? undefined;
  const vehicleId = Number(params.get("vehicle_id")) || undefined;
  const plate = params.get("plate_number") ?? "";
  const ordered = Boolean(start && end && end > start);
  // A new key per attempt: changing the form after a failure is a new attempt.
  const [attemptKey, setAttemptKey] = useState(newAttemptKey);
  // What the driver must fix before anything is sent; shown once, at the field, after Pay.
  const [missing, setMissing] = useState<{ plate_number?: string; start_time?: string; end_time?: string }>(
    {},
  );

  const update = (changes: Record<string, string | undefined>) => {
    setAttemptKey(newAttemptKey());
    setMissing((m) => {
      const left = { ...m };
      for (const k of Object.keys(changes)) delete left[k as keyof typeof m];
      if ("vehicle_id" in changes) delete left.plate_number;
      return left;
    });
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  };

  const availability = useAvailability(
    park.id,
    typeId,
    ordered ? start : undefined,
    ordered ? end : undefined,
  );
  const wallet = useQuery(walletQuery());
  const vehicles = useQuery(savedVehiclesQuery());
  const money = (n: number, c: string) => formatMoney(n, c, i18n.language);

  const book = useMutation({
    mutationFn: () =>
      createBooking(
        {
          park_id: park.id,
          vehicle_type_id: typeId,
          ...(vehicleId ? { vehicle_id: vehicleId } : { plate_number: plate }),
          start_time: start ?? "",
          end_time: end ?? "",
        },
        attemptKey,
      ),
    onSuccess: async (booking) => {
      markBookingCreated();
      await client.invalidateQueries({ queryKey: ["wallet"] });
      await client.invalidateQueries({ queryKey: ["bookings"] });
      void navigate(`/booking-success?code=${encodeURIComponent(booking.booking_code)}`);
    },
    onError: () => setAttemptKey(newAttemptKey()),
  });

  const check = () => {
    const found: typeof missing = {};
    const badPlate = vehicleId ? undefined : plateProblem(t, plate);
    if (badPlate) found.plate_number = badPlate;
    if (!start) found.start_time = t("checkout.startRequired");
    if (!end) found.end_time = t("checkout.endRequired");
    return found;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (book.isPending) return;
    const found = check();
    setMissing(found);
    if (Object.keys(found).length > 0) {
      // The first field to fix takes the focus, so a keyboard or screen-reader user lands on it.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    book.mutate();
  };
  const error = book.error instanceof ApiError ? book.error : null;
  const price = availability.data?.price;
  const refused = availability.data?.bookable === false ? availability.data.reason : undefined;
  const full = availability.data !== undefined && availability.data.available < 1;

  return (
    <form className="booking-form" onSubmit={submit} noValidate ref={form}>
      <section className="card" aria-labelledby={`${id}-park`}>
        <h2 id={`${id}-park`}>{park.name}</h2>
        <p>{park.address}</p>
      </section>
      <div className="field">
        <label htmlFor={`${id}-type`}>{t("checkout.vehicleType")}</label>
        <select
          id={`${id}-type`}
          value={typeId}
          onChange={(e) => update({ vehicle_type_id: e.target.value, vehicle_id: undefined })}
        >
          {park.rates.map((r) => (
            <option key={r.vehicle_type_id} value={r.vehicle_type_id}>
              {t(`vehicleId.${r.vehicle_type_id}`, { defaultValue: r.vehicle_type })}
            </option>
          ))}
        </select>
      </div>
      <VehicleFields
        vehicles={(vehicles.data ?? []).filter((v) => v.vehicle_type_id === typeId)}
        vehicleId={vehicleId}
        plate={plate}
        plateError={missing.plate_number ?? serverFields(t, error).plate_number}
        onChange={update}
      />
      <ZonedDateTimeField
        label={t("checkout.start")}
        zone={zone}
        value={start}
        error={missing.start_time}
        note={`${id}-zone`}
        onChange={(iso) => update({ start_time: iso })}
      />
      <ZonedDateTimeField
        label={t("checkout.end")}
        zone={zone}
        value={end}
        min={start}
        error={missing.end_time}
        note={`${id}-zone`}
        onChange={(iso) => update({ end_time: iso })}
      />
      <p id={`${id}-zone`} className="field__hint" data-testid="checkout-zone">
        {t("checkout.zone", {
          zone: zoneAbbreviation(zone, i18n.language, start ? new Date(start) : new Date()),
          city: park.city,
        })}
      </p>
      {start && end && !ordered && <p className="field__error">{t("checkout.windowInvalid")}</p>}
      <section className="card" aria-live="polite" aria-labelledby={`${id}-price`}>
        <h2 id={`${id}-price`}>{t("checkout.priceTitle")}</h2>
        {availability.isFetching && <p>{t("checkout.checking")}</p>}
        {availability.isError && (
          <p className="field__error">
            {availability.error instanceof ApiError ? availability.error.message : t("loadError")}
          </p>
        )}
        {refused !== undefined ? (
          <p className="field__error" data-testid="window-refused">
            {refused}
          </p>
        ) : (
          availability.data && (
            <p data-testid="spaces-left">
              {full ? t("checkout.full") : t("checkout.spacesLeft", { count: availability.data.available })}
            </p>
          )
        )}
        {price && refused === undefined && (
          <PriceLines breakdown={price.breakdown} currency={price.currency} />
        )}
        {wallet.data && (
          <p data-testid="checkout-balance">
            {t("checkout.balance", { amount: money(wallet.data.balance, wallet.data.currency) })}
          </p>
        )}
      </section>
      <RefundPolicy />
      {error?.status === 402 ? (
        <TopUpNotice error={error} />
      ) : (
        error && (
          <p role="alert" className="alert alert--error">
            {error.message}
          </p>
        )
      )}
      <button
        type="submit"
        className="button button--accent"
        disabled={book.isPending || Boolean(start && end && !ordered) || full}
      >
        {book.isPending
          ? t("checkout.paying")
          : price
            ? t("checkout.payAmount", { amount: money(price.amount, price.currency) })
            : t("checkout.pay")}
      </button>
    </form>
  );
}
