import {
  AdminRateRuleBodySchema,
  formatTaxRate,
  type AdminPark,
  type AdminRateRule,
  type AdminRateRuleBody,
  type AdminRateRules,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextAreaField, TextField } from "../../../components/ui/form-field";
import { errorText } from "../../../lib/form-errors";
import { formatAmountInput, formatMoney, parseNumber, signedPercent } from "../../../lib/format";
import { useFocusWhenTurnsOn } from "../../../lib/use-focus";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { formatClockTime, parseClockTime } from "../../../lib/zoned-time";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { addRateRule, deleteRateRule, rateRulesQuery, updateRateRule } from "./api";

/** Monday first, as the rules' days are numbered (0 = Monday). */
const WEEK = [0, 1, 2, 3, 4, 5, 6] as const;

interface RuleValues {
  name: string;
  adjustment_percent: string;
  days: string[];
  from_time: string;
  to_time: string;
  dates: string;
  occupancy_above_percent: string;
  floor: string;
  ceiling: string;
  active: boolean;
}

const blank: RuleValues = {
  name: "",
  adjustment_percent: "",
  days: [],
  from_time: "",
  to_time: "",
  dates: "",
  occupancy_above_percent: "",
  floor: "",
  ceiling: "",
  active: true,
};

const valuesOf = (r: AdminRateRule, language: string): RuleValues => ({
  name: r.name,
  adjustment_percent: String(r.adjustment_percent),
  days: r.days.map(String),
  from_time: r.from_time ? formatClockTime(r.from_time, language) : "",
  to_time: r.to_time ? formatClockTime(r.to_time, language) : "",
  dates: r.dates.join("\n"),
  occupancy_above_percent: r.occupancy_above_percent === null ? "" : String(r.occupancy_above_percent),
  floor: r.floor === null ? "" : formatAmountInput(r.floor, language, { grouped: true }),
  ceiling: r.ceiling === null ? "" : formatAmountInput(r.ceiling, language, { grouped: true }),
  active: r.active,
});

/**
 * The park's busy-time prices (docs/PRODUCT-RULES.md#busy-time-prices): each rule's change of the
 * parking, when it applies (days, times and dates on the park's clock, an occupancy band), its
 * floor and ceiling in the park's currency; add, edit, switch off, delete. Laid out as the
 * chargers' section: a table, then one form open at a time under it.
 */
