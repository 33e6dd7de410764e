import type { ParkDetail } from "@parkwell/contract";
import { Fragment, useEffect, useId, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { SelectField } from "../../../components/ui/form-field";
import { ZonedDateTimeField } from "../../../components/ui/zoned-date-time-input";
import { formatMoney, signedPercent, taxLines } from "../../../lib/format";
import { nextBookableWindow } from "../../../lib/park-window";
import { useAvailability } from "../../../lib/queries";
import { formatShortZoned, isoToZonedInput, nextWholeHour, zoneAbbreviation } from "../../../lib/zoned-time";
import { parseParkQuery, validWindow } from "../search-params";

/**
 * The window the page opens on: the one carried in the URL (from the home search or the list;
 * wall-clock times read on the park's clock), else the next time the park is open, from the next whole hour, for two hours or what is left
 * of that opening.
 */
function initialWindow(park: ParkDetail, params: URLSearchParams): [string, string] {
  const carried = validWindow(parseParkQuery(params), park.time_zone);
  if (carried) return [carried.start, carried.end];
  const { start, end } = nextBookableWindow(park, new Date(nextWholeHour(new Date(), park.time_zone)));
  return [start, end];
}

/**
 * The booking card before the page is hydrated, and all a browser without JavaScript gets: the
 * window opens on this browser's "now", so the server cannot draw it (ParkWindow takes the card's
 * place once hydrated). The price the park starts from and a link to its booking, never a spinner.
 */
export function ParkBookLink({ park }: { park: ParkDetail }) {
  const { t, i18n } = useTranslation("parks");
  const id = useId();
  const from = park.price_from;
  return (
    <section className="park-window card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("bookTitle")}</h2>
      {from && (
        <p className="park-window__from">
          {t("pinPrice", { price: formatMoney(from.hourly, from.currency, i18n.language) })}
        </p>
      )}
      <Link className="button button--accent park-window__book" to={`/checkout/${park.slug}`}>
        {t("bookSpace")}
      </Link>
    </section>
  );
}

/**
 * Vehicle and time window -> spaces left and the total the server computes; Book goes to checkout.
 * The pickers are on the park's clock (its zone is named), not the phone's. A window the park
 * cannot take shows why, next to the times, and Book stays disabled.
 */
export function ParkWindow({ park }: { park: ParkDetail }) {
  const { t, i18n } = useTranslation("parks");
  const id = useId();
  const zone = park.time_zone;
  const [params] = useSearchParams();
  const [[initialStart, initialEnd]] = useState(() => initialWindow(park, params));
  const [vehicle, setVehicle] = useState(() => {
    const asked = parseParkQuery(params).vehicleTypeId;
    return (
      park.rates.find((r) => r.vehicle_type_id === asked)?.vehicle_type_id ??
      park.rates[0]?.vehicle_type_id ??
      1
    );
  });
  const [start, setStart] = useState<string | undefined>(initialStart);
  const [end, setEnd] = useState<string | undefined>(initialEnd);
  const ordered = Boolean(start && end && end > start);
  const result = useAvailability(park.id, vehicle, ordered ? start : undefined, ordered ? end : undefined);
  const refused = result.data?.bookable === false ? result.data.reason : undefined;
  const price = refused === undefined ? result.data?.price : undefined;
  const shortWhen = (iso: string) => formatShortZoned(iso, i18n.language, zone);
  const card = useRef<HTMLElement>(null);
  const book = useRef<HTMLDivElement>(null);
  const bookInView = useInView(book);
  const bookable = Boolean(result.data?.bookable && result.data.available > 0 && ordered);
  // The window goes on as wall-clock times on the park's clock, as it came.
  const checkout = `/checkout/${park.slug}?${new URLSearchParams({
    vehicle_type_id: String(vehicle),
    ...(start ? { start_time: isoToZonedInput(start, zone) } : {}),
    ...(end ? { end_time: isoToZonedInput(end, zone) } : {}),
  }).toString()}`;

  return (
    <section className="park-window card" aria-labelledby={`${id}-title`} ref={card}>
      <h2 id={`${id}-title`}>{t("windowTitle")}</h2>
      <SelectField
        label={t("vehicleLabel")}
        value={vehicle}
        onChange={(e) => setVehicle(Number(e.target.value))}
        options={park.rates.map(
          (r) =>
            [
              r.vehicle_type_id,
              t(`vehicleId.${r.vehicle_type_id}`, { defaultValue: r.vehicle_type }),
            ] as const,
        )}
      />
      <ZonedDateTimeField
        id={`${id}-s`}
        label={t("startLabel")}
        zone={zone}
        value={start}
        describedBy={`${id}-zone`}
        onChange={setStart}
      />
      <ZonedDateTimeField
        label={t("endLabel")}
        zone={zone}
        value={end}
        min={start}
        describedBy={`${id}-zone`}
        onChange={setEnd}
      />
      {refused !== undefined && (
        <p className="park-error" role="alert" data-testid="window-refused">
          {refused}
        </p>
      )}
      <p id={`${id}-zone`} className="park-muted" data-testid="window-zone">
        {t("windowZone", {
          zone: zoneAbbreviation(zone, i18n.language, start ? new Date(start) : new Date()),
          city: park.city,
        })}
      </p>
      <div className="park-window__result" aria-live="polite">
        {!ordered && <p className="park-error">{t("windowInvalid")}</p>}
        {ordered && result.isPending && <p>{t("checking")}</p>}
        {result.isError && <p className="park-error">{result.error.message}</p>}
        {price && result.data && (
          <>
            <p className="park-window__spaces">{t("spacesLeft", { count: result.data.available })}</p>
            <dl className="park-breakdown">
              <dt>
                {price.breakdown.busy_time
                  ? t("breakdown.busyTime", {
                      count: price.breakdown.days * 24 + price.breakdown.hours,
                      rule: price.breakdown.busy_time.rule,
                      percent: signedPercent(price.breakdown.busy_time.adjustment_percent, i18n.language),
                    })
                  : t("breakdown.parking", { count: price.breakdown.days * 24 + price.breakdown.hours })}
              </dt>
              <dd>{formatMoney(price.breakdown.parking, price.currency, i18n.language)}</dd>
              <dt>{t("breakdown.fees")}</dt>
              <dd>
                {formatMoney(
                  price.breakdown.service_fee + price.breakdown.booking_fee,
                  price.currency,
                  i18n.language,
                )}
              </dd>
              {price.breakdown.tax > 0 &&
                taxLines(t, price.breakdown, i18n.language).map(([label, amount]) => (
                  <Fragment key={label}>
                    <dt>{label}</dt>
                    <dd>{formatMoney(amount, price.currency, i18n.language)}</dd>
                  </Fragment>
                ))}
              <dt className="park-breakdown__total">{t("breakdown.total")}</dt>
              <dd className="park-breakdown__total" data-testid="window-total">
                {formatMoney(price.amount, price.currency, i18n.language)}
              </dd>
            </dl>
            {/* A busy-time price (decision 059): the normal price beside it. */}
            {price.breakdown.busy_time && (
              <p className="park-breakdown__normal" data-testid="normal-price">
                {t("breakdown.normalPrice", {
                  amount: formatMoney(
                    price.breakdown.busy_time.normal_parking,
                    price.currency,
                    i18n.language,
                  ),
                })}
              </p>
            )}
          </>
        )}
      </div>
      <div ref={book}>
        {bookable ? (
          <Link className="button button--accent park-window__book" to={checkout}>
            {t("book")}
          </Link>
        ) : (
          <button type="button" className="button park-window__book" disabled>
            {t("book")}
          </button>
        )}
      </div>
      {/* Phones: the window and Book sit low on the page, so a bar at the bottom of the screen
          carries the chosen times and Book (with the total) until the window's own Book is on screen. */}
      <div className="park-bookbar" hidden={bookInView} data-testid="park-bookbar">
        <p className="park-bookbar__text">
          {price && start && end
            ? `${shortWhen(start)} → ${shortWhen(end)}`
            : refused !== undefined
              ? t("bookbarClosed")
              : t("bookbarChoose")}
        </p>
        {bookable && price ? (
          <Link className="button button--accent" to={checkout}>
            {t("bookbarBook", { amount: formatMoney(price.amount, price.currency, i18n.language) })}
          </Link>
        ) : (
          <button
            type="button"
            className="button"
            onClick={() => {
              card.current?.scrollIntoView({ block: "start" });
              document.getElementById(`${id}-s`)?.focus({ preventScroll: true });
            }}
          >
            {t("bookbarTimes")}
          </button>
        )}
      </div>
    </section>
  );
}

/** Whether any part of `ref` is on screen (true until measured, so nothing flashes). */
function useInView(ref: RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? true));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}
