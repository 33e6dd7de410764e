import {
  DELIVERY_MAX_BANDS,
  DELIVERY_MAX_DEPOTS,
  DELIVERY_MAX_SLOTS,
  DeliverySetupBodySchema,
  MARKET_BAND_UNIQUE_MESSAGE,
  MARKET_SLOT_TIMES_MESSAGE,
  RECORD_STATUSES,
  type DeliverySetup,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useSearchParams } from "react-router";
import { SelectField } from "../../../components/ui/form-field";
import { FormAlert } from "../../../components/ui/form-alert";
import { firstServedCountryCode } from "../../../lib/country";
import { errorText, fieldText, issueMessages, serverFields } from "../../../lib/form-errors";
import { parseNumber } from "../../../lib/format";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { useCan } from "../me";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { deliverySetupQuery, saveDeliverySetup } from "./api";
import { MarketTabs, useCountryOptions } from "./widgets";
import { weekdayName } from "../../../lib/zoned-time";

interface SetupValues {
  delivery_enabled: boolean;
  takeaway_enabled: boolean;
  depots: { id: string; name: string; city: string; lat: string; lng: string; status: string }[];
  bands: { up_to_km: string; charge: string }[];
  slots: { id: string; day: string; opening_time: string; closing_time: string; status: string }[];
}

/** The contract's own rules of Delivery Setup, by their English message, in the page's language. */
const OWN_TEXTS: Record<string, string> = {
  [MARKET_SLOT_TIMES_MESSAGE]: "delivery.slotOrder",
  [MARKET_BAND_UNIQUE_MESSAGE]: "delivery.bandUnique",
};

/** Sunday first, as the API numbers days; the week shown from Monday. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

function valuesOf(s: DeliverySetup): SetupValues {
  return {
    delivery_enabled: s.delivery_enabled,
    takeaway_enabled: s.takeaway_enabled,
    depots: s.depots.map((d) => ({
      id: String(d.id),
      name: d.name,
      city: d.city,
      lat: String(d.lat),
      lng: String(d.lng),
      status: d.status,
    })),
    bands: s.bands.map((b) => ({ up_to_km: String(b.up_to_km), charge: String(b.charge.amount) })),
    slots: s.slots.map((x) => ({
      id: String(x.id),
      day: String(x.day),
      opening_time: x.opening_time,
      closing_time: x.closing_time,
      status: x.status,
    })),
  };
}

function inputOf(v: SetupValues, lang: string) {
  return {
    delivery_enabled: v.delivery_enabled,
    takeaway_enabled: v.takeaway_enabled,
    depots: v.depots.map((d) => ({
      ...(d.id ? { id: Number(d.id) } : {}),
      name: d.name,
      city: d.city,
      lat: parseNumber(d.lat, lang),
      lng: parseNumber(d.lng, lang),
      status: d.status,
    })),
    bands: v.bands.map((b) => ({
      up_to_km: parseNumber(b.up_to_km, lang),
      charge: parseNumber(b.charge, lang),
    })),
    slots: v.slots.map((x) => ({
      ...(x.id ? { id: Number(x.id) } : {}),
      day: Number(x.day),
      opening_time: x.opening_time,
      closing_time: x.closing_time,
      status: x.status,
    })),
  };
}

/** /admin/marketplace/delivery?country=<code>: one country's Delivery Setup (the first served one by default), saved whole. */
export function DeliverySetupPage() {
  const { t } = useTranslation(["admin-marketplace", "auth"]);
  const [search, setSearch] = useSearchParams();
  const country = search.get("country") || firstServedCountryCode();
  const countries = useCountryOptions();
  const setup = useQuery(deliverySetupQuery(country));
  return (
    <>
      <PageHeader title={t("delivery.title")} description={t("delivery.description")} />
      <MarketTabs />
      <div className="mp-country-pick">
        <SelectField
          label={t("filters.country")}
          options={countries}
          value={country}
          onChange={(e) => setSearch({ country: e.target.value })}
        />
      </div>
      {setup.isPending ? (
        <LoadingState text={t("loading")} />
      ) : setup.isError || !setup.data ? (
        <FormAlert message={errorText(t, setup.error)} />
      ) : (
        <SetupForm key={country} setup={setup.data} />
      )}
    </>
  );
}

