import { refreshAfterPurchase } from "../../lib/query-client";
import type { BookingOffer, GuaranteeAlternative } from "@parkwell/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { WithCode } from "../../components/ui/with-code";
import { api, ApiError } from "../../lib/api";
import { formatDistance, formatMoney, placeLine } from "../../lib/format";
import { formatZonedDateTime } from "../../lib/zoned-time";
import "../../components/ui/choice-cards.css";
import "../../components/ui/content.css";
import "./bookings.css";

/** The offer of a booking a closure hit, in the language shown (its refusals are sentences). */
const offerQuery = (code: string, language: string) =>
  queryOptions({
    queryKey: ["bookings", "offer", code, language],
    queryFn: ({ signal }) => api("/booking-offers/{code}", { params: { code }, signal }),
    retry: false,
    staleTime: 0,
  });

/**
 * /booking-offers/{code}: the space guarantee's offer (docs/PRODUCT-RULES.md "The space
 * guarantee"): a space at one of the nearest parks free for the same window, at no extra cost, or
 * the full refund now; doing nothing is the refund when the window starts.
 */
export function BookingOfferPage() {
  const { t, i18n } = useTranslation("bookings");
  const { bookingCode = "" } = useParams();
  const offer = useQuery(offerQuery(bookingCode, i18n.language));
  const o = offer.data;
  return (
    <div className="container page booking-page">
      <p>
        <Link to={`/booking-details/${encodeURIComponent(bookingCode)}`}>{t("offer.back")}</Link>
      </p>
      <h1>
        <WithCode text={t("offer.title", { code: bookingCode })} code={bookingCode} />
      </h1>
      {offer.isPending && <p>{t("common:loading")}</p>}
      {offer.isError && (
        <p role="alert" className="alert alert--error">
          {offer.error instanceof ApiError ? offer.error.message : t("loadError")}
        </p>
      )}
      {o && <OfferBody offer={o} />}
      <p>
        <Link to="/space-guarantee">{t("offer.guaranteeLink")}</Link>
      </p>
    </div>
  );
}

function OfferBody({ offer: o }: { offer: BookingOffer }) {
  const { t, i18n } = useTranslation("bookings");
  const money = (n: number) => formatMoney(n, o.currency, i18n.language);
  const when = (iso: string) => formatZonedDateTime(iso, i18n.language, o.park.time_zone);
  return (
    <>
      <p data-testid="offer-intro">
        {t(o.cause === "capacity" ? "offer.introCapacity" : "offer.intro", {
          park: o.park.name,
          from: when(o.start_time),
          to: when(o.end_time),
        })}
      </p>
      {o.status === "open" ? (
        <>
          <p>{t("offer.deadline", { at: when(o.decide_by), amount: money(o.paid) })}</p>
          <ChooseSpace offer={o} />
          <TakeRefund offer={o} />
        </>
      ) : (
        <div role="status" className="alert alert--success" data-testid="offer-settled">
          {o.status === "rebooked" && o.rebooked_booking_code ? (
            <p>
              {t("offer.rebooked")}{" "}
              <Link to={`/booking-details/${encodeURIComponent(o.rebooked_booking_code)}`}>
                {o.rebooked_booking_code}
              </Link>
            </p>
          ) : o.status === "refunded" ? (
            <p>{t("offer.refunded", { amount: money(o.refunded ?? o.paid) })}</p>
          ) : (
            <p>{t("offer.lapsed")}</p>
          )}
        </div>
      )}
    </>
  );
}

