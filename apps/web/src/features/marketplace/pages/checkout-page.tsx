import type { OrderType } from "@parkwell/contract";
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { Spinner } from "../../../components/ui/spinner";
import { TopUpNotice } from "../../../components/ui/top-up-notice";
import { ApiError } from "../../../lib/api";
import { useSelectedCountry } from "../../../lib/country";
import { formatDistance, formatMoney } from "../../../lib/format";
import { formatCalendarDate, formatZonedDateTime } from "../../../lib/zoned-time";
import { walletQuery } from "../../../lib/queries";
import {
  addressesQuery,
  marketItemQuery,
  openBookingsQuery,
  orderingOptionsQuery,
  placeOrder,
  useQuote,
  type QuoteInput,
} from "../api";
import { emptyCart, useCart } from "../cart";
import { AddressForm, AddressPinFix } from "../components/address-form";
import { QuoteLines, QuoteTotals } from "../components/quote-lines";
import { placeOrderBlock } from "../place-order";
import { pickupOrigin, useGrantedPosition } from "../pickup-origin";
import "../../../components/ui/alert.css";
import "../../../components/ui/content.css";
import "../marketplace.css";

/** A new key per attempt; the same one for a retry of that attempt. */
const newAttemptKey = (): string => crypto.randomUUID();

/** A slot as the URL keeps it: `{slot_id}_{date}`. */
const slotKey = (s: { slot_id: number; date: string }) => `${s.slot_id}_${s.date}`;

/**
 * /marketplace/checkout (signed in): delivery to a saved address or pickup at a park, a time slot,
 * a coupon, and the order paid from the wallet. The choices live in the query string, so a trip
 * to the wallet to top up keeps them. The server prices every change (the quote) and the order.
 */
