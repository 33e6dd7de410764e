import {
  CreateBookingBodySchema,
  type EventDetail,
  type EventLineTicket,
  type EventPark,
} from "@parkwell/contract";
import { refreshAfterPurchase } from "../../lib/query-client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import type { Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { SelectField } from "../../components/ui/form-field";
import { ApiError } from "../../lib/api";
import { formatMoney } from "../../lib/format";
import { savedVehiclesQuery, walletQuery } from "../../lib/queries";
import { useSchemaForm } from "../../lib/use-schema-form";
import { markBookingCreated } from "./flags";
import { PriceLines } from "../../components/ui/price-lines";
import { CouponField } from "../../components/ui/coupon-field";
import { RefundPolicy } from "./refund-policy";
import { newAttemptKey } from "./time";
import { useWalletInOtherCurrency, WalletNotice } from "../../components/ui/top-up-notice";
import { VehicleFields, type VehicleChoice } from "./vehicle-fields";
import { bookingQuoteQuery, createEventBooking, inLine, type EventBookingInput } from "./api";
import { clearLineWait, storeLineWait, storedLineWait } from "./event-line";
import { eventSpan, formatEventStart } from "../../lib/event-time";
import { useAddressFields } from "../../lib/address-fields";

/**
 * The checkout of an event's parking: the park and its window are the event's, the driver picks
 * the vehicle type and a vehicle; the price is the flat price plus the venue country's fees, as
 * the server prices it in the event's answer, and paid from the wallet. The choices live in the query string,
 * so a trip to the wallet keeps them.
 */