/** The distance bands' table: how far from a depot, and what delivery there costs. */
/** A row's Remove button, naming the row to a screen reader. */
function RemoveRow({ what, onRemove }: { what: string; onRemove: () => void }) {
  const { t } = useTranslation("admin-marketplace");
  return (
    <button type="button" className="button" onClick={onRemove}>
      {t("delivery.remove")}
      <span className="visually-hidden"> {what}</span>
    </button>
  );
}

function BandsSection({
  form,
  currency,
}: {
  form: UseFormReturn<SetupValues, unknown, z.output<typeof DeliverySetupBodySchema>>;
  currency: string;
}) {
  const { t } = useTranslation(["admin-marketplace", "auth"]);
  const { register, control } = form;
  const bands = useFieldArray({ control, name: "bands" });
  return (
    <section className="admin-park-section" aria-labelledby="setup-bands">
      <h2 id="setup-bands">{t("delivery.bands")}</h2>
      <p className="admin-park-muted">{t("delivery.bandsHint", { currency: currency })}</p>
      <div className="admin-table__scroll">
        <table className="mp-edit-table">
          <caption className="visually-hidden">{t("delivery.bands")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("delivery.upToKm")}</th>
              <th scope="col">{t("delivery.charge", { currency: currency })}</th>
              <th scope="col">
                <span className="visually-hidden">{t("actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {bands.fields.map((f, i) => {
              const row = t("delivery.row", { section: t("delivery.bands"), row: i + 1 });
              return (
                <tr key={f.id}>
                  <td>
                    <input
                      inputMode="decimal"
                      aria-label={`${row}: ${t("delivery.upToKm")}`}
                      {...register(`bands.${i}.up_to_km`)}
                    />
                  </td>
                  <td>
                    <input
                      inputMode="decimal"
                      aria-label={`${row}: ${t("delivery.charge", { currency: currency })}`}
                      {...register(`bands.${i}.charge`)}
                    />
                  </td>
                  <td>
                    <RemoveRow what={row} onRemove={() => bands.remove(i)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {bands.fields.length < DELIVERY_MAX_BANDS && (
        <button type="button" className="button" onClick={() => bands.append({ up_to_km: "", charge: "" })}>
          {t("delivery.addBand")}
        </button>
      )}
    </section>
  );
}

function SetupForm({ setup }: { setup: DeliverySetup }) {
  const { t, i18n } = useTranslation(["admin-marketplace", "auth"]);
  const lang = i18n.language;
  const can = useCan();
  const client = useQueryClient();
  const editable = can("marketplace.update");
  const form = useSchemaForm<SetupValues, typeof DeliverySetupBodySchema>({
    schema: DeliverySetupBodySchema,
    defaultValues: valuesOf(setup),
    toInput: (v) => inputOf(v, lang),
  });
  const { register, control } = form;
  const depots = useFieldArray({ control, name: "depots" });
  const slots = useFieldArray({ control, name: "slots" });
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveDeliverySetup>[1]) =>
      saveDeliverySetup(setup.country_code, body),
    onMutate: () => setSaved(false),
    onSuccess: (next) => {
      setSaved(true);
      client.setQueryData(deliverySetupQuery(setup.country_code).queryKey, next);
      // New depots and slots now have ids: the form takes them, so the next save keeps them.
      form.reset(valuesOf(next));
    },
  });
  const dayName = (d: number) => weekdayName(d, lang);
  const both = !form.watch("delivery_enabled") && !form.watch("takeaway_enabled");

  const hasErrors = Object.keys(form.formState.errors).length > 0;
  /**
   * The form's mistakes row by row ("Depots, row 2: This field is required"): the schema read again
   * for the full path of each problem, its text in the page's language.
   */
  const rowProblems = (values: SetupValues): (readonly [string, string])[] => {
    const input = inputOf(values, lang);
    const result = DeliverySetupBodySchema.safeParse(input);
    if (result.success) return [];
    return result.error.issues.map((issue) => {
      const key = issue.path.join(".");
      const given = issue.path.reduce<unknown>(
        (o, p) => (o as Record<string | number, unknown> | undefined)?.[p as string],
        input,
      );
      const message = issueMessages([{ ...issue, path: [key] }], { [key]: given })[key];
      const own = OWN_TEXTS[issue.message];
      return [key, own ? t(own) : message ? fieldText(t, message) : issue.message] as const;
    });
  };
  /** Where a message belongs, in words ("Distance bands, row 2"). */
  const where = (key: string) => {
    const m = /^(depots|bands|slots)(?:\.(\d+))?/.exec(key);
    if (!m) return t("delivery.form");
    const section = t(`delivery.${m[1]}`);
    if (m[2] === undefined) return section;
    const i = Number(m[2]);
    if (m[1] === "slots") {
      // A slot is named by its day and its place in the day, as the page shows it.
      const all = form.getValues("slots");
      const day = all[i]?.day ?? "";
      const nth = all.slice(0, i + 1).filter((x) => x.day === day).length;
      return `${dayName(Number(day))}, ${t("delivery.slot", { row: nth })}`;
    }
    return t("delivery.row", { section, row: i + 1 });
  };
  const problems = [
    ...(hasErrors ? rowProblems(form.getValues()) : []),
    ...Object.entries(serverFields(save.error)),
  ];

  return (
    <form
      className="admin-park-form"
      noValidate
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      aria-label={t("delivery.formLabel", { country: setup.country_code })}
    >
      <fieldset disabled={!editable || save.isPending}>
        <section className="admin-park-section">
          <h2>{t("delivery.switches")}</h2>
          <label className="admin-check">
            <input type="checkbox" {...register("delivery_enabled")} /> {t("delivery.deliveryOn")}
          </label>
          <label className="admin-check">
            <input type="checkbox" {...register("takeaway_enabled")} /> {t("delivery.takeawayOn")}
          </label>
          {both && (
            <p className="admin-event-note mp-note" role="status">
              {t("delivery.bothOff")}
            </p>
          )}
          <p className="admin-park-muted">{t("delivery.clock", { zone: setup.time_zone })}</p>
        </section>

        <section className="admin-park-section" aria-labelledby="setup-depots">
          <h2 id="setup-depots">{t("delivery.depots")}</h2>
          <div className="admin-table__scroll">
            <table className="mp-edit-table">
              <caption className="visually-hidden">{t("delivery.depots")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("delivery.depotName")}</th>
                  <th scope="col">{t("delivery.city")}</th>
                  <th scope="col">{t("delivery.lat")}</th>
                  <th scope="col">{t("delivery.lng")}</th>
                  <th scope="col">{t("columns.status")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {depots.fields.map((f, i) => {
                  const row = t("delivery.row", { section: t("delivery.depots"), row: i + 1 });
                  return (
                    <tr key={f.id}>
                      <td>
                        <input
                          aria-label={`${row}: ${t("delivery.depotName")}`}
                          {...register(`depots.${i}.name`)}
                        />
                      </td>
                      <td>
                        <input
                          aria-label={`${row}: ${t("delivery.city")}`}
                          {...register(`depots.${i}.city`)}
                        />
                      </td>
                      <td>
                        <input
                          inputMode="decimal"
                          aria-label={`${row}: ${t("delivery.lat")}`}
                          {...register(`depots.${i}.lat`)}
                        />
                      </td>
                      <td>
                        <input
                          inputMode="decimal"
                          aria-label={`${row}: ${t("delivery.lng")}`}
                          {...register(`depots.${i}.lng`)}
                        />
                      </td>
                      <td>
                        <select
                          aria-label={`${row}: ${t("columns.status")}`}
                          {...register(`depots.${i}.status`)}
                        >
                          {RECORD_STATUSES.map((s) => (
                            <option key={s} value={s}>
                              {t(`status.${s}`)}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td>
                        <RemoveRow what={row} onRemove={() => depots.remove(i)} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {depots.fields.length === 0 && <p className="admin-park-muted">{t("delivery.noDepots")}</p>}
          {depots.fields.length < DELIVERY_MAX_DEPOTS && (
            <button
              type="button"
              className="button"
              onClick={() =>
                depots.append({ id: "", name: "", city: "", lat: "", lng: "", status: "active" })
              }
            >
              {t("delivery.addDepot")}
            </button>
          )}
        </section>

        <BandsSection form={form} currency={setup.currency} />

        <section className="admin-park-section" aria-labelledby="setup-slots">
          <h2 id="setup-slots">{t("delivery.slots")}</h2>
          <p className="admin-park-muted">{t("delivery.slotsHint", { zone: setup.time_zone })}</p>
          <div className="mp-week">
            {WEEK.map((day) => {
              const rows = slots.fields
                .map((f, i) => ({ f, i }))
                .filter(({ i }) => form.watch(`slots.${i}.day`) === String(day));
              return (
                <fieldset key={day} className="mp-day">
                  <legend>{dayName(day)}</legend>
                  {rows.length === 0 && <p className="admin-park-muted">{t("delivery.noSlots")}</p>}
                  {rows.map(({ f, i }) => {
                    const label = `${dayName(day)}, ${t("delivery.slot", { row: rows.findIndex((r) => r.i === i) + 1 })}`;
                    return (
                      <div key={f.id} className="mp-slot">
                        {/* eslint-disable forms/in-field -- a slot is one compact row of its day's fieldset (opens, closes, status), each control named by its aria-label */}
                        <input
                          type="time"
                          aria-label={`${label}: ${t("delivery.opens")}`}
                          {...register(`slots.${i}.opening_time`)}
                        />
                        <span aria-hidden="true">–</span>
                        <input
                          type="time"
                          aria-label={`${label}: ${t("delivery.closes")}`}
                          {...register(`slots.${i}.closing_time`)}
                        />
                        <select
                          aria-label={`${label}: ${t("columns.status")}`}
                          {...register(`slots.${i}.status`)}
                        >
                          {RECORD_STATUSES.map((s) => (
                            <option key={s} value={s}>
                              {t(`status.${s}`)}
                            </option>
                          ))}
                        </select>
                        {/* eslint-enable forms/in-field */}
                        <RemoveRow what={label} onRemove={() => slots.remove(i)} />
                      </div>
                    );
                  })}
                  {slots.fields.length < DELIVERY_MAX_SLOTS && (
                    <button
                      type="button"
                      className="button"
                      onClick={() =>
                        slots.append({
                          id: "",
                          day: String(day),
                          opening_time: "09:00",
                          closing_time: "12:00",
                          status: "active",
                        })
                      }
                    >
                      {t("delivery.addSlot")}
                      <span className="visually-hidden"> ({dayName(day)})</span>
                    </button>
                  )}
                </fieldset>
              );
            })}
          </div>
        </section>

        {problems.length > 0 && (
          <ul className="admin-park-errors" role="alert">
            {problems.map(([key, message]) => (
              <li key={key}>{t("delivery.problem", { where: where(key), message })}</li>
            ))}
          </ul>
        )}
        {save.isError && problems.length === 0 && <FormAlert message={errorText(t, save.error)} />}
        {saved && !save.isPending && (
          <p role="status" className="admin-park-saved">
            {t("saved")}
          </p>
        )}
        {editable && (
          <div className="admin-park-actions">
            <button type="submit" className="button button--accent">
              {save.isPending ? t("saving") : t("save")}
            </button>
          </div>
        )}
      </fieldset>
    </form>
  );
}
