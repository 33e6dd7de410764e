import {
  AdminChargerCreateSchema,
  CHARGER_CONNECTOR_NAMES,
  CHARGER_CONNECTORS,
  CHARGER_PRICE_UNITS,
  type AdminCharger,
  type AdminChargerCreate,
  type AdminPark,
  type AdminParkChargers,
  type ChargerConflict,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { ApiError } from "../../../lib/api";
import { chargerKind } from "../../../lib/charger-text";
import { errorText } from "../../../lib/form-errors";
import { formatAmountInput, formatMoney, formatNumber, parseNumber } from "../../../lib/format";
import { useFocusWhenTurnsOn } from "../../../lib/use-focus";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { addCharger, chargersQuery, parkQuery, updateCharger } from "./api";
import { BookingConflicts } from "./booking-conflicts";

interface ChargerValues {
  connector: string;
  power_kw: string;
  count: string;
  price_unit: string;
  price: string;
}

const blank: ChargerValues = { connector: "", power_kw: "", count: "1", price_unit: "kwh", price: "" };

/** The 409 `charger_conflict`'s body, when the error is one: the bookings the edit would strand. */
const chargerConflictOf = (err: unknown): ChargerConflict | null =>
  err instanceof ApiError && err.code === "charger_conflict" ? (err.body as ChargerConflict) : null;

/**
 * A charger edit refused because bookings hold the group (a count cut below them, a deactivation,
 * another connector or power), listed as the capacities' refusal lists its bookings: the server's
 * sentence (why, in the page's language), the group as it was, and each booking.
 */
function ChargerConflictList({
  conflict,
  charger,
  timeZone,
  language,
}: {
  conflict: ChargerConflict;
  charger: AdminCharger | undefined;
  timeZone: string;
  language: string;
}) {
  const { t } = useTranslation(["admin-parks", "auth"]);
  const { t: tp } = useTranslation("parks");
  const kind = charger ? chargerKind(tp, charger, language) : "";
  return (
    <BookingConflicts
      title={conflict.message}
      groups={[
        {
          key: conflict.charger_id,
          line:
            conflict.requested > 0
              ? t("chargers.conflict.line", {
                  count: conflict.requested,
                  kind,
                  requested: conflict.requested,
                  peak: conflict.peak,
                })
              : t("chargers.conflict.held", { kind }),
          bookings: conflict.bookings,
        },
      ]}
      timeZone={timeZone}
      language={language}
    />
  );
}

const valuesOf = (c: AdminCharger, language: string): ChargerValues => ({
  connector: c.connector,
  power_kw: formatAmountInput(c.power_kw, language),
  count: String(c.count),
  price_unit: c.price_unit,
  price: formatAmountInput(c.price, language, { grouped: true }),
});

/**
 * The park's EV chargers (docs/PRODUCT-RULES.md#ev-charging): each group's connector, power,
 * count and price per kWh or per hour in the park's currency; add, edit, deactivate and
 * reactivate. An active charger gives the park its "EV charging" mark; none, and the mark goes.
 */
export function ParkChargers({ park, editable }: { park: AdminPark; editable: boolean }) {
  const { t, i18n } = useTranslation(["admin-parks", "auth"]);
  const language = i18n.language;
  const client = useQueryClient();
  const list = useQuery(chargersQuery(park.id));
  // null: no form open; "new": adding; a number: that charger's edit.
  const [editing, setEditing] = useState<"new" | number | null>(null);
  const [saved, setSaved] = useState(false);
  // The form closed (saved or cancelled): the keyboard lands on "Add chargers", under the table.
  const addButton = useFocusWhenTurnsOn<HTMLButtonElement>(editing === null);

  const done = async (result: AdminParkChargers) => {
    client.setQueryData(chargersQuery(park.id).queryKey, result);
    // The park's amenities follow its active chargers.
    await client.invalidateQueries({ queryKey: parkQuery(park.id).queryKey, exact: true });
  };
  const status = useMutation({
    mutationFn: (c: { id: number; status: "active" | "inactive" }) =>
      updateCharger(park.id, c.id, { status: c.status }),
    onSuccess: done,
  });
  // A deactivation refused because bookings hold the group: those bookings, not a bare sentence.
  const statusConflict = chargerConflictOf(status.error);

  const currency = list.data?.currency ?? park.currency;
  const priceText = (c: AdminCharger) =>
    t(`chargers.per.${c.price_unit}`, { price: formatMoney(c.price, currency, language) });
  const items = list.data?.items ?? [];
  // A group's name on its buttons: two groups of one connector differ by their power.
  const groupName = (c: AdminCharger) =>
    `${CHARGER_CONNECTOR_NAMES[c.connector]} · ${t("chargers.kw", { kw: formatNumber(c.power_kw, language) })}`;
  const current = typeof editing === "number" ? items.find((c) => c.id === editing) : undefined;

  return (
    <section className="admin-park-section" aria-labelledby="park-chargers-title">
      <h2 id="park-chargers-title">{t("sections.chargers")}</h2>
      <p className="admin-park-muted">{t("chargers.hint", { currency })}</p>
      {list.isError && <p role="alert">{errorText(t, list.error)}</p>}
      {list.data && items.length === 0 && <p className="admin-park-muted">{t("chargers.none")}</p>}
      {items.length > 0 && (
        <div className="admin-table__scroll" role="region" aria-label={t("chargers.table")} tabIndex={0}>
          <table className="admin-park-rates">
            <caption className="visually-hidden">{t("sections.chargers")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("chargers.connector")}</th>
                <th scope="col">{t("chargers.power")}</th>
                <th scope="col">{t("chargers.count")}</th>
                <th scope="col">{t("chargers.price")}</th>
                <th scope="col">{t("fields.status")}</th>
                {editable && <th scope="col">{t("chargers.actions")}</th>}
              </tr>
            </thead>
            <tbody>
              {items.map((c) => (
                <tr key={c.id}>
                  <th scope="row">{CHARGER_CONNECTOR_NAMES[c.connector]}</th>
                  <td>{t("chargers.kw", { kw: formatNumber(c.power_kw, language) })}</td>
                  <td>{c.count}</td>
                  <td>{priceText(c)}</td>
                  <td>{t(`chargers.status.${c.status}`)}</td>
                  {editable && (
                    <td className="admin-park-charger-actions">
                      <button
                        type="button"
                        className="button"
                        aria-label={t("chargers.editOne", { name: groupName(c) })}
                        onClick={() => {
                          setSaved(false);
                          setEditing(c.id);
                        }}
                      >
                        {t("chargers.edit")}
                      </button>
                      <button
                        type="button"
                        className={c.status === "active" ? "button button--danger" : "button"}
                        // Which group: the park's own Deactivate is on the same page.
                        aria-label={t(
                          c.status === "active" ? "chargers.deactivateOne" : "chargers.reactivateOne",
                          { name: groupName(c) },
                        )}
                        disabled={status.isPending}
                        onClick={() =>
                          status.mutate({ id: c.id, status: c.status === "active" ? "inactive" : "active" })
                        }
                      >
                        {t(c.status === "active" ? "deactivate" : "reactivate")}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {statusConflict ? (
        <ChargerConflictList
          conflict={statusConflict}
          charger={items.find((c) => c.id === statusConflict.charger_id)}
          timeZone={park.time_zone}
          language={language}
        />
      ) : (
        status.isError && <p role="alert">{errorText(t, status.error)}</p>
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
            {t("chargers.add")}
          </button>
        </div>
      )}
      {editable && editing !== null && (editing === "new" || current) && (
        <ChargerForm
          key={editing}
          parkId={park.id}
          currency={currency}
          timeZone={park.time_zone}
          charger={current}
          language={language}
          onDone={async (result) => {
            await done(result);
            setEditing(null);
            setSaved(true);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </section>
  );
}

function ChargerForm({
  parkId,
  currency,
  timeZone,
  charger,
  language,
  onDone,
  onCancel,
}: {
  parkId: number;
  currency: string;
  timeZone: string;
  charger: AdminCharger | undefined;
  language: string;
  onDone: (result: AdminParkChargers) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(["admin-parks", "auth"]);
  const form = useSchemaForm<ChargerValues, typeof AdminChargerCreateSchema>({
    schema: AdminChargerCreateSchema,
    defaultValues: charger ? valuesOf(charger, language) : blank,
    toInput: (v) => ({
      connector: v.connector || undefined,
      power_kw: v.power_kw.trim() === "" ? undefined : parseNumber(v.power_kw, language),
      count: v.count.trim() === "" ? undefined : parseNumber(v.count, language),
      price_unit: v.price_unit,
      price: v.price.trim() === "" ? undefined : parseNumber(v.price, language),
      status: charger?.status ?? "active",
    }),
  });
  const save = useMutation({
    mutationFn: (body: AdminChargerCreate) =>
      charger ? updateCharger(parkId, charger.id, body) : addCharger(parkId, body),
    onSuccess: onDone,
    onError: (err) => {
      if (!chargerConflictOf(err)) form.showServerErrors(err);
    },
  });
  const err = (name: keyof ChargerValues) => form.formState.errors[name]?.message;
  const conflict = chargerConflictOf(save.error);
  // Opened by a button above it: the keyboard starts at its first field.
  const box = useRef<HTMLFormElement>(null);
  useEffect(() => box.current?.querySelector<HTMLElement>("select, input")?.focus(), []);
  const alert = save.isError && !conflict ? form.serverAlert(save.error) : null;
  return (
    <form
      ref={box}
      className="admin-park-charger-form"
      noValidate
      aria-label={charger ? t("chargers.editTitle") : t("chargers.addTitle")}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <h3>{charger ? t("chargers.editTitle") : t("chargers.addTitle")}</h3>
      <fieldset disabled={save.isPending}>
        <div className="admin-park-grid">
          <SelectField
            label={t("chargers.connector")}
            required
            options={[
              ["", t("chargers.chooseConnector")],
              ...CHARGER_CONNECTORS.map((c) => [c, CHARGER_CONNECTOR_NAMES[c]] as const),
            ]}
            error={err("connector")}
            {...form.register("connector")}
          />
          <TextField
            label={t("chargers.powerField")}
            required
            inputMode="decimal"
            hint={t("chargers.powerHint")}
            error={err("power_kw")}
            {...form.register("power_kw")}
          />
          <TextField
            label={t("chargers.count")}
            required
            inputMode="numeric"
            hint={t("chargers.countHint")}
            error={err("count")}
            {...form.register("count")}
          />
          <SelectField
            label={t("chargers.priceUnit")}
            options={CHARGER_PRICE_UNITS.map((u) => [u, t(`chargers.unit.${u}`)] as const)}
            error={err("price_unit")}
            {...form.register("price_unit")}
          />
          <TextField
            label={t("chargers.priceField", { currency })}
            required
            inputMode="decimal"
            error={err("price")}
            {...form.register("price")}
          />
        </div>
        {conflict && (
          <ChargerConflictList
            conflict={conflict}
            charger={charger}
            timeZone={timeZone}
            language={language}
          />
        )}
        {alert && <p role="alert">{alert}</p>}
        <div className="admin-park-actions">
          <button type="button" className="button" onClick={onCancel}>
            {t("chargers.cancel")}
          </button>
          <button type="submit" className="button button--accent">
            {save.isPending ? t("saving") : charger ? t("chargers.saveEdit") : t("chargers.saveNew")}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
