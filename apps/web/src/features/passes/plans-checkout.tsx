import { dayOnClock, type PlanQuote, type PublicPlan, type Vehicle } from "@parkwell/contract";
import { refreshAfterPurchase } from "../../lib/query-client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { SelectField, TextField } from "../../components/ui/form-field";
import { PriceLines } from "../../components/ui/price-lines";
import { CouponField } from "../../components/ui/coupon-field";
import { PayerChoice, usePayingCompanies } from "../../components/payer-choice";
import { usePayDifference } from "../../components/ui/pay-difference";
import { useWalletInOtherCurrency, WalletNotice } from "../../components/ui/top-up-notice";
import { ApiError } from "../../lib/api";
import { formAlertText, serverFields } from "../../lib/form-errors";
import { formatMoney, formatNumber, vehicleTypeLabel } from "../../lib/format";
import { savedVehiclesQuery, walletQuery } from "../../lib/queries";
import { preselectedVehicle } from "../../lib/vehicle-choice";
import { zoneAbbreviation } from "../../lib/zoned-time";
import { buyPass, usePlanQuote } from "./plans-api";
import {
  checkoutPlates,
  NO_PLATE,
  TYPED_PLATE,
  startDayBounds,
  startDayWithin,
  termsOf,
  termWithin,
} from "./plans-params";
import { formatDay } from "./plans-text";
import { useAddressFields } from "../../lib/address-fields";

const OTHER = TYPED_PLATE;
const NONE = NO_PLATE;

/**
 * The pass's checkout: vehicle type, one or two plates, start day, term, the server's quote with
 * its lines, the pricing rule, renewal and cancellation in words, then Buy (POST /passes, one
 * Idempotency-Key per attempt). Every choice lives in the query string, so a trip to the wallet
 * to top up comes back to the same form.
 */