function AlternativeText({ a, offer }: { a: GuaranteeAlternative; offer: BookingOffer }) {
  const { t, i18n } = useTranslation("bookings");
  const money = (n: number) => formatMoney(n, offer.currency, i18n.language);
  return (
    <>
      <strong>{a.name}</strong>
      <span className="choice-card__where">
        {" "}
        — {placeLine(a.address, a.city)} ·{" "}
        {t("offer.distance", { distance: formatDistance(a.distance_km, i18n.language) })} ·{" "}
        {t("offer.spaces", { count: a.free_spaces })}
      </span>
      <br />
      <span>
        {a.returned > 0
          ? t("offer.cheaper", { amount: money(a.returned) })
          : t("offer.covered", { price: money(a.price) })}
      </span>
    </>
  );
}

/** The parks offered, one chosen with the keyboard or a tap, and the rebooking with its Idempotency-Key. */
function ChooseSpace({ offer: o }: { offer: BookingOffer }) {
  const { t } = useTranslation("bookings");
  const navigate = useNavigate();
  const client = useQueryClient();
  const [choice, setChoice] = useState<number | null>(o.alternatives[0]?.park_id ?? null);
  // One key per attempt: a retry of the same press replays; a failed attempt is over.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const rebook = useMutation({
    mutationFn: (parkId: number) =>
      api("/booking-offers/{code}/rebook", {
        method: "POST",
        params: { code: o.booking_code },
        body: { park_id: parkId },
        headers: { "idempotency-key": key },
      }),
    onSuccess: (booking) => {
      refreshAfterPurchase(client, ["bookings"], ["wallet"]);
      void navigate(`/booking-details/${encodeURIComponent(booking.booking_code)}`);
    },
    onError: async () => {
      setKey(crypto.randomUUID());
      await client.invalidateQueries({ queryKey: ["bookings", "offer", o.booking_code] });
    },
  });
  const error =
    rebook.error instanceof ApiError ? rebook.error.message : rebook.error ? t("loadError") : null;
  if (o.alternatives.length === 0) {
    return (
      <section className="card" aria-labelledby="offer-spaces">
        <h2 id="offer-spaces">{t("offer.spacesTitle")}</h2>
        <p>{t("offer.none")}</p>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="offer-spaces">
      <h2 id="offer-spaces">{t("offer.spacesTitle")}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (choice !== null && !rebook.isPending) rebook.mutate(choice);
        }}
      >
        <fieldset className="choice-cards">
          <legend>{t("offer.choose")}</legend>
          {o.alternatives.map((a) => (
            <label key={a.park_id} className="choice-card">
              <input
                type="radio"
                name="park"
                value={a.park_id}
                checked={choice === a.park_id}
                onChange={() => setChoice(a.park_id)}
              />{" "}
              <AlternativeText a={a} offer={o} />
            </label>
          ))}
        </fieldset>
        {error && (
          <p role="alert" className="alert alert--error">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="button button--accent"
          disabled={rebook.isPending || choice === null}
        >
          {rebook.isPending ? t("offer.booking") : t("offer.book")}
        </button>
      </form>
    </section>
  );
}

function TakeRefund({ offer: o }: { offer: BookingOffer }) {
  const { t, i18n } = useTranslation("bookings");
  const client = useQueryClient();
  const refund = useMutation({
    mutationFn: () =>
      api("/booking-offers/{code}/refund", { method: "POST", params: { code: o.booking_code } }),
    onSuccess: async (next) => {
      client.setQueryData(offerQuery(o.booking_code, i18n.language).queryKey, next);
      await client.invalidateQueries({ queryKey: ["wallet"] });
    },
  });
  const error =
    refund.error instanceof ApiError ? refund.error.message : refund.error ? t("loadError") : null;
  return (
    <section className="card" aria-labelledby="offer-refund">
      <h2 id="offer-refund">{t("offer.refundTitle")}</h2>
      <p>{t("offer.refundText", { amount: formatMoney(o.paid, o.currency, i18n.language) })}</p>
      {error && (
        <p role="alert" className="alert alert--error">
          {error}
        </p>
      )}
      <button type="button" className="button" disabled={refund.isPending} onClick={() => refund.mutate()}>
        {t("offer.refund")}
      </button>
    </section>
  );
}
