import {
  INSURANCE_DOC_TYPES,
  type VehicleDocRequestType,
  type VehicleDocQuote,
  type VehicleDocQuoteBody,
  type VehicleDocType,
} from "@parkwell/contract";
import { refreshAfterPurchase } from "../../lib/query-client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { CouponField } from "../../components/ui/coupon-field";
import { Spinner } from "../../components/ui/spinner";
import { useWalletInOtherCurrency } from "../../components/ui/top-up-notice";
import { RenewalPayer, useRenewalPayer } from "./renewal-payer";
import { ApiError } from "../../lib/api";
import {
  chooseCountry,
  countriesOffering,
  openCountryPicker,
  useCountryOffers,
  useSelectedCountry,
} from "../../lib/country";
import { countryLabel, formatMoney, formatNumber, taxLabel } from "../../lib/format";
import { openLoginDialog } from "../../lib/login-dialog";
import { walletQuery } from "../../lib/queries";
import { useSession } from "../../lib/session";
import {
  addressesQuery,
  defaultPickupPark,
  deliveryOptionsQuery,
  insurersQuery,
  placeVehicleDocRequest,
  renewalVehiclesQuery,
  statesQuery,
  useVehicleDocQuote,
  type AddressPicker,
} from "./api";
import { DetailsForm } from "./details-form";
import { InsuranceFields, vehicleValueOf } from "./insurance-fields";
import { applicable, KindChoice, LICENCE_YEARS, LicenceChoice, VehicleChoice } from "./renewal-choices";
import { LicenceExpiry } from "./licence-expiry";
import "../../components/ui/alert.css";
import "../../components/ui/content.css";
import "../../components/ui/price-lines.css";
import "./vehicle-docs.css";
import { useAddressFields } from "../../lib/address-fields";

/**
 * /vehicle-docs-renewal: the renewal of a Nigerian vehicle's papers. Another selected country is
 * told the service is Nigeria's and offered the switch; signed out, the service is described and
 * the driver asked to sign in; signed in, the service itself.
 */
