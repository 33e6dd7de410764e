import {
  CreateBookingBodySchema,
  QUOTE_TOKEN_TTL_MS,
  type BookingRequest,
  type ParkDetail,
} from "@parkwell/contract";
import { refreshAfterPurchase } from "../../lib/query-client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/form-alert";
import { SelectField } from "../../components/ui/form-field";
import { ZonedDateTimeControl } from "../../components/ui/zoned-date-time-control";
import { useNavigate } from "react-router";
import { ApiError } from "../../lib/api";
import { useSchemaForm } from "../../lib/use-schema-form";
import { errorText } from "../../lib/form-errors";
import { formatMoney } from "../../lib/format";
import { isoToZonedInput, parseWindowValue, windowInstant, zoneAbbreviation } from "../../lib/zoned-time";
import { savedVehiclesQuery, useAvailability, walletQuery } from "../../lib/queries";
import {
  bookingQuoteQuery,
  createBooking,
  holdBooking,
  quoteRefused,
  type BookingQuoteAsked,
  type CreateBookingInput,
} from "./api";
import { CouponField } from "../../components/ui/coupon-field";
import { PayerChoice, usePayingCompanies } from "../../components/payer-choice";
import { startProviderStep } from "../../lib/provider-step";
import { markBookingCreated } from "./flags";
import { PayDifference } from "../../components/ui/pay-difference";
import { PriceLines } from "../../components/ui/price-lines";
import { RefundPolicy } from "./refund-policy";
import { newAttemptKey } from "./time";
import {
  OtherCurrencyNotice,
  shortfallFrom,
  shortfallOf,
  TopUpNotice,
  useWalletInOtherCurrency,
  type Shortfall,
} from "../../components/ui/top-up-notice";
import { preselectedVehicle } from "../../lib/vehicle-choice";
import { FlightFields, flightInput, flightOfParams, type FlightChoice } from "./flight-fields";
import { VehicleFields, type VehicleChoice } from "./vehicle-fields";
import { ChargerChoice, useChargerFallback } from "./charger-choice";
import { useAddressFields } from "../../lib/address-fields";

/** The URL's `vehicle_id` when the driver chose to type a plate instead of a saved vehicle. */
const OTHER_VEHICLE = "other";

interface Values extends VehicleChoice, FlightChoice {
  start_time: string;
  end_time: string;
  /** The EV charger group chosen (its id), "" for none. */
  charger_id: string;
}

const EMPTY: Values = {
  vehicle_id: "",
  plate_number: "",
  start_time: "",
  end_time: "",
  charger_id: "",
  flight_number: "",
  return_date: "",
};

/**
 * Why the API refused the charger chosen, said at the choice: every charger of the group is
 * booked for part of the window (409 `charger_full`), or the group is not offered (422 at
 * `charger_id`). Null for any other answer, which the form says where it always has.
 */
function chargerRefusal(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  if (err.code === "charger_full") return err.message;
  return err.fields?.charger_id ?? null;
}

/**
 * The group chosen when it is priced per hour: it is asked with the window, its charging being in
 * the price (decision 048); a group priced per kWh (paid at the charger) changes nothing in it.
 */
function perHourCharger(park: ParkDetail, chargerId: number | null): number | undefined {
  const group = park.chargers.find((c) => c.id === chargerId);
  return group?.price_unit === "hour" ? group.id : undefined;
}

/**
 * The booking's quote (decision 059): its price (a busy-time rule's, a coupon's discount) and the
 * token that holds it, which the booking and "Pay … and book" present. Asked again well before the
 * token expires, so the page always holds a live one.
 */
function useWindowQuote({ enabled, ...asked }: BookingQuoteAsked & { enabled: boolean }) {
  const quote = useQuery({
    ...bookingQuoteQuery(asked),
    enabled,
    refetchInterval: QUOTE_TOKEN_TTL_MS / 3,
  });
  // A window's own token only: while another window's answer stands in (placeholder), none.
  const held = !quote.isError && !quote.isPlaceholderData;
  return { quote, token: held ? quote.data?.quote_token : undefined };
}

/**
 * The checkout form: every choice is in the query string, so a trip to the wallet keeps it.
 * Arrival and departure are picked on the park's clock (its zone is named), not the phone's.
 */
/**
 * "Pay … and book" (decision 026): the window is held while a top-up of the difference is paid at
 * the country's provider, or with the saved card `cardId` at once (decision 069), and the
 * payment's return books it. One Idempotency-Key per attempt.
 */