export function PlanCheckout({ plan }: { plan: PublicPlan }) {
  const { t, i18n } = useTranslation(["plans", "bookings"]);
  const lang = i18n.language;
  const id = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, changeFields] = useAddressFields();
  const zone = plan.park.time_zone;
  const bounds = startDayBounds(new Date(), zone);
  const priced = plan.prices.map((p) => p.vehicle_type_id);
  const askedType = Number(params.get("vehicle_type_id"));
  const typeId = priced.includes(askedType) ? askedType : (priced[0] ?? 0);
  const startDate = startDayWithin(params.get("start_date"), bounds);
  const term = termWithin(params.get("term"), plan.min_term_months);
  const vehicles = useQuery(savedVehiclesQuery());
  const saved = (vehicles.data ?? []).filter((v) => v.vehicle_type_id === typeId);
  const slot = (n: 1 | 2) => ({ vehicle: params.get(`vehicle${n}`), plate: params.get(`plate${n}`) ?? "" });
  const first = slot(1);
  const second = slot(2);
  // As the booking checkout: the saved vehicle of the type (the default, else the only one) unless
  // the driver chose another or typed a plate.
  const firstVehicle =
    first.vehicle ?? (first.plate ? OTHER : (preselectedVehicle(saved, typeId)?.id.toString() ?? OTHER));
  const secondVehicle = second.vehicle ?? NONE;
  const plates = checkoutPlates(saved, [
    { vehicle: firstVehicle, plate: first.plate },
    { vehicle: secondVehicle, plate: second.plate },
  ]);
  const [attemptKey, setAttemptKey] = useState(() => crypto.randomUUID());
  // The coupon code asked for (the URL keeps it): the quote says what it saves, or why not.
  const couponCode = params.get("coupon") || undefined;
  const quote = usePlanQuote(plan.id, {
    vehicle_type_id: typeId,
    start_date: startDate,
    term_months: term,
    coupon_code: couponCode,
  });
  const wallet = useQuery(walletQuery());
  // A wallet in another currency cannot pay for the plan, and no top-up of it can: said before Buy.
  const otherCurrency = useWalletInOtherCurrency(plan.currency);

  // Who pays: the wallet, or a company of the driver's that pays in the plan's currency.
  const payers = usePayingCompanies(plan.currency);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const payer = payers.some((c) => c.id === companyId) ? companyId : null;
  const payingCompany = payers.find((c) => c.id === payer);
  const body = {
    plan_id: plan.id,
    vehicle_type_id: typeId,
    plates,
    start_date: startDate,
    term_months: term as 1 | 3 | 12,
    ...(payer !== null ? { company_id: payer } : {}),
    ...(couponCode ? { coupon_code: couponCode } : {}),
  };
  const difference = usePayDifference("pass");
  const buy = useMutation({
    mutationFn: () => buyPass(body, attemptKey),
    onSuccess: (pass) => {
      refreshAfterPurchase(client, ["wallet"], ["passes"], ["plans"]);
      void navigate(`/passes/${encodeURIComponent(pass.pass_code)}`);
    },
    // A failed attempt is over: the next Buy is a new one.
    onError: () => setAttemptKey(crypto.randomUUID()),
  });
  const update = (changes: Record<string, string | undefined>) => {
    setAttemptKey(crypto.randomUUID());
    setNoPlate(false);
    buy.reset();
    difference.reset();
    changeFields(changes);
  };
  // An empty plate is said at the field, and nothing is sent.
  const [noPlate, setNoPlate] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (plates.length === 0) {
      setNoPlate(true);
      document.getElementById(`${id}-plate1`)?.focus();
      return;
    }
    if (!buy.isPending) buy.mutate();
  };

  const error = buy.error instanceof ApiError ? buy.error : null;
  const quoteError = quote.error instanceof ApiError ? quote.error : null;
  // A field's word: the sale's refusal first, else the quote's (the same rules, asked earlier).
  const fields = { ...serverFields(quoteError), ...serverFields(error) };
  const plateError = Object.entries(fields).find(([k]) => k.startsWith("plates"))?.[1];
  const shown = [
    "vehicle_type_id",
    "start_date",
    "term_months",
    ...Object.keys(fields).filter((k) => k.startsWith("plates")),
  ];
  const q = quote.data;
  const money = (n: number) => formatMoney(n, plan.currency, lang);
  const paidUntilDay = q ? dayOnClock(new Date(q.paid_until), zone) : undefined;
  const soldOut = plan.passes_left < 1;
  const vehicleOptions = (n: 1 | 2) => [
    ...(n === 2 ? [[NONE, t("checkout.none")] as const] : []),
    ...saved.map(
      (v: Vehicle) =>
        [String(v.id), v.nickname ? `${v.nickname} (${v.plate_number})` : v.plate_number] as const,
    ),
    [OTHER, t("checkout.otherPlate")] as const,
  ];

  return (
    <form className="plan-checkout" onSubmit={submit} noValidate>
      <h2 id="plan-checkout-title">{t("checkout.title")}</h2>
      <SelectField
        label={t("checkout.vehicleType")}
        value={typeId}
        error={fields.vehicle_type_id}
        onChange={(e) =>
          update({ vehicle_type_id: e.target.value, vehicle1: undefined, vehicle2: undefined })
        }
        options={plan.prices.map(
          (p) =>
            [
              p.vehicle_type_id,
              t("checkout.vehicleOption", {
                type: vehicleTypeLabel(t, p.vehicle_type_id, p.vehicle_type),
                price: money(p.monthly_price),
              }),
            ] as const,
        )}
      />
      <fieldset aria-describedby={`${id}-plates`}>
        {saved.length > 0 && (
          <SelectField
            label={t("checkout.savedVehicle")}
            value={firstVehicle}
            onChange={(e) => update({ vehicle1: e.target.value })}
            options={vehicleOptions(1).filter(([v]) => v !== NONE)}
          />
        )}
        {firstVehicle === OTHER && (
          <TextField
            label={t("checkout.plate")}
            autoComplete="off"
            id={`${id}-plate1`}
            value={first.plate}
            required
            error={noPlate ? t("checkout.plateRequired") : plateError}
            onChange={(e) => update({ plate1: e.target.value, vehicle1: OTHER })}
          />
        )}
        {saved.length > 0 && (
          <SelectField
            label={t("checkout.secondPlate")}
            value={secondVehicle}
            onChange={(e) => update({ vehicle2: e.target.value })}
            options={vehicleOptions(2)}
          />
        )}
        {(saved.length === 0 || secondVehicle === OTHER) && (
          <TextField
            label={t("checkout.secondPlate")}
            autoComplete="off"
            value={second.plate}
            onChange={(e) => update({ plate2: e.target.value, vehicle2: e.target.value ? OTHER : undefined })}
          />
        )}
        <p id={`${id}-plates`} className="field__hint">
          {t("checkout.platesHint")}
        </p>
      </fieldset>
      <TextField
        label={t("checkout.startDate")}
        type="date"
        value={startDate}
        min={bounds.min}
        max={bounds.max}
        error={fields.start_date}
        hint={t("checkout.startHint", {
          max: formatDay(bounds.max, lang),
          zone: zoneAbbreviation(zone, lang),
        })}
        onChange={(e) => update({ start_date: e.target.value })}
      />
      <SelectField
        label={t("checkout.term")}
        value={term}
        error={fields.term_months}
        onChange={(e) => update({ term: e.target.value })}
        options={termsOf(plan.min_term_months).map((m) => {
          const percent = m === 12 ? plan.discount_12m_percent : m === 3 ? plan.discount_3m_percent : 0;
          return [
            m,
            t("checkout.termOption", {
              term: t("term", { count: m }),
              discount:
                percent > 0 ? t("termDiscount", { percent: formatNumber(percent, lang) }) : t("noDiscount"),
            }),
          ] as const;
        })}
      />
      <section className="card" aria-live="polite" aria-labelledby={`${id}-price`}>
        <h3 id={`${id}-price`}>{t("checkout.priceTitle")}</h3>
        {quote.isFetching && <p>{t("checkout.checking")}</p>}
        {quoteError && Object.keys(serverFields(quoteError)).length === 0 && (
          <p className="field__error">{quoteError.message}</p>
        )}
        {q && !quoteError && paidUntilDay && (
          <>
            <p data-testid="plan-period">
              {t("checkout.period", {
                start: formatDay(q.start_date, lang),
                end: formatDay(paidUntilDay, lang),
              })}
            </p>
            <TermDiscount quote={q} money={money} />
            <PriceLines breakdown={q.breakdown} currency={q.currency} />
            <CouponField
              code={couponCode}
              onCode={(code) => update({ coupon: code })}
              verdict={q.coupon}
              currency={q.currency}
            />
            <ClosedDays quote={q} money={money} company={payingCompany?.name} />
            <p className="plan-rule" data-testid="plan-rule">
              {t("checkout.rule", { end: formatDay(paidUntilDay, lang) })}
            </p>
            <p className="plan-rule">
              {t(payingCompany ? "checkout.renewalCompany" : "checkout.renewal", {
                date: formatDay(paidUntilDay, lang),
                term: t("term", { count: q.term_months }),
                company: payingCompany?.name,
              })}
            </p>
            <p className="plan-rule">{t("checkout.cancel")}</p>
          </>
        )}
        {wallet.data && !payingCompany && (
          <p data-testid="plan-balance">
            {t("checkout.balance", { amount: formatMoney(wallet.data.balance, wallet.data.currency, lang) })}
          </p>
        )}
      </section>
      {soldOut && <p className="field__error">{t("checkout.soldOut")}</p>}
      <PayerChoice
        companies={payers}
        value={payer}
        onChange={(next) => {
          setCompanyId(next);
          setAttemptKey(crypto.randomUUID());
          buy.reset();
        }}
      />
      <WalletNotice
        currency={plan.currency}
        error={error}
        alert={formAlertText(t, error, shown)}
        missingText={(amount) => t("checkout.missing", { amount })}
        // A company's short account is the company's to top up: the difference is the wallet's only.
        payDifference={
          payer === null
            ? {
                minTopUp: wallet.data?.min_topup,
                busy: difference.busy,
                failed: difference.failed,
                onPay: (cardId) => difference.pay(body, cardId),
                label: (amount) => t("checkout.payDifference", { amount }),
              }
            : undefined
        }
      />
      <button
        type="submit"
        // While the wallet is short, the top-up above is the way forward: buying from the wallet steps back.
        className={error?.status === 402 ? "button" : "button button--accent"}
        disabled={buy.isPending || soldOut || !q || Boolean(quoteError) || Boolean(otherCurrency)}
      >
        {buy.isPending
          ? t("checkout.buying")
          : q && !quoteError
            ? t("checkout.buyAmount", { amount: money(q.total) })
            : t("checkout.buy")}
      </button>
    </form>
  );
}