export function VehicleDocsRenewalPage({ addressPicker }: { addressPicker: AddressPicker }) {
  const { t } = useTranslation("vehicle-docs");
  const country = useSelectedCountry();
  const { signedIn } = useSession();
  // Offered where the country's row says so (its `services`), Nigeria today.
  const offered = useCountryOffers("vehicle_docs");
  if (!offered) {
    const [nigeria] = countriesOffering("vehicle_docs");
    return (
      <section className="container page prompt" aria-labelledby="vd-title">
        <h1 id="vd-title">{t("title")}</h1>
        <p className="prompt__text" data-testid="nigeria-only">
          {t("nigeriaOnly", { country: countryLabel(t, country) })}
        </p>
        <button
          type="button"
          className="button button--accent"
          onClick={() => (nigeria ? chooseCountry(nigeria) : openCountryPicker())}
        >
          {t("switchToNigeria")}
        </button>
      </section>
    );
  }
  if (!signedIn) {
    return (
      <section className="container page prompt" aria-labelledby="vd-title">
        <h1 id="vd-title">{t("title")}</h1>
        <p className="prompt__text">{t("lead")}</p>
        <ul>
          {(t("points", { returnObjects: true }) as string[]).map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <p className="prompt__text">{t("signInText")}</p>
        <button type="button" className="button button--accent" onClick={openLoginDialog}>
          {t("common:account.loginToContinue")}
        </button>
      </section>
    );
  }
  return <RenewalService AddressPicker={addressPicker} />;
}

/** A new key per attempt; the same one for a retry of that attempt. */
const newAttemptKey = (): string => crypto.randomUUID();

/**
 * The signed-in service: a vehicle's papers or a driver's licence (no vehicle: 3 or 5 years, the
 * state of issue). The choices live in the query string (`type`, `vehicle`, `documents`,
 * `insurer`, `value`, `licence`, `state`, `delivery`, `address`, `park`): a reminder's link
 * preselects them, and a trip to the wallet keeps them. Third-party and comprehensive insurance
 * exclude each other: ticking one unticks the other.
 */
function RenewalService({ AddressPicker }: { AddressPicker: AddressPicker }) {
  const { t, i18n } = useTranslation("vehicle-docs");
  const lang = i18n.language;
  const id = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, changeFields] = useAddressFields();
  const vehicles = useQuery(renewalVehiclesQuery());
  // The selected country, one that offers the renewal (VehicleDocsRenewalPage checked).
  const country = useSelectedCountry();
  const addresses = useQuery(addressesQuery(country.code));
  // The pickup parks nearest the driver's first saved address with a placed pin, when there is one.
  const pinned = addresses.data?.find((a) => a.pin_confirmed);
  const near = pinned ? { lat: pinned.lat, lng: pinned.lng } : null;
  const options = useQuery({
    ...deliveryOptionsQuery(country.code, lang, near),
    enabled: !addresses.isPending,
  });
  const wallet = useQuery(walletQuery());
  const kind: VehicleDocRequestType =
    params.get("type") === "drivers_licence" ? "drivers_licence" : "vehicle_papers";
  const states = useQuery({ ...statesQuery(country.id), enabled: kind === "drivers_licence" });
  const licence = LICENCE_YEARS.find((y) => y === params.get("licence"));
  const licenceState = states.data?.find((s) => s.code === params.get("state"))?.code;

  const list = vehicles.data ?? [];
  const vehicle = list.find((v) => v.vehicle_id === Number(params.get("vehicle"))) ?? list[0];
  const allowed = applicable(vehicle);
  const documents = (params.get("documents") ?? "")
    .split(",")
    .filter((d): d is VehicleDocType => allowed.includes(d as VehicleDocType));
  const delivery = params.get("delivery") === "delivery" ? "delivery" : "pickup";
  const addressId = Number(params.get("address")) || addresses.data?.[0]?.id;
  const parks = options.data?.pickup_parks ?? [];
  const issuingState = kind === "drivers_licence" ? licenceState : vehicle?.state_code;
  const suggested = defaultPickupPark(parks, issuingState, near !== null);
  const chosenPark = parks.find((p) => p.id === Number(params.get("park")));
  const parkId = chosenPark?.id ?? suggested?.park.id;
  const comprehensive = documents.includes("comprehensive_insurance");
  const insurers = useQuery({ ...insurersQuery(), enabled: comprehensive });
  const insurerId = insurers.data?.find((i) => i.id === Number(params.get("insurer")))?.id;
  const vehicleValue = vehicleValueOf(params.get("value") ?? "");
  // The coupon code asked for (the server says whether it applies, and what it saves).
  const couponCode = params.get("coupon") || undefined;

  const update = (changes: Record<string, string | undefined>) => changeFields(changes);
  const toggle = (doc: VehicleDocType, on: boolean) => {
    // Comprehensive covers third parties too: the two insurances exclude each other.
    const others = INSURANCE_DOC_TYPES.includes(doc)
      ? documents.filter((d) => !INSURANCE_DOC_TYPES.includes(d))
      : documents;
    const chosen = on ? [...others, doc] : documents.filter((d) => d !== doc);
    update({ documents: allowed.filter((d) => chosen.includes(d)).join(",") || undefined });
  };

  const body = quoteBodyOf({
    kind,
    licence,
    licenceState,
    vehicle,
    documents,
    insurance: comprehensive ? { insurerId, vehicleValue } : null,
    where:
      delivery === "delivery"
        ? addressId
          ? { address_id: addressId }
          : null
        : parkId
          ? { park_id: parkId }
          : null,
    couponCode,
  });
  const quote = useVehicleDocQuote(body);

  const bodyKey = JSON.stringify(body);
  const [attempt, setAttempt] = useState({ key: newAttemptKey(), for: bodyKey });
  if (attempt.for !== bodyKey) setAttempt({ key: newAttemptKey(), for: bodyKey });
  const payers = useRenewalPayer(quote.data?.currency);
  const payingCompany = payers.companies.find((c) => c.id === payers.payer);
  const pay = useMutation({
    mutationFn: ({ body, total, key }: { body: VehicleDocQuoteBody; total: number; key: string }) =>
      placeVehicleDocRequest({ ...body, ...payers.companyBody }, total, key),
    onSuccess: (placed) => {
      refreshAfterPurchase(client, ["wallet"], ["vehicle-docs"]);
      void navigate(`/vehicle-docs-renewal/requests/${encodeURIComponent(placed.code)}`);
    },
    onError: async (err) => {
      if (err instanceof ApiError && err.status !== 0) setAttempt({ key: newAttemptKey(), for: bodyKey });
      if (err instanceof ApiError && (err.status === 409 || err.status === 422))
        await client.invalidateQueries({ queryKey: ["vehicle-docs", "quote"] });
    },
  });
  const payError = pay.error instanceof ApiError ? pay.error : null;
  // A wallet in another currency cannot pay for the papers, and no top-up of it can: said before Pay.
  const otherCurrency = useWalletInOtherCurrency(quote.data?.currency);
  const q = quote.data && body ? quote.data : undefined;

  return (
    <div className="container page vd-page">
      <h1>{t("title")}</h1>
      <p className="vd-actions">
        <Link to="/vehicle-docs-renewal/requests">{t("myRequests")}</Link>
      </p>
      <KindChoice kind={kind} onKind={(k) => update({ type: k === "drivers_licence" ? k : undefined })} />
      {kind === "vehicle_papers" && vehicles.isPending && <Spinner />}
      {kind === "vehicle_papers" && vehicles.isError && (
        <div role="alert" className="alert alert--error">
          <p>{vehicles.error instanceof ApiError ? vehicles.error.message : t("loadError")}</p>
          <button type="button" className="button" onClick={() => void vehicles.refetch()}>
            {t("retry")}
          </button>
        </div>
      )}
      {kind === "vehicle_papers" && vehicles.isSuccess && list.length === 0 && (
        <div className="card">
          <p>{t("vehicles.empty")}</p>
          <Link className="button" to="/profile">
            {t("vehicles.profile")}
          </Link>
        </div>
      )}
      {(kind === "drivers_licence" || vehicle) && (
        <div className="vd-layout">
          <div className="vd-page">
            {kind === "drivers_licence" && <LicenceExpiry />}
            {kind === "drivers_licence" && (
              <LicenceChoice
                licence={licence}
                licenceState={licenceState}
                states={states}
                onLicence={(y) => update({ licence: y })}
                onState={(state) => update({ state })}
              />
            )}
            {kind === "vehicle_papers" && vehicle && (
              <>
                <VehicleChoice
                  vehicles={list}
                  chosen={vehicle.vehicle_id}
                  onChoose={(v) => update({ vehicle: String(v), documents: undefined })}
                />

                <DetailsForm key={vehicle.vehicle_id} vehicle={vehicle} />

                <section className="card" aria-labelledby={`${id}-docs`}>
                  <h2 id={`${id}-docs`}>{t("documents.title")}</h2>
                  {allowed.length === 0 || !vehicle.state_code ? (
                    <p className="field__hint">{t("details.incomplete")}</p>
                  ) : (
                    <fieldset className="vd-options vd-options--bare">
                      <legend className="visually-hidden">{t("documents.title")}</legend>
                      {allowed.map((doc) => (
                        <label key={doc} className="vd-option">
                          <input
                            type="checkbox"
                            checked={documents.includes(doc)}
                            onChange={(e) => toggle(doc, e.currentTarget.checked)}
                          />
                          <span className="vd-option__name">{t(`docs.${doc}`)}</span>
                        </label>
                      ))}
                      {vehicle.vehicle_use === "commercial" && (
                        <p className="field__hint">{t("documents.hackney")}</p>
                      )}
                    </fieldset>
                  )}
                  {comprehensive && (
                    <InsuranceFields
                      insurers={insurers}
                      insurerId={insurerId}
                      value={params.get("value") ?? ""}
                      onInsurer={(insurer) => update({ insurer: String(insurer) })}
                      onValue={(value) => update({ value: value || undefined })}
                    />
                  )}
                </section>
              </>
            )}

            <section className="card" aria-labelledby={`${id}-delivery`}>
              <h2 id={`${id}-delivery`}>{t("delivery.title")}</h2>
              <fieldset className="vd-options vd-options--bare">
                <legend className="visually-hidden">{t("delivery.title")}</legend>
                {(["pickup", "delivery"] as const).map((kind) => (
                  <label key={kind} className="vd-option">
                    <input
                      type="radio"
                      name={`${id}-delivery`}
                      checked={delivery === kind}
                      onChange={() => update({ delivery: kind })}
                    />
                    <span className="vd-option__name">{t(`delivery.${kind}`)}</span>
                  </label>
                ))}
              </fieldset>
              {delivery === "pickup" && options.isSuccess && parks.length === 0 && (
                <p className="field__hint">{t("delivery.noParks")}</p>
              )}
              {delivery === "pickup" && parks.length > 0 && (
                <fieldset className="vd-options" aria-describedby={`${id}-park-why`}>
                  <legend>{t("delivery.park")}</legend>
                  {suggested && (
                    <p className="field__hint" id={`${id}-park-why`} data-testid="vd-park-why">
                      {chosenPark && chosenPark.id !== suggested.park.id
                        ? t("delivery.parkChosen", { park: chosenPark.name })
                        : t(`delivery.parkDefault.${suggested.reason}`, {
                            park: suggested.park.name,
                            state:
                              kind === "drivers_licence"
                                ? (states.data?.find((s) => s.code === licenceState)?.name ?? "")
                                : (vehicle?.state_name ?? ""),
                          })}
                    </p>
                  )}
                  {parks.map((p) => (
                    <label key={p.id} className="vd-option">
                      <input
                        type="radio"
                        name={`${id}-park`}
                        checked={parkId === p.id}
                        onChange={() => update({ park: String(p.id) })}
                      />
                      <span className="vd-option__name">
                        {p.name} · {p.city}
                      </span>
                    </label>
                  ))}
                </fieldset>
              )}
            </section>
            {delivery === "delivery" && (
              <AddressPicker
                country={country.code}
                addresses={addresses}
                addressId={addressId}
                bands={options.data?.delivery_bands ?? []}
                onChoose={(address) => update({ address: String(address) })}
              />
            )}
          </div>

          <section className="card" aria-labelledby={`${id}-quote`} aria-busy={quote.isFetching}>
            <h2 id={`${id}-quote`}>{t("quote.title")}</h2>
            {!body && <p className="field__hint">{t("quote.incomplete")}</p>}
            {body && quote.isPending && <p role="status">{t("quote.checking")}</p>}
            {body && quote.isError && (
              <p role="alert" className="alert alert--error">
                {quote.error instanceof ApiError ? quote.error.message : t("loadError")}
              </p>
            )}
            {q && <QuoteLines quote={{ ...q, coupon_code: q.coupon?.code }} />}
            {body && (
              <CouponField
                code={couponCode}
                onCode={(code) => update({ coupon: code })}
                verdict={q?.coupon}
                currency={q?.currency ?? ""}
              />
            )}
            {wallet.data && payers.payer === null && (
              <p className="field__hint">
                {t("pay.balance", { amount: formatMoney(wallet.data.balance, wallet.data.currency, lang) })}
              </p>
            )}
            <RenewalPayer
              payers={payers}
              onPayer={() => (setAttempt({ key: newAttemptKey(), for: bodyKey }), pay.reset())}
              currency={q?.currency}
              payError={payError}
              request={q && body ? { ...body, expected_total: q.total } : null}
            />
            {q && body && (
              <button
                type="button"
                // While the wallet is short, paying the difference above is the way forward: this steps back.
                className={payError?.status === 402 ? "button" : "button button--accent"}
                disabled={pay.isPending || quote.isFetching || quote.isError || Boolean(otherCurrency)}
                onClick={() => pay.mutate({ body, total: q.total, key: attempt.key })}
              >
                {pay.isPending
                  ? t("pay.paying")
                  : payingCompany
                    ? t("pay.withCompany", {
                        amount: formatMoney(q.total, q.currency, lang),
                        company: payingCompany.name,
                      })
                    : t("pay.button", { amount: formatMoney(q.total, q.currency, lang) })}
              </button>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

/** The quote's body of the choices made so far; null until they are enough to price. */
function quoteBodyOf(c: {
  kind: VehicleDocRequestType;
  licence: (typeof LICENCE_YEARS)[number] | undefined;
  licenceState: string | undefined;
  vehicle: { vehicle_id: number } | undefined;
  documents: VehicleDocType[];
  /** Comprehensive cover chosen: its insurer and the vehicle's value, once given. */
  insurance: { insurerId: number | undefined; vehicleValue: number | null } | null;
  where: VehicleDocQuoteBody["delivery"] | null;
  couponCode: string | undefined;
}): VehicleDocQuoteBody | null {
  const chosen = ((): VehicleDocQuoteBody | null => {
    const { where, vehicle, documents, insurance } = c;
    if (!where) return null;
    if (c.kind === "drivers_licence") {
      if (!c.licence || !c.licenceState) return null;
      return {
        type: "drivers_licence",
        state_code: c.licenceState,
        documents: [`drivers_licence_${c.licence}`],
        delivery: where,
      };
    }
    if (!vehicle || documents.length === 0) return null;
    if (insurance) {
      if (!insurance.insurerId || insurance.vehicleValue === null) return null;
      return {
        type: "vehicle_papers",
        vehicle_id: vehicle.vehicle_id,
        documents,
        delivery: where,
        insurance: { insurer_id: insurance.insurerId, vehicle_value: insurance.vehicleValue },
      };
    }
    return { type: "vehicle_papers", vehicle_id: vehicle.vehicle_id, documents, delivery: where };
  })();
  return chosen && c.couponCode ? { ...chosen, coupon_code: c.couponCode } : chosen;
}

/**
 * Each government fee, the insurer's premium (with the insurer, the declared value, the rate and
 * whether the minimum premium applies), Parkwell's service charge, delivery, VAT and the total.
 */
export function QuoteLines({
  quote,
}: {
  quote: Pick<
    VehicleDocQuote,
    "lines" | "service_charge" | "discount" | "delivery_charge" | "tax" | "total" | "currency" | "insurance"
  > & {
    tax_name?: string;
    /** The code whose discount the quote or the request holds. */
    coupon_code?: string | null | undefined;
  };
}) {
  const { t, i18n } = useTranslation("vehicle-docs");
  const lang = i18n.language;
  const money = (n: number) => formatMoney(n, quote.currency, lang);
  const insurance = quote.insurance;
  const rows: [string, number, string | null][] = [
    ...quote.lines.map((l): [string, number, string | null] =>
      l.document_type === "comprehensive_insurance" && insurance
        ? [
            t("quote.premium", { document: t(`docs.${l.document_type}`), insurer: insurance.insurer_name }),
            l.fee,
            [
              t("quote.premiumOf", {
                rate: formatNumber(insurance.rate, lang, { maximumFractionDigits: 2 }),
                value: money(insurance.vehicle_value),
              }),
              insurance.premium === insurance.minimum_premium ? t("quote.minimumApplies") : null,
            ]
              .filter(Boolean)
              .join(" · "),
          ]
        : INSURANCE_DOC_TYPES.includes(l.document_type)
          ? [t("quote.tariffPremium", { document: t(`docs.${l.document_type}`) }), l.fee, null]
          : [t("quote.fee", { document: t(`docs.${l.document_type}`) }), l.fee, null],
    ),
    [t("quote.service"), quote.service_charge, null],
    ...(quote.discount > 0
      ? [
          [t("quote.coupon", { code: quote.coupon_code ?? "" }), -quote.discount, null] as [
            string,
            number,
            null,
          ],
        ]
      : []),
    [t("quote.delivery"), quote.delivery_charge, null],
    [taxLabel(t, quote.tax_name ?? "VAT"), quote.tax, null],
  ];
  return (
    <dl className="booking-lines" data-testid="vd-quote">
      {rows.map(([label, value, detail]) => (
        <div key={label}>
          <dt>
            {label}
            {detail && <span className="vd-line__detail">{detail}</span>}
          </dt>
          <dd className="booking-lines__amount">{money(value)}</dd>
        </div>
      ))}
      <div className="booking-lines__total">
        <dt>{t("quote.total")}</dt>
        <dd data-testid="vd-total">{money(quote.total)}</dd>
      </div>
    </dl>
  );
}