export function EventCheckoutForm({ event, item }: { event: EventDetail; item: EventPark }) {
  const { t, i18n } = useTranslation(["bookings", "events"]);
  const lang = i18n.language;
  const id = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, changeFields] = useAddressFields();
  const asked = Number(params.get("vehicle_type_id"));
  const offer =
    item.prices.find((p) => p.vehicle_type_id === asked) ??
    item.prices.find((p) => p.available > 0) ??
    item.prices[0];
  const typeId = offer?.vehicle_type_id ?? 1;
  const vehicleId = Number(params.get("vehicle_id")) || undefined;
  const plate = params.get("plate_number") ?? "";
  // A place in the event's line (decision 051) this tab already holds: kept across a reload.
  const [resumed] = useState(() => storedLineWait(event.event_code, item.park.id));
  const [attemptKey, setAttemptKey] = useState(() => resumed?.key ?? newAttemptKey());
  const [line, setLine] = useState<EventLineTicket | null>(resumed?.ticket ?? null);
  const again = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const leaveLine = () => {
    clearTimeout(again.current);
    clearLineWait(event.event_code);
    setLine(null);
  };
  const form = useSchemaForm<VehicleChoice, typeof CreateBookingBodySchema>({
    schema: CreateBookingBodySchema,
    defaultValues: { vehicle_id: "", plate_number: "" },
    values: { vehicle_id: vehicleId ? String(vehicleId) : "", plate_number: plate },
    toInput: (v) => ({
      event_code: event.event_code,
      park_id: item.park.id,
      vehicle_type_id: typeId,
      ...(Number(v.vehicle_id) ? { vehicle_id: Number(v.vehicle_id) } : { plate_number: v.plate_number }),
    }),
  });
  const update = (changes: Record<string, string | undefined>) => {
    leaveLine();
    setAttemptKey(newAttemptKey());
    changeFields(changes);
  };

  const wallet = useQuery(walletQuery());
  const vehicles = useQuery(savedVehiclesQuery());
  // The coupon code asked for (the URL keeps it): the quote says what it saves, or why not.
  const couponCode = params.get("coupon") || undefined;
  const couponQuote = useQuery({
    ...bookingQuoteQuery({
      park_id: item.park.id,
      vehicle_type_id: typeId,
      event_code: event.event_code,
      coupon_code: couponCode ?? "",
    }),
    enabled: Boolean(couponCode && offer),
  });
  const quoted = couponCode && !couponQuote.isError ? couponQuote.data : undefined;
  // The server prices it, as it will charge it: the flat price plus the country's fees (less a coupon's discount).
  const price = quoted?.price.breakdown ?? offer?.price.breakdown;
  const currency = offer?.flat_price.currency ?? "";
  // A wallet in another currency cannot pay for this parking, and no top-up of it can: said before Pay.
  const otherCurrency = useWalletInOtherCurrency(currency || undefined);
  const money = (n: number, c: string) => formatMoney(n, c, lang);

  const book = useMutation({
    mutationFn: (ask: { body: EventBookingInput; key: string }) => createEventBooking(ask.body, ask.key),
    onSuccess: async (answer, ask) => {
      if (inLine(answer)) {
        // In line: the same request with the same key again after the server's pause.
        setLine(answer);
        storeLineWait(event.event_code, { ...ask, ticket: answer });
        clearTimeout(again.current);
        again.current = setTimeout(() => book.mutate(ask), answer.retry_after_seconds * 1000);
        return;
      }
      leaveLine();
      markBookingCreated();
      refreshAfterPurchase(client, ["wallet"], ["bookings"], ["events"]);
      void navigate(`/booking-success?code=${encodeURIComponent(answer.booking_code)}`);
    },
    onError: async (err) => {
      leaveLine();
      setAttemptKey(newAttemptKey());
      form.showServerErrors(err);
      // Sold out or ended: the spaces shown are refreshed.
      if (err instanceof ApiError && (err.status === 409 || err.status === 422))
        await client.invalidateQueries({ queryKey: ["events", "detail"] });
    },
  });
  // Back on the page with a place in line (a reload): ask again at once, with the same key.
  useEffect(() => {
    if (resumed) book.mutate({ body: resumed.body, key: resumed.key });
    return () => clearTimeout(again.current);
    // Once, on the page's first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const submit = form.handleSubmit((body) => {
    if (book.isPending || line || body.kind !== "event") return;
    const ask = {
      key: attemptKey,
      body: {
        event_code: body.event_code,
        park_id: body.park_id,
        vehicle_type_id: body.vehicle_type_id,
        ...(body.vehicle_id ? { vehicle_id: body.vehicle_id } : { plate_number: body.plate_number ?? "" }),
        ...(couponCode ? { coupon_code: couponCode } : {}),
      },
    };
    book.mutate(ask);
  });
  const error = book.error instanceof ApiError ? book.error : null;
  // What no field of this form shows (the event, the park, a vehicle not on the page) is said above Pay.
  const message = form.serverAlert(error);
  const soldOut = offer !== undefined && offer.available < 1;
  const span = eventSpan(item.window.start_time, item.window.end_time, lang, event.time_zone);

  return (
    <form className="booking-form" onSubmit={(e) => void submit(e)} noValidate>
      <section className="card" aria-labelledby={`${id}-event`}>
        <h2 id={`${id}-event`}>{event.name}</h2>
        <p>
          {event.venue.name} · {formatEventStart(event.start_time, lang, event.time_zone)}
        </p>
      </section>
      <section className="card" aria-labelledby={`${id}-park`}>
        <h2 id={`${id}-park`}>{item.park.name}</h2>
        <p>{item.park.address}</p>
        <p data-testid="checkout-window">
          <strong>{t("events:event.window", span)}</strong>
        </p>
        <p className="field__hint">{t("events:checkout.windowFixed", { city: event.venue.city })}</p>
      </section>
      <SelectField
        label={t("checkout.vehicleType")}
        value={typeId}
        onChange={(e) => update({ vehicle_type_id: e.target.value, vehicle_id: undefined })}
        options={item.prices.map((p) => {
          const name = t(`bookings:vehicleId.${p.vehicle_type_id}`, { defaultValue: p.vehicle_type });
          return [
            p.vehicle_type_id,
            p.available < 1
              ? t("events:checkout.typeSoldOut", { type: name })
              : t("events:checkout.typeOption", {
                  type: name,
                  price: money(p.flat_price.amount, p.flat_price.currency),
                }),
          ] as const;
        })}
      />
      <VehicleFields
        control={form.control as unknown as Control<VehicleChoice>}
        vehicles={(vehicles.data ?? []).filter((v) => v.vehicle_type_id === typeId)}
        onChange={update}
      />
      <section className="card" aria-live="polite" aria-labelledby={`${id}-price`}>
        <h2 id={`${id}-price`}>{t("checkout.priceTitle")}</h2>
        {offer && (
          <p data-testid="spaces-left">
            {soldOut ? t("events:event.soldOut") : t("events:event.spacesLeft", { count: offer.available })}
          </p>
        )}
        {price && (
          <>
            <PriceLines breakdown={price} currency={currency} />
            <CouponField
              code={couponCode}
              onCode={(code) => update({ coupon: code })}
              verdict={quoted?.coupon}
              currency={currency}
            />
          </>
        )}
        {wallet.data && (
          <p data-testid="checkout-balance">
            {t("checkout.balance", { amount: money(wallet.data.balance, wallet.data.currency) })}
          </p>
        )}
      </section>
      {line && <LinePlace ticket={line} onLeave={leaveLine} />}
      <RefundPolicy />
      <WalletNotice currency={currency || undefined} error={error} alert={message} />
      <button
        type="submit"
        className="button button--accent"
        disabled={book.isPending || Boolean(line) || soldOut || !offer || Boolean(otherCurrency)}
      >
        {line
          ? t("events:line.waiting")
          : book.isPending
            ? t("checkout.paying")
            : price
              ? t("checkout.payAmount", { amount: money(price.total, currency) })
              : t("checkout.pay")}
      </button>
    </form>
  );
}

/**
 * The driver's place in the event's line, announced as it changes (aria-live), and the wait the
 * server estimates from the rate it admits drivers at; the page asks again by itself.
 */
function LinePlace({ ticket, onLeave }: { ticket: EventLineTicket; onLeave: () => void }) {
  const { t } = useTranslation("events");
  const id = useId();
  const wait = ticket.wait_seconds;
  return (
    <section className="card" aria-labelledby={`${id}-line`} data-testid="event-line">
      <h2 id={`${id}-line`}>{t("line.title")}</h2>
      <div role="status" aria-live="polite" aria-atomic="true">
        <p>
          <strong data-testid="event-line-place">{t("line.place", { place: ticket.place })}</strong>
        </p>
        <p data-testid="event-line-wait">
          {wait === null
            ? t("line.estimating")
            : wait < 60
              ? t("line.waitSeconds", { count: wait })
              : t("line.waitMinutes", { count: Math.ceil(wait / 60) })}
        </p>
      </div>
      <p className="field__hint">{t("line.keepOpen")}</p>
      <button type="button" className="button" onClick={onLeave}>
        {t("line.leave")}
      </button>
    </section>
  );
}
