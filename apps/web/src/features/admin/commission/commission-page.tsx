import {
  addDays,
  COMMISSION_PRODUCTS,
  dayOnClock,
  SETTLEMENT_PERIODS,
  type CommissionCurrent,
  type CommissionProduct,
  type CommissionRateRow,
  type SettlementPeriod,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { ApiError } from "../../../lib/api";
import { errorText } from "../../../lib/form-errors";
import { formatNumber } from "../../../lib/format";
import { formatCalendarDate, formatZonedDateTime } from "../../../lib/zoned-time";
import { useAdminMe, useCan } from "../me";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import {
  addCommissionDefault,
  addOperatorRate,
  commissionDefaultsQuery,
  commissionOperatorsQuery,
  operatorCommissionQuery,
  setSettlementPeriod,
} from "./api";
import "./commission.css";

type T = ReturnType<typeof useTranslation<"admin">>["t"];

/** "15 %" / "15 %" with the language's decimal mark. */
const percentText = (bps: number, lang: string) =>
  `${formatNumber(bps / 100, lang, { maximumFractionDigits: 2 })}\u00a0%`;

/** A percentage typed in either language ("12,5" or "12.5") as basis points; null when it is not one. */
export function bpsOfPercent(text: string): number | null {
  const t = text.trim().replace(",", ".");
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, fraction = ""] = t.split(".");
  const bps = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return bps <= 10_000 ? bps : null;
}

/**
 * /admin/commission: Parkwell's commission per operator (issue #65). Parkwell's staff pick an
 * operator, see its rates now per product and where each comes from, the history, add a rate from
 * a date ahead, set its statement period, and keep the countries' defaults; an operator's manager
 * sees its own rates, read-only.
 */
export function AdminCommissionPage() {
  const { t } = useTranslation("admin");
  const [params, setParams] = useSearchParams();
  const operators = useQuery(commissionOperatorsQuery());
  const items = operators.data?.items ?? [];
  const chosen = items.find((o) => String(o.id) === params.get("operator")) ?? items[0];
  const me = useAdminMe();
  const parkwell = me.data ? me.data.operator === null : false;
  const can = useCan();
  return (
    <div className="admin-commission">
      <PageHeader title={t("commission.title")} description={t("commission.description")} />
      {operators.isPending ? (
        <LoadingState text={t("commission.loading")} />
      ) : operators.isError ? (
        <FormAlert message={errorText(t, operators.error)} />
      ) : (
        <>
          {items.length > 1 && (
            <SelectField
              className="admin-commission__pick"
              label={t("commission.operator")}
              value={chosen ? String(chosen.id) : ""}
              onChange={(e) => setParams({ operator: e.target.value })}
              options={items.map((o) => [String(o.id), o.name] as const)}
            />
          )}
          {chosen && (
            <OperatorCommission
              key={chosen.id}
              id={chosen.id}
              editable={parkwell && can("commission.update")}
            />
          )}
          {parkwell && <CountryDefaults editable={can("commission.update")} />}
        </>
      )}
    </div>
  );
}

function sourceText(t: T, c: CommissionCurrent) {
  if (c.source === "default") return t("commission.source.default");
  const scope = c.product_specific ? t("commission.source.forProduct") : t("commission.source.forAll");
  return `${t(`commission.source.${c.source}`)} (${scope})`;
}