export function MarketCheckoutPage() {
  const { t, i18n } = useTranslation("marketplace");
  const lang = i18n.language;
  const id = useId();
  const country = useSelectedCountry();
  const lines = useCart(country.code);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const addresses = useQuery(addressesQuery(country.code));
  // Pickup parks come nearest first from the driver (position, else a placed address, else the
  // country's centre); asked once the addresses and the position are known, so the default does
  // not jump.
  const position = useGrantedPosition();
  const addressId = Number(params.get("address")) || addresses.data?.[0]?.id;
  const origin = pickupOrigin(position ?? null, addresses.data ?? [], addressId, country.code);
  const options = useQuery({
    ...orderingOptionsQuery(country.code, lang, origin),
    enabled: position !== undefined && !addresses.isPending,
  });
  const wallet = useQuery(walletQuery());
  const [adding, setAdding] = useState(false);
  /** An address saved in the account's country while shopping in another: said, not chosen. */
  const [savedElsewhere, setSavedElsewhere] = useState<string | null>(null);
  const [couponText, setCouponText] = useState(params.get("coupon") ?? "");

  const opts = options.data;
  // A cart with a service is done at a park that offers every service in it.
  const quoted = useQuote(lines.length > 0 ? { country: country.code, lines, order_type: "takeaway" } : null);
  const serviceIds = [
    ...new Set((quoted.data?.lines ?? []).filter((l) => l.kind === "service").map((l) => l.item_id)),
  ];
  const services = useQueries({
    queries: serviceIds.map((itemId) => marketItemQuery(itemId, lang)),
  });
  const hasService = serviceIds.length > 0;
  const serviceParks = hasService
    ? services
        .map((q) => q.data?.parks ?? [])
        .reduce((common, parks) => common.filter((p) => parks.some((x) => x.id === p.id)))
    : [];
  const bookings = useQuery({ ...openBookingsQuery(), enabled: hasService });
  const types: OrderType[] = opts
    ? [
        ...(opts.delivery_enabled ? ["delivery" as const] : []),
        ...(opts.takeaway_enabled ? ["takeaway" as const] : []),
      ]
    : [];
  const askedType = params.get("type") as OrderType | null;
  const orderType = askedType && types.includes(askedType) ? askedType : types[0];
  const addressList = addresses.data ?? [];
  const pickupParks = opts?.pickup_parks ?? [];
  // A service's parks in the pickup list's order (nearest first), any it does not hold after them.
  const rank = (parkId: number) => {
    const i = pickupParks.findIndex((p) => p.id === parkId);
    return i < 0 ? pickupParks.length : i;
  };
  const parkChoices: { id: number; name: string; city: string; distance_km?: number | null }[] = hasService
    ? [...serviceParks]
        .sort((a, b) => rank(a.id) - rank(b.id))
        .map((p) => ({ ...p, distance_km: pickupParks.find((x) => x.id === p.id)?.distance_km ?? null }))
    : pickupParks;
  const askedPark = Number(params.get("park"));
  const parkId = parkChoices.some((p) => p.id === askedPark) ? askedPark : parkChoices[0]?.id;
  const needsPark = orderType === "takeaway" || hasService;
  const parkBookings = (bookings.data ?? []).filter((b) => b.park.id === parkId);
  const bookingCode = parkBookings.find((b) => b.booking_code === params.get("booking"))?.booking_code;
  const slot = opts?.slots.find((s) => slotKey(s) === params.get("slot")) ?? opts?.slots[0];
  const coupon = params.get("coupon") ?? undefined;

  // The query keys hash it by value: a new object each render asks nothing again.
  const input = ((): QuoteInput | null => {
    if (!orderType || lines.length === 0) return null;
    return {
      country: country.code,
      lines,
      order_type: orderType,
      ...(coupon ? { coupon_code: coupon } : {}),
      ...(orderType === "delivery" && addressId ? { address_id: addressId } : {}),
      ...(needsPark && parkId ? { park_id: parkId } : {}),
      ...(bookingCode
        ? { booking_code: bookingCode }
        : slot
          ? { time_slot: { slot_id: slot.slot_id, date: slot.date } }
          : {}),
    };
  })();
  const quote = useQuote(input);

  // One key per attempt: kept while the order asked for stays the same (a retry after a network
  // failure or a double click orders once), a new one when it changes or the server refused it.
  const inputKey = JSON.stringify(input);
  const [attempt, setAttempt] = useState({ key: newAttemptKey(), for: inputKey });
  // A changed order gets its key while rendering (React's way of adjusting state to new input).
  if (attempt.for !== inputKey) setAttempt({ key: newAttemptKey(), for: inputKey });
  const attemptKey = attempt.for === inputKey ? attempt.key : null;

  const update = (changes: Record<string, string | undefined>) =>
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

  const order = useMutation({
    mutationFn: ({ body, total, key }: { body: QuoteInput; total: number; key: string }) =>
      placeOrder(body, total, key),
    onSuccess: async (placed) => {
      emptyCart(country.code);
      await client.invalidateQueries({ queryKey: ["wallet"] });
      await client.invalidateQueries({ queryKey: ["orders"] });
      await client.invalidateQueries({ queryKey: ["marketplace"] });
      void navigate(`/orders/${encodeURIComponent(placed.order_code)}?placed=1`);
    },
    onError: async (err) => {
      // The server answered: the next press is a new attempt. A network failure keeps the key.
      if (err instanceof ApiError && err.status !== 0) setAttempt({ key: newAttemptKey(), for: inputKey });
      if (err instanceof ApiError && (err.status === 409 || err.status === 422))
        await client.invalidateQueries({ queryKey: ["marketplace", "quote"] });
    },
  });

  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency, lang);
  const q = quote.data;
  const applyCoupon = (e: FormEvent) => {
    e.preventDefault();
    update({ coupon: couponText.trim().toUpperCase() || undefined });
  };
  const error = order.error instanceof ApiError ? order.error : null;
  // A disabled Place order always says why (the coupon refused, a problem shown, the price checked).
  const blocked = placeOrderBlock(q, {
    checking: quote.isFetching,
    failed: quote.isError,
    placing: order.isPending,
  });

  if (lines.length === 0 && !order.isSuccess) {
    return (
      <div className="container page market-checkout">
        <h1>{t("checkout.title")}</h1>
        <p>{t("cart.empty")}</p>
        <Link className="button" to="/marketplace">
          {t("cart.browse")}
        </Link>
      </div>
    );
  }

  return (
    <div className="container page market-checkout">
      <p>
        <Link to="/marketplace">{t("checkout.back")}</Link>
      </p>
      <h1>{t("checkout.title")}</h1>
      {options.isPending && <Spinner />}
      {options.error && (
        <div className="alert alert--error" role="alert">
          <p>{options.error instanceof ApiError ? options.error.message : t("loadError")}</p>
          <button type="button" className="button" onClick={() => void options.refetch()}>
            {t("retry")}
          </button>
        </div>
      )}
      {opts && types.length === 0 && (
        <p className="alert alert--error" role="alert" data-testid="ordering-off">
          {opts.message ?? t("checkout.orderingOff")}
        </p>
      )}
      {opts && orderType && (
        <div className="market-checkout__layout">
          <div className="market-checkout__choices">
            {types.length > 1 && (
              <fieldset className="market-options">
                <legend>{t("checkout.how")}</legend>
                {types.map((type) => (
                  <label key={type} className="market-option">
                    <input
                      type="radio"
                      name={`${id}-type`}
                      checked={orderType === type}
                      onChange={() => update({ type })}
                    />
                    <span className="market-option__name">{t(`checkout.types.${type}`)}</span>
                    <span className="market-option__price">{t(`checkout.typeHints.${type}`)}</span>
                  </label>
                ))}
              </fieldset>
            )}
            {types.length === 1 && <p className="notice">{t(`checkout.only.${orderType}`)}</p>}

            {orderType === "delivery" && (
              <section className="card" aria-labelledby={`${id}-address`}>
                <h2 id={`${id}-address`}>{t("checkout.address")}</h2>
                {addresses.isPending && <Spinner />}
                {addressList.length > 0 && (
                  <fieldset className="market-options market-options--bare">
                    <legend className="visually-hidden">{t("checkout.address")}</legend>
                    {addressList.map((a) => (
                      <label key={a.id} className="market-option">
                        <input
                          type="radio"
                          name={`${id}-address`}
                          checked={addressId === a.id}
                          onChange={() => update({ address: String(a.id) })}
                        />
                        <span className="market-option__name">
                          <strong>{t(`address.labels.${a.label}`)}</strong> · {a.address}, {a.city}
                          <br />
                          <span className="field__hint">{a.phone}</span>
                          {!a.pin_confirmed && (
                            <>
                              <br />
                              <span className="field__error">{t("address.unplaced")}</span>
                            </>
                          )}
                        </span>
                      </label>
                    ))}
                  </fieldset>
                )}
                {addressList
                  .filter((a) => a.id === addressId && !a.pin_confirmed)
                  .map((a) => (
                    <AddressPinFix key={a.id} address={a} />
                  ))}
                {savedElsewhere && (
                  <p className="alert alert--error" role="alert">
                    {t("address.otherCountry", {
                      country: t(`common:country.names.${savedElsewhere}`, { defaultValue: savedElsewhere }),
                    })}
                  </p>
                )}
                {addresses.isError && (
                  <p className="alert alert--error" role="alert">
                    {addresses.error instanceof ApiError ? addresses.error.message : t("loadError")}
                  </p>
                )}
                {adding || (addresses.isSuccess && addressList.length === 0 && !savedElsewhere) ? (
                  <AddressForm
                    country={country.code}
                    onSaved={(a) => {
                      setAdding(false);
                      if (a.country_code === country.code) {
                        setSavedElsewhere(null);
                        update({ address: String(a.id) });
                      } else setSavedElsewhere(a.country_code);
                    }}
                    {...(addressList.length > 0 ? { onCancel: () => setAdding(false) } : {})}
                  />
                ) : (
                  <button type="button" className="button" onClick={() => setAdding(true)}>
                    {t("address.add")}
                  </button>
                )}
                {opts.delivery_bands.length > 0 && (
                  <p className="field__hint">
                    {t("checkout.bands", {
                      bands: opts.delivery_bands
                        .map((b) => t("checkout.band", { km: b.up_to_km, charge: money(b.charge) }))
                        .join(" · "),
                    })}
                  </p>
                )}
              </section>
            )}

            {needsPark && (
              <section className="card" aria-labelledby={`${id}-park`}>
                <h2 id={`${id}-park`}>{hasService ? t("checkout.servicePark") : t("checkout.park")}</h2>
                {hasService && <p className="field__hint">{t("checkout.serviceParkHint")}</p>}
                {services.some((q) => q.isPending) ? (
                  <Spinner />
                ) : parkChoices.length === 0 ? (
                  <p>{hasService ? t("checkout.noServicePark") : t("checkout.noParks")}</p>
                ) : (
                  <div className="field">
                    <label htmlFor={`${id}-park-select`}>{t("checkout.parkLabel")}</label>
                    <select
                      id={`${id}-park-select`}
                      value={parkId ?? ""}
                      onChange={(e) => update({ park: e.target.value, booking: undefined })}
                    >
                      {parkChoices.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name} · {p.city}
                          {p.distance_km != null ? ` · ${formatDistance(p.distance_km, lang)}` : ""}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
              </section>
            )}

            <section className="card" aria-labelledby={`${id}-slot`}>
              <h2 id={`${id}-slot`}>{t(`checkout.slot.${orderType}`)}</h2>
              {hasService && parkBookings.length > 0 && (
                <div className="field">
                  <label htmlFor={`${id}-booking`}>{t("checkout.bookingLabel")}</label>
                  <select
                    id={`${id}-booking`}
                    value={bookingCode ?? ""}
                    onChange={(e) => update({ booking: e.target.value || undefined })}
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
                </div>
              )}
              {bookingCode ? null : opts.slots.length === 0 ? (
                <p>{t("checkout.noSlots")}</p>
              ) : (
                <div className="field">
                  <label htmlFor={`${id}-slot-select`}>{t("checkout.slotLabel")}</label>
                  <select
                    id={`${id}-slot-select`}
                    value={slot ? slotKey(slot) : ""}
                    onChange={(e) => update({ slot: e.target.value })}
                  >
                    {opts.slots.map((s) => (
                      <option key={slotKey(s)} value={slotKey(s)}>
                        {t("checkout.slotOption", {
                          day: formatCalendarDate(s.date, lang, "short"),
                          from: s.start_time.slice(0, 5),
                          to: s.end_time.slice(0, 5),
                        })}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </section>
          </div>

          <aside className="card market-checkout__summary" aria-labelledby={`${id}-summary`}>
            <h2 id={`${id}-summary`}>{t("checkout.summary")}</h2>
            <QuoteLines country={country.code} lines={lines} quote={q} />
            <form className="market-coupon" onSubmit={applyCoupon}>
              <div className="field">
                <label htmlFor={`${id}-coupon`}>{t("checkout.coupon")}</label>
                <div className="market-inline">
                  <input
                    id={`${id}-coupon`}
                    value={couponText}
                    maxLength={30}
                    autoCapitalize="characters"
                    aria-describedby={`${id}-coupon-message`}
                    onChange={(e) => {
                      setCouponText(e.target.value);
                      // An emptied field takes the coupon off: the quote is the one without it.
                      if (e.target.value.trim() === "" && coupon) update({ coupon: undefined });
                    }}
                  />
                  <button type="submit" className="button">
                    {t("checkout.apply")}
                  </button>
                </div>
                <p id={`${id}-coupon-message`} aria-live="polite" data-testid="coupon-message">
                  {q?.coupon &&
                    (q.coupon.applied ? (
                      <span className="market-coupon__ok">
                        {t("checkout.couponApplied", {
                          code: q.coupon.code,
                          amount: money(q.coupon.discount),
                        })}{" "}
                        <button
                          type="button"
                          className="link-button"
                          onClick={() => {
                            setCouponText("");
                            update({ coupon: undefined });
                          }}
                        >
                          {t("checkout.removeCoupon")}
                        </button>
                      </span>
                    ) : (
                      <span className="field__error">{q.coupon.message}</span>
                    ))}
                </p>
              </div>
            </form>
            {quote.isPending && <Spinner />}
            {quote.error && (
              <p className="alert alert--error" role="alert">
                {quote.error instanceof ApiError ? quote.error.message : t("loadError")}
              </p>
            )}
            {q && (
              <div aria-live="polite" aria-busy={quote.isFetching}>
                <QuoteTotals quote={q} />
                {q.problems.length > 0 && (
                  <ul className="market-problems" data-testid="quote-problems">
                    {q.problems.map((p) => (
                      <li key={`${p.field}-${p.message}`}>{p.message}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            {wallet.data && (
              <p data-testid="checkout-balance">
                {t("checkout.balance", {
                  amount: money({ amount: wallet.data.balance, currency: wallet.data.currency }),
                })}
              </p>
            )}
            {error?.status === 402 ? (
              <TopUpNotice error={error} missingText={(amount) => t("checkout.missing", { amount })} />
            ) : (
              <FormAlert message={error ? error.message : null} />
            )}
            {blocked && (
              <p id={`${id}-blocked`} className="field__hint" data-testid="place-blocked">
                {t(`checkout.blocked.${blocked}`)}
              </p>
            )}
            <button
              type="button"
              className="button button--accent market-checkout__pay"
              aria-describedby={blocked ? `${id}-blocked` : undefined}
              disabled={blocked !== null || !q || order.isPending || !attemptKey || !input}
              onClick={() => {
                if (input && q && attemptKey && !order.isPending)
                  order.mutate({ body: input, total: q.total.amount, key: attemptKey });
              }}
            >
              {order.isPending
                ? t("checkout.placing")
                : q
                  ? t("checkout.place", { amount: money(q.total) })
                  : t("checkout.placeShort")}
            </button>
          </aside>
        </div>
      )}
    </div>
  );
}
