import type { OrderType } from "@parkwell/contract";
import { refreshAfterPurchase } from "../../../lib/query-client";
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PayerChoice, usePayingCompanies } from "../../../components/payer-choice";
import { usePayDifference } from "../../../components/ui/pay-difference";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { useSelectedCountry } from "../../../lib/country";
import { walletQuery } from "../../../lib/queries";
import {
  addressesQuery,
  marketItemQuery,
  openBookingsQuery,
  orderingOptionsQuery,
  bodyOf,
  placeOrder,
  useQuote,
  type QuoteInput,
} from "../api";
import { emptyCart, useCart } from "../cart";
import { CheckoutAddress } from "../components/checkout-address";
import { CheckoutSummary } from "../components/checkout-summary";
import { CheckoutPark, CheckoutSlot, slotKey } from "../components/checkout-where";
import { placeOrderBlock } from "../place-order";
import { useGrantedPosition } from "../../../lib/granted-position";
import { pickupOrigin } from "../pickup-origin";
import "../../../components/ui/alert.css";
import "../../../components/ui/content.css";
import "../marketplace.css";
import { useAddressFields } from "../../../lib/address-fields";

/** A new key per attempt; the same one for a retry of that attempt. */
const newAttemptKey = (): string => crypto.randomUUID();

/**
 * /marketplace/checkout (signed in): delivery to a saved address or pickup at a park, a time slot,
 * a coupon, and the order paid from the wallet or, for a member, by their company. The choices live in the query string, so a trip
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
  const [params, changeFields] = useAddressFields();
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
  // Paying with a company (a membership that can pay in the order's currency); personal by default.
  const payers = usePayingCompanies(quote.data?.currency);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const payer = payers.some((c) => c.id === companyId) ? companyId : null;
  const payingCompany = payers.find((c) => c.id === payer);

  // One key per attempt: kept while the order asked for stays the same (a retry after a network
  // failure or a double click orders once), a new one when it or its payer changes or the server
  // refused it.
  const inputKey = JSON.stringify([input, payer]);
  const [attempt, setAttempt] = useState({ key: newAttemptKey(), for: inputKey });
  // A changed order gets its key while rendering (React's way of adjusting state to new input).
  if (attempt.for !== inputKey) setAttempt({ key: newAttemptKey(), for: inputKey });
  const attemptKey = attempt.for === inputKey ? attempt.key : null;

  const update = (changes: Record<string, string | undefined>) => changeFields(changes);

  const difference = usePayDifference("order");
  const order = useMutation({
    mutationFn: ({
      body,
      total,
      key,
      companyId,
    }: {
      body: QuoteInput;
      total: number;
      key: string;
      companyId: number | null;
    }) => placeOrder(body, total, key, companyId),
    onSuccess: (placed) => {
      emptyCart(country.code);
      refreshAfterPurchase(client, ["wallet"], ["orders"], ["marketplace"]);
      void navigate(`/orders/${encodeURIComponent(placed.order_code)}?placed=1`);
    },
    onError: async (err) => {
      // The server answered: the next press is a new attempt. A network failure keeps the key.
      if (err instanceof ApiError && err.status !== 0) setAttempt({ key: newAttemptKey(), for: inputKey });
      if (err instanceof ApiError && (err.status === 409 || err.status === 422))
        await client.invalidateQueries({ queryKey: ["marketplace", "quote"] });
    },
  });

  const q = quote.data;
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
              <CheckoutAddress
                country={country.code}
                addresses={addresses}
                addressId={addressId}
                bands={opts.delivery_bands}
                onChoose={(address) => update({ address: String(address) })}
              />
            )}

            {needsPark && (
              <CheckoutPark
                hasService={hasService}
                loading={services.some((q) => q.isPending)}
                parkChoices={parkChoices}
                parkId={parkId}
                onChoose={(park) => update({ park: String(park), booking: undefined })}
              />
            )}

            <CheckoutSlot
              orderType={orderType}
              hasService={hasService}
              parkBookings={parkBookings}
              bookingCode={bookingCode}
              slots={opts.slots}
              slot={slot}
              onBooking={(booking) => update({ booking })}
              onSlot={(key) => update({ slot: key })}
            />
          </div>

          <CheckoutSummary
            country={country.code}
            lines={lines}
            quote={quote}
            coupon={coupon}
            onCoupon={(code) => update({ coupon: code })}
            balance={wallet.data ? { amount: wallet.data.balance, currency: wallet.data.currency } : null}
            error={error}
            payer={
              <>
                <PayerChoice companies={payers} value={payer} onChange={setCompanyId} />
                {payingCompany && (
                  <p className="field__hint" data-testid="company-pays">
                    {t("checkout.companyPays", { company: payingCompany.name })}
                  </p>
                )}
              </>
            }
            companyPaid={order.variables?.companyId != null}
            blocked={blocked}
            placing={order.isPending}
            ready={Boolean(attemptKey && input)}
            onPlace={(total) => {
              if (input && attemptKey)
                order.mutate({ body: input, total, key: attemptKey, companyId: payer });
            }}
            payDifference={
              order.variables && order.variables.companyId === null
                ? {
                    minTopUp: wallet.data?.min_topup,
                    busy: difference.busy,
                    failed: difference.failed,
                    onPay: (cardId) =>
                      difference.pay(
                        { ...bodyOf(order.variables!.body), expected_total: order.variables!.total },
                        cardId,
                      ),
                    label: (amount) => t("checkout.payDifference", { amount }),
                  }
                : undefined
            }
          />
        </div>
      )}
    </div>
  );
}