function CurrentRates({ current, tz }: { current: CommissionCurrent[]; tz: string }) {
  const { t, i18n } = useTranslation("admin");
  const lang = i18n.language;
  return (
    <div className="admin-table admin-table--dense admin-table--cards">
      <div className="admin-table__scroll" role="region" aria-label={t("commission.current")} tabIndex={0}>
        <table>
          <caption className="visually-hidden">{t("commission.current")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("commission.columns.product")}</th>
              <th scope="col" className="admin-table__num">
                {t("commission.columns.rate")}
              </th>
              <th scope="col">{t("commission.columns.source")}</th>
              <th scope="col">{t("commission.columns.since")}</th>
            </tr>
          </thead>
          <tbody>
            {current.map((c) => (
              <tr key={c.product}>
                <td data-label={t("commission.columns.product")}>{t(`commission.products.${c.product}`)}</td>
                <td className="admin-table__num" data-label={t("commission.columns.rate")}>
                  <strong>{percentText(c.rate_bps, lang)}</strong>
                </td>
                <td data-label={t("commission.columns.source")}>{sourceText(t, c)}</td>
                <td data-label={t("commission.columns.since")}>
                  {c.effective_from ? formatZonedDateTime(c.effective_from, lang, tz) : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function History({ rows, tz, label }: { rows: CommissionRateRow[]; tz: string; label: string }) {
  const { t, i18n } = useTranslation("admin");
  const lang = i18n.language;
  if (rows.length === 0) return <p>{t("commission.noHistory")}</p>;
  return (
    <div className="admin-table admin-table--dense admin-table--cards">
      <div className="admin-table__scroll" role="region" aria-label={label} tabIndex={0}>
        <table>
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              <th scope="col">{t("commission.columns.from")}</th>
              <th scope="col">{t("commission.columns.product")}</th>
              <th scope="col" className="admin-table__num">
                {t("commission.columns.rate")}
              </th>
              <th scope="col">{t("commission.columns.scope")}</th>
              <th scope="col">{t("commission.columns.by")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td data-label={t("commission.columns.from")}>
                  {formatZonedDateTime(r.effective_from, lang, tz)}
                  {r.upcoming && <span className="admin-commission__badge">{t("commission.upcoming")}</span>}
                </td>
                <td data-label={t("commission.columns.product")}>
                  {r.product ? t(`commission.products.${r.product}`) : t("commission.allProducts")}
                </td>
                <td className="admin-table__num" data-label={t("commission.columns.rate")}>
                  {percentText(r.rate_bps, lang)}
                </td>
                <td data-label={t("commission.columns.scope")}>{t(`commission.scope.${r.scope}`)}</td>
                <td data-label={t("commission.columns.by")}>
                  {r.created_by?.name ?? t("commission.bySeed")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function OperatorCommission({ id, editable }: { id: number; editable: boolean }) {
  const { t, i18n } = useTranslation("admin");
  const lang = i18n.language;
  const data = useQuery(operatorCommissionQuery(id));
  if (data.isPending) return <LoadingState text={t("commission.loading")} />;
  if (data.isError) return <FormAlert message={errorText(t, data.error)} />;
  const c = data.data;
  const tz = c.operator.time_zone;
  const next = c.operator.next_settlement_period;
  return (
    <>
      <section aria-labelledby="commission-current">
        <h2 id="commission-current">{t("commission.currentOf", { name: c.operator.name })}</h2>
        {!editable && <p className="admin-commission__note">{t("commission.readOnly")}</p>}
        <CurrentRates current={c.current} tz={tz} />
      </section>
      {editable && (
        <section aria-labelledby="commission-add">
          <h2 id="commission-add">{t("commission.add.title")}</h2>
          <RateForm
            tz={tz}
            submit={(body) => addOperatorRate(id, body)}
            queryKey={operatorCommissionQuery(id).queryKey}
          />
        </section>
      )}
      <section aria-labelledby="commission-period">
        <h2 id="commission-period">{t("commission.period.title")}</h2>
        <p>
          {t("commission.period.now", {
            period: t(`commission.period.every.${c.operator.settlement_period}`),
          })}
          {next &&
            ` ${t("commission.period.next", {
              period: t(`commission.period.every.${next.period}`),
              date: formatZonedDateTime(next.from, lang, tz),
            })}`}
        </p>
        {editable && <PeriodForm id={id} current={next?.period ?? c.operator.settlement_period} />}
      </section>
      <section aria-labelledby="commission-history">
        <h2 id="commission-history">{t("commission.history")}</h2>
        <History rows={c.history} tz={tz} label={t("commission.history")} />
      </section>
    </>
  );
}

interface RateDraft {
  product: CommissionProduct | "";
  percent: string;
  date: string;
}

function RateForm({
  tz,
  submit,
  queryKey,
  country,
}: {
  tz: string;
  submit: (body: {
    rate_bps: number;
    product: CommissionProduct | null;
    effective_from: string;
  }) => Promise<unknown>;
  queryKey: readonly unknown[];
  country?: string;
}) {
  const { t, i18n } = useTranslation("admin");
  const client = useQueryClient();
  const tomorrow = addDays(dayOnClock(new Date(), tz), 1);
  const [draft, setDraft] = useState<RateDraft>({ product: "", percent: "", date: tomorrow });
  const [local, setLocal] = useState<Record<string, string>>({});
  const statusId = useId();
  const save = useMutation({
    mutationFn: (body: { rate_bps: number; product: CommissionProduct | null; effective_from: string }) =>
      submit(body),
    onSuccess: async (answer) => {
      client.setQueryData(queryKey, answer);
      setDraft({ product: "", percent: "", date: tomorrow });
      // A country's default changes its operators' rates too.
      await client.invalidateQueries({ queryKey: ["admin", "commission"], refetchType: "active" });
    },
  });
  const server = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const errors = {
    percent: local.percent ?? server.rate_bps,
    date: local.date ?? server.effective_from,
    product: server.product,
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const bps = bpsOfPercent(draft.percent);
    const problems: Record<string, string> = {};
    if (bps === null) problems.percent = t("commission.add.percentInvalid");
    if (!draft.date) problems.date = t("commission.add.dateRequired");
    else if (draft.date < tomorrow) problems.date = t("commission.add.dateAhead");
    setLocal(problems);
    if (Object.keys(problems).length > 0) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(".admin-commission form [aria-invalid='true']")?.focus(),
      );
      return;
    }
    save.mutate({ rate_bps: bps!, product: draft.product || null, effective_from: draft.date });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={statusId} className="admin-commission__form">
      <SelectField
        label={t("commission.add.product")}
        value={draft.product}
        error={errors.product}
        onChange={(e) => setDraft({ ...draft, product: e.target.value as CommissionProduct | "" })}
        options={[
          ["", t("commission.allProducts")],
          ...COMMISSION_PRODUCTS.map((p) => [p, t(`commission.products.${p}`)] as const),
        ]}
      />
      <TextField
        label={t("commission.add.percent")}
        hint={t("commission.add.percentHint")}
        inputMode="decimal"
        value={draft.percent}
        error={errors.percent}
        required
        onChange={(e) => setDraft({ ...draft, percent: e.target.value })}
      />
      <TextField
        type="date"
        label={t("commission.add.date")}
        hint={t("commission.add.dateHint", {
          date: formatCalendarDate(tomorrow, i18n.language, "date"),
          zone: tz,
        })}
        min={tomorrow}
        value={draft.date}
        error={errors.date}
        required
        onChange={(e) => setDraft({ ...draft, date: e.target.value })}
      />
      <p id={statusId} className="field__hint">
        {country ? t("commission.add.ruleCountry", { country }) : t("commission.add.rule")}
      </p>
      <FormAlert
        message={save.isError && Object.keys(server).length === 0 ? errorText(t, save.error) : null}
      />
      <div className="admin-form-actions">
        <button type="submit" className="button button--accent" disabled={save.isPending}>
          {save.isPending ? t("commission.add.saving") : t("commission.add.save")}
        </button>
        {save.isSuccess && <p role="status">{t("commission.add.saved")}</p>}
      </div>
    </form>
  );
}

function PeriodForm({ id, current }: { id: number; current: SettlementPeriod }) {
  const { t } = useTranslation("admin");
  const client = useQueryClient();
  const [period, setPeriod] = useState<SettlementPeriod>(current);
  const save = useMutation({
    mutationFn: () => setSettlementPeriod(id, period),
    onSuccess: (answer) => client.setQueryData(operatorCommissionQuery(id).queryKey, answer),
  });
  return (
    <form
      className="admin-commission__form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <SelectField
        label={t("commission.period.label")}
        hint={t("commission.period.hint")}
        value={period}
        onChange={(e) => setPeriod(e.target.value as SettlementPeriod)}
        options={SETTLEMENT_PERIODS.map((p) => [p, t(`commission.period.${p}`)] as const)}
      />
      <FormAlert message={save.isError ? errorText(t, save.error) : null} />
      <div className="admin-form-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {t("commission.period.save")}
        </button>
        {save.isSuccess && <p role="status">{t("commission.period.saved")}</p>}
      </div>
    </form>
  );
}

function CountryDefaults({ editable }: { editable: boolean }) {
  const { t } = useTranslation("admin");
  const [params, setParams] = useSearchParams();
  const defaults = useQuery(commissionDefaultsQuery());
  if (defaults.isPending) return <LoadingState text={t("commission.loading")} />;
  if (defaults.isError) return <FormAlert message={errorText(t, defaults.error)} />;
  const items = defaults.data.items;
  const chosen = items.find((c) => c.country_code === params.get("country")) ?? items[0];
  if (!chosen) return null;
  const name = t(`common:country.names.${chosen.country_code}`, { defaultValue: chosen.country_name });
  return (
    <section aria-labelledby="commission-defaults" className="admin-commission__defaults">
      <h2 id="commission-defaults">{t("commission.defaults.title")}</h2>
      <p>{t("commission.defaults.rule")}</p>
      <SelectField
        className="admin-commission__pick"
        label={t("commission.defaults.country")}
        value={chosen.country_code}
        onChange={(e) => {
          const next = new URLSearchParams(params);
          next.set("country", e.target.value);
          setParams(next);
        }}
        options={items.map(
          (c) =>
            [
              c.country_code,
              t(`common:country.names.${c.country_code}`, { defaultValue: c.country_name }),
            ] as const,
        )}
      />
      <CurrentRates current={chosen.current} tz={chosen.time_zone} />
      {editable && (
        <>
          <h3>{t("commission.defaults.add", { country: name })}</h3>
          <RateForm
            key={chosen.country_code}
            tz={chosen.time_zone}
            country={name}
            submit={(body) => addCommissionDefault({ country_code: chosen.country_code, ...body })}
            queryKey={commissionDefaultsQuery().queryKey}
          />
        </>
      )}
      <h3>{t("commission.defaults.history", { country: name })}</h3>
      <History
        rows={chosen.history}
        tz={chosen.time_zone}
        label={t("commission.defaults.history", { country: name })}
      />
    </section>
  );
}