/** The term's own discount (3 or 12 months), above the price lines: the price before it, and what it takes off. */
function TermDiscount({ quote: q, money }: { quote: PlanQuote; money: (n: number) => string }) {
  const { t, i18n } = useTranslation(["plans", "bookings"]);
  const lang = i18n.language;
  if (q.discount <= 0) return null;
  return (
    <dl className="booking-lines" data-testid="plan-discount">
      <div>
        <dt>
          {t("checkout.beforeDiscount", {
            term: t("term", { count: q.term_months }),
            monthly: money(q.monthly_price),
          })}
        </dt>
        <dd>{money(q.price_before_discount)}</dd>
      </div>
      <div>
        <dt>{t("checkout.discount", { percent: formatNumber(q.discount_percent, lang) })}</dt>
        <dd>−{money(q.discount)}</dd>
      </div>
    </dl>
  );
}

/**
 * The park's closure days in the quoted term, with what each gives back and to whom (the guarantee's
 * job pays them within a minute of the purchase); nothing when the term meets none.
 */
function ClosedDays({
  quote,
  money,
  company,
}: {
  quote: PlanQuote;
  money: (n: number) => string;
  company: string | undefined;
}) {
  const { t, i18n } = useTranslation("plans");
  if (quote.closed_days.length === 0) return null;
  return (
    <div className="alert alert--notice" data-testid="plan-closed-days">
      <p>
        <strong>{t("checkout.closedTitle")}</strong>
      </p>
      <ul>
        {quote.closed_days.map((d) => (
          <li key={d.date}>
            {t("checkout.closedDay", { day: formatDay(d.date, i18n.language), amount: money(d.refund) })}
          </li>
        ))}
      </ul>
      <p>{company ? t("checkout.closedRuleCompany", { company }) : t("checkout.closedRule")}</p>
    </div>
  );
}