function useHoldAndPay(
  holdWindow: (
    body: BookingRequest & { kind: "window" },
    idempotencyKey: string,
    cardId: string | undefined,
  ) => ReturnType<typeof holdBooking>,
) {
  const navigate = useNavigate();
  const [holdKey, setHoldKey] = useState(newAttemptKey);
  const [cancelled, setCancelled] = useState(false);
  const hold = useMutation({
    mutationFn: async ({ body, cardId }: { body: BookingRequest & { kind: "window" }; cardId?: string }) => {
      const held = await holdWindow(body, holdKey, cardId);
      await startProviderStep(
        held.payment,
        (path) => void navigate(path),
        (url) => window.location.assign(url),
        () => setCancelled(true),
      );
    },
    onMutate: () => setCancelled(false),
    onError: () => setHoldKey(newAttemptKey()),
  });
  return { hold, busy: hold.isPending || (hold.isSuccess && !cancelled) };
}

export function CheckoutForm({ park }: { park: ParkDetail }) {
  const { t, i18n } = useTranslation(["bookings", "auth"]);
  const id = useId();
  const zone = park.time_zone;
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, changeFields] = useAddressFields();
  const typeId = Number(params.get("vehicle_type_id")) || park.rates[0]?.vehicle_type_id || 1;
  // Wall-clock times on the park's clock (or an instant, from the QR sign or an older link).
  const start = windowInstant(parseWindowValue(params.get("start_time")), zone);
  const end = windowInstant(parseWindowValue(params.get("end_time")), zone);
  const plate = params.get("plate_number") ?? "";
  // An airport park's booking takes the driver's flight (kept in the address, as every field).
  const flight = flightOfParams(params, park.type === "airport");
  const vehicles = useQuery(savedVehiclesQuery());
  const saved = vehicles.data ?? [];
  const askedVehicle = params.get("vehicle_id");
  const asked = saved.find((v) => v.vehicle_type_id === typeId && String(v.id) === askedVehicle);
  // No saved vehicle of this type asked for, nor "another vehicle" nor a plate: the saved one of
  // the type (the default, else the only one), so the driver need not pick what is obvious.
  const vehicleId =
    asked?.id ??
    (askedVehicle !== OTHER_VEHICLE && !plate ? preselectedVehicle(saved, typeId)?.id : undefined);
  const ordered = Boolean(start && end && end > start);
  // The EV charger group asked for (the URL keeps it, as the park page's "Book with this charger"
  // sends it): one of the park's active groups, else none.
  const askedCharger = Number(params.get("charger_id"));
  const chargerId = park.chargers.some((c) => c.id === askedCharger) ? askedCharger : null;
  // The coupon code asked for (the URL keeps it): the quote says what it saves, or why not.
  const couponCode = params.get("coupon") || undefined;
  // A new key per attempt: changing the form after a failure is a new attempt.
  const [attemptKey, setAttemptKey] = useState(newAttemptKey);
  // The form follows the URL; what the driver must fix shows at the field after Pay, and the
  // first such field takes the focus (a keyboard or screen-reader user lands on it).
  const form = useSchemaForm<Values, typeof CreateBookingBodySchema>({
    schema: CreateBookingBodySchema,
    defaultValues: EMPTY,
    values: {
      ...flight,
      vehicle_id: vehicleId ? String(vehicleId) : "",
      plate_number: plate,
      start_time: start ?? "",
      end_time: end ?? "",
      charger_id: chargerId ? String(chargerId) : "",
    },
    toInput: (v) => ({
      park_id: park.id,
      vehicle_type_id: typeId,
      ...(Number(v.vehicle_id) ? { vehicle_id: Number(v.vehicle_id) } : { plate_number: v.plate_number }),
      // The window the URL holds now, as the charger below: the form's copy follows a render later,
      // and a Pay pressed just after the arrival was typed sent the one before (seen in CI).
      start_time: start ?? v.start_time,
      end_time: end ?? v.end_time,
      // The charger the URL holds now (the form's copy of it follows a render later: a Pay pressed
      // right after the window dropped a full group must not send it).
      ...(chargerId ? { charger_id: chargerId } : {}),
      ...flightInput(v),
    }),
    requiredText: {
      start_time: "bookings:checkout.startRequired",
      end_time: "bookings:checkout.endRequired",
    },
  });

  const update = (changes: Record<string, string | undefined>) => {
    setAttemptKey(newAttemptKey());
    // A changed form is a new attempt: the last answer (a 402's "Pay … and book" for the window
    // sent then) no longer applies.
    book.reset();
    hold.reset();
    changeFields(changes);
  };

  const availability = useAvailability(
    park.id,
    typeId,
    ordered ? start : undefined,
    ordered ? end : undefined,
    perHourCharger(park, chargerId),
  );
  // Each charger group's free chargers for the window (none said for a window the park cannot
  // take); a chosen group left with none falls back to no charger, and the choice says so.
  const freeChargers = availability.data?.bookable ? availability.data.chargers : undefined;
  const charger = useChargerFallback({
    chargers: park.chargers,
    chosen: chargerId,
    free: freeChargers,
    window: `${start ?? ""}/${end ?? ""}`,
    drop: () => update({ charger_id: undefined }),
  });
  const { quote: couponQuote, token: quoteToken } = useWindowQuote({
    park_id: park.id,
    vehicle_type_id: typeId,
    start_time: start,
    end_time: end,
    coupon_code: couponCode ?? "",
    charger_id: perHourCharger(park, chargerId),
    enabled: ordered,
  });
  const wallet = useQuery(walletQuery());
  const money = (n: number, c: string) => formatMoney(n, c, i18n.language);
  // Paying with a company (a membership that can pay in the park's currency); personal by default.
  const payers = usePayingCompanies(availability.data?.price?.currency);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const payer = payers.some((c) => c.id === companyId) ? companyId : null;
  const payingCompany = payers.find((c) => c.id === payer);
  // Another payer is another attempt: the last answer (the wallet's 402, a company's refusal) was
  // the other payer's, and the whole summary follows the payer chosen now.
  const choosePayer = (companyId: number | null) => {
    setCompanyId(companyId);
    setAttemptKey(newAttemptKey());
    book.reset();
    hold.reset();
  };

  // This form always asks for a window; an event's parking has its own checkout.
  const inputOf = (body: BookingRequest & { kind: "window" }): CreateBookingInput => ({
    park_id: body.park_id,
    vehicle_type_id: body.vehicle_type_id,
    ...(body.vehicle_id ? { vehicle_id: body.vehicle_id } : { plate_number: body.plate_number ?? "" }),
    start_time: body.start_time.toISOString(),
    end_time: body.end_time.toISOString(),
    ...(payer !== null ? { company_id: payer } : {}),
    ...(couponCode ? { coupon_code: couponCode } : {}),
    // The same charger in the booking and in the hold of "Pay … and book".
    ...(body.charger_id ? { charger_id: body.charger_id } : {}),
    ...(quoteToken ? { quote_token: quoteToken } : {}),
    ...flightInput({ flight_number: body.flight_number ?? "", return_date: body.return_date ?? "" }),
  });
  const book = useMutation({
    mutationFn: (body: BookingRequest & { kind: "window" }) => createBooking(inputOf(body), attemptKey),
    onSuccess: (booking) => {
      markBookingCreated();
      refreshAfterPurchase(client, ["wallet"], ["bookings"]);
      void navigate(`/booking-success?code=${encodeURIComponent(booking.booking_code)}`);
    },
    onError: (err) => {
      setAttemptKey(newAttemptKey());
      form.showServerErrors(err);
      if (quoteRefused(err)) void couponQuote.refetch();
    },
  });
  const submit = form.handleSubmit((body) => {
    if (!book.isPending && body.kind === "window") book.mutate(body);
  });
  // "Pay … and book": the window as the form has it now (useHoldAndPay).
  const { hold, busy: holdBusy } = useHoldAndPay((body, key, cardId) =>
    holdBooking(inputOf(body), key, cardId),
  );
  const payDifference = (cardId?: string) =>
    form.handleSubmit((body) => {
      if (!hold.isPending && body.kind === "window") hold.mutate({ body, cardId });
    })();
  const error = book.error instanceof ApiError ? book.error : null;
  // A refused charger is said at the choice, not in the form's alert or under "Pay … and book".
  const chargerError = chargerRefusal(book.error) ?? chargerRefusal(hold.error);
  // The quote's price (a busy-time rule's, the coupon's discount when the code applies).
  const quoted = !couponQuote.isError ? couponQuote.data : undefined;
  const price = quoted?.price ?? availability.data?.price;
  const refused = availability.data?.bookable === false ? availability.data.reason : undefined;
  const full = availability.data !== undefined && availability.data.available < 1;
  const priced = price && refused === undefined ? price : undefined;
  // The personal wallet's side of the summary; a company pays from its own account instead.
  const personal = payingCompany === undefined;
  const otherCurrency = useWalletInOtherCurrency(priced?.currency);
  // What the wallet lacks, known as soon as the window is priced (the 402 says it again after Pay).
  const short: Shortfall | null = !personal
    ? null
    : error?.status === 402
      ? shortfallOf(error)
      : wallet.data && priced && !otherCurrency
        ? shortfallFrom(priced.amount, wallet.data.balance, priced.currency, wallet.data.decimals)
        : null;

  return (
    <form className="booking-form" onSubmit={(e) => void submit(e)} noValidate>
      <section className="card" aria-labelledby={`${id}-park`}>
        <h2 id={`${id}-park`}>{park.name}</h2>
        <p>{park.address}</p>
      </section>
      <SelectField
        label={t("checkout.vehicleType")}
        value={typeId}
        onChange={(e) => update({ vehicle_type_id: e.target.value, vehicle_id: undefined })}
        options={park.rates.map(
          (r) =>
            [
              r.vehicle_type_id,
              t(`vehicleId.${r.vehicle_type_id}`, { defaultValue: r.vehicle_type }),
            ] as const,
        )}
      />
      <VehicleFields
        control={form.control as unknown as Control<VehicleChoice>}
        vehicles={saved.filter((v) => v.vehicle_type_id === typeId)}
        // "Another vehicle" is kept in the URL too, so the saved one is not chosen again.
        onChange={(changes) => update(changes.vehicle_id === "" ? { vehicle_id: OTHER_VEHICLE } : changes)}
      />
      <ZonedDateTimeControl
        control={form.control}
        name="start_time"
        label={t("checkout.start")}
        zone={zone}
        describedBy={`${id}-zone`}
        onValue={(iso) => update({ start_time: iso && isoToZonedInput(iso, zone) })}
      />
      <ZonedDateTimeControl
        control={form.control}
        name="end_time"
        label={t("checkout.end")}
        zone={zone}
        min={start}
        describedBy={`${id}-zone`}
        onValue={(iso) => update({ end_time: iso && isoToZonedInput(iso, zone) })}
      />
      <p id={`${id}-zone`} className="field__hint" data-testid="checkout-zone">
        {t("checkout.zone", {
          zone: zoneAbbreviation(zone, i18n.language, start ? new Date(start) : new Date()),
          city: park.city,
        })}
      </p>
      {start && end && !ordered && <p className="field__error">{t("checkout.windowInvalid")}</p>}
      <ChargerChoice
        chargers={park.chargers}
        value={charger.value}
        onChange={(id) => {
          charger.forget();
          update({ charger_id: id === null ? undefined : String(id) });
        }}
        free={freeChargers}
        dropped={charger.dropped}
        error={chargerError}
      />
      {park.type === "airport" && (
        <FlightFields
          control={form.control as unknown as Control<FlightChoice>}
          window={{ start, end, zone }}
          onChange={update}
        />
      )}
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
          <>
            <PriceLines breakdown={price.breakdown} currency={price.currency} />
            <CouponField
              code={couponCode}
              onCode={(code) => update({ coupon: code })}
              verdict={couponCode ? quoted?.coupon : undefined}
              currency={price.currency}
            />
          </>
        )}
        {payingCompany ? (
          <p data-testid="checkout-payer">{t("checkout.companyPays", { company: payingCompany.name })}</p>
        ) : (
          wallet.data && (
            <p data-testid="checkout-balance">
              {t("checkout.balance", { amount: money(wallet.data.balance, wallet.data.currency) })}
            </p>
          )
        )}
      </section>
      <RefundPolicy company={payingCompany?.name} charging={price?.breakdown.charging !== undefined} />
      <PayerChoice companies={payers} value={payer} onChange={choosePayer} />
      {/* A company's short account is the company's to top up: no personal "Pay … and book" for it. */}
      {personal && otherCurrency ? (
        <OtherCurrencyNotice currency={priced?.currency} />
      ) : short ? (
        <PayDifference
          short={short}
          error={error?.status === 402 ? error : null}
          minTopUp={wallet.data?.min_topup}
          busy={holdBusy}
          failed={hold.error && !chargerRefusal(hold.error) ? errorText(t, hold.error) : null}
          onPay={(cardId) => void payDifference(cardId)}
          label={(amount) => t("checkout.payDifference", { amount })}
        />
      ) : personal && error?.status === 402 ? (
        <TopUpNotice error={error} />
      ) : (
        <FormAlert message={error?.code === "charger_full" ? null : form.serverAlert(error)} />
      )}
      {/* While the wallet is short, "Pay … and book" above is the way forward: paying from the wallet steps back. */}
      <button
        type="submit"
        className={short ? "button" : "button button--accent"}
        disabled={
          book.isPending || Boolean(start && end && !ordered) || full || Boolean(personal && otherCurrency)
        }
      >
        {book.isPending
          ? t("checkout.paying")
          : payingCompany
            ? t("checkout.payWithCompany", {
                amount: price ? money(price.amount, price.currency) : "",
                company: payingCompany.name,
              })
            : price
              ? t("checkout.payAmount", { amount: money(price.amount, price.currency) })
              : t("checkout.pay")}
      </button>
    </form>
  );
}