export function ParkRateRules({ park, editable }: { park: AdminPark; editable: boolean }) {
  const { t, i18n } = useTranslation(["admin-parks", "auth"]);
  const language = i18n.language;
  const client = useQueryClient();
  const list = useQuery(rateRulesQuery(park.id));
  // null: no form open; "new": adding; a number: that rule's edit.
  const [editing, setEditing] = useState<"new" | number | null>(null);
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState<AdminRateRule | null>(null);
  const addButton = useFocusWhenTurnsOn<HTMLButtonElement>(editing === null && deleting === null);

  const done = (result: AdminRateRules) => client.setQueryData(rateRulesQuery(park.id).queryKey, result);
  const remove = useMutation({
    mutationFn: (id: number) => deleteRateRule(park.id, id),
    onSuccess: (result) => {
      done(result);
      setDeleting(null);
      setSaved(true);
    },
  });

  const currency = list.data?.currency ?? park.currency;
  const items = list.data?.items ?? [];
  const current = typeof editing === "number" ? items.find((r) => r.id === editing) : undefined;
  const money = (n: number) => formatMoney(n, currency, language);
  /** When a rule applies, in words: its days, its times, its dates, its occupancy band. */
  const when = (r: AdminRateRule) =>
    [
      r.days.length ? r.days.map((d) => t(`days.${d}`)).join(", ") : null,
      r.from_time && r.to_time
        ? t("rateRules.between", {
            from: formatClockTime(r.from_time, language),
            to: formatClockTime(r.to_time, language),
          })
        : null,
      r.dates.length ? r.dates.join(", ") : null,
      r.occupancy_above_percent !== null
        ? t("rateRules.busierThan", { percent: formatTaxRate(r.occupancy_above_percent, language) })
        : null,
    ]
      .filter(Boolean)
      .join(" · ");
  const bounds = (r: AdminRateRule) =>
    [
      r.floor !== null ? t("rateRules.atLeast", { amount: money(r.floor) }) : null,
      r.ceiling !== null ? t("rateRules.atMost", { amount: money(r.ceiling) }) : null,
    ]
      .filter(Boolean)
      .join(", ") || "—";

  return (
    <section className="admin-park-section" aria-labelledby="park-rate-rules-title">
      <h2 id="park-rate-rules-title">{t("sections.rateRules")}</h2>
      <p className="admin-park-muted">
        {t("rateRules.hint", { zone: list.data?.time_zone ?? park.time_zone })}
      </p>
      {list.isError && <p role="alert">{errorText(t, list.error)}</p>}
      {list.data && items.length === 0 && <p className="admin-park-muted">{t("rateRules.none")}</p>}
      {items.length > 0 && (
        <div className="admin-table__scroll" role="region" aria-label={t("rateRules.table")} tabIndex={0}>
          <table className="admin-park-rates">
            <caption className="visually-hidden">{t("sections.rateRules")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("rateRules.name")}</th>
                <th scope="col">{t("rateRules.change")}</th>
                <th scope="col">{t("rateRules.when")}</th>
                <th scope="col">{t("rateRules.bounds")}</th>
                <th scope="col">{t("fields.status")}</th>
                {editable && <th scope="col">{t("chargers.actions")}</th>}
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={r.id} data-testid="rate-rule-row">
                  <th scope="row">{r.name}</th>
                  <td>{signedPercent(r.adjustment_percent, language)}</td>
                  <td>{when(r)}</td>
                  <td>{bounds(r)}</td>
                  <td>{t(r.active ? "rateRules.on" : "rateRules.off")}</td>
                  {editable && (
                    <td className="admin-park-charger-actions">
                      <button
                        type="button"
                        className="button"
                        aria-label={t("rateRules.editOne", { name: r.name })}
                        onClick={() => {
                          setSaved(false);
                          setEditing(r.id);
                        }}
                      >
                        {t("chargers.edit")}
                      </button>
                      <button
                        type="button"
                        className="button button--danger"
                        aria-label={t("rateRules.deleteOne", { name: r.name })}
                        onClick={() => {
                          setSaved(false);
                          setEditing(null);
                          setDeleting(r);
                        }}
                      >
                        {t("rateRules.delete")}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {saved && editing === null && (
        <p role="status" className="admin-park-saved">
          {t("saved")}
        </p>
      )}
      {editable && editing === null && (
        <div className="admin-park-actions">
          <button
            ref={addButton}
            type="button"
            className="button button--accent"
            onClick={() => {
              setSaved(false);
              setEditing("new");
            }}
          >
            {t("rateRules.add")}
          </button>
        </div>
      )}
      {editable && editing !== null && (editing === "new" || current) && (
        <RuleForm
          key={editing}
          parkId={park.id}
          currency={currency}
          rule={current}
          language={language}
          onDone={(result) => {
            done(result);
            setEditing(null);
            setSaved(true);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("rateRules.deleteTitle")}
        message={t("rateRules.deleteMessage", { name: deleting?.name ?? "" })}
        confirmLabel={t("rateRules.delete")}
        danger
        busy={remove.isPending}
        error={remove.isError ? errorText(t, remove.error) : null}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

function RuleForm({
  parkId,
  currency,
  rule,
  language,
  onDone,
  onCancel,
}: {
  parkId: number;
  currency: string;
  rule: AdminRateRule | undefined;
  language: string;
  onDone: (result: AdminRateRules) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(["admin-parks", "auth"]);
  const number = (text: string) => (text.trim() === "" ? null : parseNumber(text, language));
  const form = useSchemaForm<RuleValues, typeof AdminRateRuleBodySchema>({
    schema: AdminRateRuleBodySchema,
    defaultValues: rule ? valuesOf(rule, language) : blank,
    toInput: (v) => ({
      name: v.name,
      adjustment_percent: number(v.adjustment_percent) ?? undefined,
      days: v.days.map(Number).sort(),
      // A time as typed on the language's clock ("7:30 pm", "19h30"), sent as HH:MM.
      from_time: v.from_time.trim() === "" ? null : (parseClockTime(v.from_time) ?? v.from_time),
      to_time: v.to_time.trim() === "" ? null : (parseClockTime(v.to_time, true) ?? v.to_time),
      dates: v.dates
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean),
      occupancy_above_percent: number(v.occupancy_above_percent),
      floor: number(v.floor),
      ceiling: number(v.ceiling),
      active: v.active,
    }),
  });
  const save = useMutation({
    mutationFn: (body: AdminRateRuleBody) =>
      rule ? updateRateRule(parkId, rule.id, body) : addRateRule(parkId, body),
    onSuccess: onDone,
    onError: (err) => form.showServerErrors(err),
  });
  const err = (name: keyof RuleValues) => form.formState.errors[name]?.message;
  // Opened by a button above it: the keyboard starts at its first field.
  const box = useRef<HTMLFormElement>(null);
  useEffect(() => box.current?.querySelector<HTMLElement>("input")?.focus(), []);
  const alert = save.isError ? form.serverAlert(save.error) : null;
  const daysError = err("days");
  const title = rule ? t("rateRules.editTitle") : t("rateRules.addTitle");
  return (
    <form
      ref={box}
      className="admin-park-charger-form"
      noValidate
      aria-label={title}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <h3>{title}</h3>
      <fieldset disabled={save.isPending}>
        <div className="admin-park-grid">
          <TextField label={t("rateRules.name")} required error={err("name")} {...form.register("name")} />
          <TextField
            label={t("rateRules.percentField")}
            required
            inputMode="numeric"
            hint={t("rateRules.percentHint")}
            error={err("adjustment_percent")}
            {...form.register("adjustment_percent")}
          />
        </div>
        <fieldset className="admin-park-days">
          <legend>{t("rateRules.days")}</legend>
          {WEEK.map((d) => (
            <label key={d} className="admin-check">
              <input
                type="checkbox"
                value={String(d)}
                // The days' problem is said under them; the first day takes the focus (useSchemaForm).
                aria-invalid={daysError ? true : undefined}
                aria-describedby={daysError ? "rate-rule-days-error" : undefined}
                {...form.register("days")}
              />{" "}
              {t(`days.${d}`)}
            </label>
          ))}
          {daysError && (
            <small id="rate-rule-days-error" className="admin-park-cell-error">
              {daysError}
            </small>
          )}
        </fieldset>
        <div className="admin-park-grid">
          <TextField
            label={t("rateRules.from")}
            autoComplete="off"
            hint={t("rateRules.timesHint")}
            error={err("from_time")}
            {...form.register("from_time")}
          />
          <TextField
            label={t("rateRules.to")}
            autoComplete="off"
            error={err("to_time")}
            {...form.register("to_time")}
          />
          <TextField
            label={t("rateRules.occupancy")}
            inputMode="numeric"
            hint={t("rateRules.occupancyHint")}
            error={err("occupancy_above_percent")}
            {...form.register("occupancy_above_percent")}
          />
          <TextField
            label={t("rateRules.floor", { currency })}
            inputMode="decimal"
            error={err("floor")}
            {...form.register("floor")}
          />
          <TextField
            label={t("rateRules.ceiling", { currency })}
            inputMode="decimal"
            error={err("ceiling")}
            {...form.register("ceiling")}
          />
        </div>
        <TextAreaField
          label={t("rateRules.dates")}
          hint={t("rateRules.datesHint")}
          rows={2}
          error={err("dates")}
          {...form.register("dates")}
        />
        <label className="admin-check">
          <input type="checkbox" {...form.register("active")} /> {t("rateRules.active")}
        </label>
        {alert && <p role="alert">{alert}</p>}
        <div className="admin-park-actions">
          <button type="button" className="button" onClick={onCancel}>
            {t("chargers.cancel")}
          </button>
          <button type="submit" className="button button--accent">
            {save.isPending ? t("saving") : rule ? t("rateRules.saveEdit") : t("rateRules.saveNew")}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
