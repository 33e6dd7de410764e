import {
  AdminParkCapacitiesBodySchema,
  AdminParkRatesBodySchema,
  type AdminPark,
  type CapacityConflict,
  type VehicleType,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ApiError } from "../../../lib/api";
import { formatAmountInput, parseNumber } from "../../../lib/format";
import { vehicleTypesQuery } from "../../../lib/queries";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { parkQuery, setCapacities, setRates } from "./api";
import { BookingConflicts } from "./booking-conflicts";

interface Row {
  vehicle_type_id: number;
  hourly: string;
  daily_max: string;
  capacity: string;
}
interface Values {
  rows: Row[];
}

const Schema = z.object({ rates: AdminParkRatesBodySchema, capacities: AdminParkCapacitiesBodySchema });

type Conflict = Omit<CapacityConflict, "message" | "code">;

/** What the 409 carries: per type, the bookings a lower capacity would move (or what holds it). */
class CapacityConflictError extends Error {
  constructor(readonly conflict: Conflict) {
    super("capacity_conflict");
  }
}

/**
 * Per vehicle type: the standard rate (hourly and daily maximum, in the park's currency) and the
 * spaces. An empty hourly rate sells no such spaces; a capacity below what is already held is
 * listed before it is saved: the bookings it would move, each offered the space guarantee once the
 * staff confirm (or, below what cannot move, what holds the spaces: refused).
 */
export function RatesAndCapacities({ park, editable }: { park: AdminPark; editable: boolean }) {
  const { t, i18n } = useTranslation(["admin-parks", "auth"]);
  const types = useQuery(vehicleTypesQuery());
  if (!types.data) return null;
  return <RatesForm park={park} types={types.data} editable={editable} language={i18n.language} t={t} />;
}

function RatesForm({
  park,
  types,
  editable,
  language,
  t,
}: {
  park: AdminPark;
  types: VehicleType[];
  editable: boolean;
  language: string;
  t: ReturnType<typeof useTranslation>["t"];
}) {
  const client = useQueryClient();
  const formId = useId();
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saved, setSaved] = useState(false);
  const rows: Row[] = types.map((v) => {
    const rate = park.rates.find((r) => r.vehicle_type_id === v.id);
    const cap = park.capacities.find((c) => c.vehicle_type_id === v.id);
    return {
      vehicle_type_id: v.id,
      // As the language writes them ("5,75", "4 100" in French), and as parseNumber reads them back.
      hourly: rate ? formatAmountInput(rate.hourly, language, { grouped: true }) : "",
      daily_max: rate ? formatAmountInput(rate.daily_max, language, { grouped: true }) : "",
      capacity: cap ? formatAmountInput(cap.capacity, language, { grouped: true }) : "",
    };
  });
  const hasRate = (r: Row) => r.hourly.trim() !== "" || r.daily_max.trim() !== "";
  const hasCapacity = (r: Row) => r.capacity.trim() !== "";
  const toInput = (v: Values) => ({
    rates: {
      rates: v.rows.filter(hasRate).map((r) => ({
        vehicle_type_id: r.vehicle_type_id,
        hourly: parseNumber(r.hourly, language),
        daily_max: parseNumber(r.daily_max, language),
      })),
    },
    capacities: {
      capacities: v.rows
        .filter(hasCapacity)
        .map((r) => ({ vehicle_type_id: r.vehicle_type_id, capacity: parseNumber(r.capacity, language) })),
    },
  });
  /**
   * A problem of the body at its cell: `rates.2.hourly` (the schema's or the server's) is the
   * hourly cell of the third row that has a rate; `capacities.0.capacity` the first with spaces.
   */
  const fieldOf = (path: readonly PropertyKey[], v: Values): string => {
    const [list, i, key] = path;
    const kind = list === "rates" || list === "capacities" ? list : null;
    // Past "rates" (the body) comes another "rates" or "capacities" (the list), then the index.
    const [name, n, field] = kind && path[1] === kind ? [kind, path[2], path[3]] : [kind, i, key];
    if (!name || typeof n !== "number") return String(path[0] ?? "form");
    const row = v.rows
      .map((r, k) => [r, k] as const)
      .filter(([r]) => (name === "rates" ? hasRate(r) : hasCapacity(r)))[n]?.[1];
    if (row === undefined) return name;
    const cell = name === "capacities" ? "capacity" : field === "daily_max" ? "daily_max" : "hourly";
    return `rows.${row}.${cell}`;
  };
  const form = useSchemaForm<Values, typeof Schema>({
    schema: Schema,
    defaultValues: { rows },
    toInput,
    fieldOf,
  });
  const save = useMutation({
    mutationFn: async ({ body, confirm }: { body: z.output<typeof Schema>; confirm: boolean }) => {
      try {
        await setCapacities(park.id, { ...body.capacities, ...(confirm ? { confirm_capacity: true } : {}) });
      } catch (err) {
        if (err instanceof ApiError && err.code === "capacity_conflict") {
          const { conflicts, settles, payer } = err.body as CapacityConflict;
          throw new CapacityConflictError({ conflicts, settles, payer });
        }
        throw err;
      }
      return setRates(park.id, body.rates);
    },
    onMutate: () => {
      setConflict(null);
      setSaved(false);
    },
    onSuccess: async (result) => {
      setSaved(true);
      client.setQueryData(parkQuery(park.id).queryKey, result);
      await client.invalidateQueries({ queryKey: ["admin", "parks"] });
    },
    onError: (err) => {
      if (err instanceof CapacityConflictError) setConflict(err.conflict);
      else form.showServerErrors(err);
    },
  });
  // The cells show their own problems; the rest (a list's own rule) is listed under the table.
  const errors = Object.entries(form.formState.errors).filter(([key]) => key !== "rows");
  const cellError = (i: number, cell: keyof Omit<Row, "vehicle_type_id">) =>
    form.formState.errors.rows?.[i]?.[cell]?.message;
  const cellProps = (i: number, cell: keyof Omit<Row, "vehicle_type_id">) => {
    const message = cellError(i, cell);
    return message
      ? { "aria-invalid": true as const, "aria-describedby": `${formId}-${i}-${cell}` }
      : { "aria-invalid": false as const };
  };
  const cellMessage = (i: number, cell: keyof Omit<Row, "vehicle_type_id">) => {
    const message = cellError(i, cell);
    return message ? (
      <small id={`${formId}-${i}-${cell}`} className="admin-park-cell-error">
        {message}
      </small>
    ) : null;
  };
  const typeName = (id: number) =>
    t(`vehicleId.${id}`, { defaultValue: types.find((v) => v.id === id)?.name ?? String(id) });

  return (
    <section className="admin-park-section">
      <h2>{t("sections.rates")}</h2>
      <p className="admin-park-muted">
        {t(editable ? "ratesHint" : "ratesReadOnlyHint", { currency: park.currency })}
      </p>
      <form
        className={editable ? undefined : "admin-read-only"}
        noValidate
        onSubmit={form.handleSubmit((body) => save.mutate({ body, confirm: false }))}
      >
        {/* Read-only, the cells are text: nothing to disable (and the scroll box stays a focus stop). */}
        <fieldset disabled={save.isPending}>
          {/* Scrolls sideways on a phone: a named stop, so the keyboard scrolls it with no field to focus. */}
          <div className="admin-table__scroll" role="region" aria-label={t("sections.rates")} tabIndex={0}>
            <table className="admin-park-rates">
              <caption className="visually-hidden">{t("sections.rates")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("columns.vehicle")}</th>
                  <th scope="col">{t("columns.hourlyRate", { currency: park.currency })}</th>
                  <th scope="col">{t("columns.dailyMax", { currency: park.currency })}</th>
                  <th scope="col">{t("columns.spaces")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={r.vehicle_type_id}>
                    <th scope="row">{typeName(r.vehicle_type_id)}</th>
                    <td>
                      {editable ? (
                        <input
                          inputMode="decimal"
                          aria-label={t("columns.cell", {
                            type: typeName(r.vehicle_type_id),
                            column: t("columns.hourlyRate", { currency: park.currency }),
                          })}
                          {...cellProps(i, "hourly")}
                          {...form.register(`rows.${i}.hourly` as const)}
                        />
                      ) : (
                        <span>{r.hourly || "—"}</span>
                      )}
                      {cellMessage(i, "hourly")}
                    </td>
                    <td>
                      {editable ? (
                        <input
                          inputMode="decimal"
                          aria-label={t("columns.cell", {
                            type: typeName(r.vehicle_type_id),
                            column: t("columns.dailyMax", { currency: park.currency }),
                          })}
                          {...cellProps(i, "daily_max")}
                          {...form.register(`rows.${i}.daily_max` as const)}
                        />
                      ) : (
                        <span>{r.daily_max || "—"}</span>
                      )}
                      {cellMessage(i, "daily_max")}
                    </td>
                    <td>
                      {editable ? (
                        <input
                          inputMode="numeric"
                          aria-label={t("columns.cell", {
                            type: typeName(r.vehicle_type_id),
                            column: t("columns.spaces"),
                          })}
                          {...cellProps(i, "capacity")}
                          {...form.register(`rows.${i}.capacity` as const)}
                        />
                      ) : (
                        <span>{r.capacity || "—"}</span>
                      )}
                      {cellMessage(i, "capacity")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {errors.length > 0 && (
            <ul className="admin-park-errors" role="alert">
              {errors.map(([key, value]) => (
                <li key={key}>{(value as { message?: string }).message}</li>
              ))}
            </ul>
          )}
          {conflict && (
            <BookingConflicts
              title={t(conflict.settles ? "conflict.moveTitle" : "conflict.title")}
              groups={conflict.conflicts.map((c) => ({
                key: c.vehicle_type_id,
                line: t(conflict.settles ? "conflict.moveLine" : "conflict.line", {
                  count: c.requested,
                  type: typeName(c.vehicle_type_id),
                  requested: c.requested,
                  peak: c.peak,
                }),
                bookings: c.bookings,
              }))}
              footer={
                conflict.settles
                  ? `${t("conflict.moveOffer")} ${t(`closure.payer.${conflict.payer}`)}`
                  : t("conflict.fixed")
              }
              timeZone={park.time_zone}
              language={language}
            />
          )}
          {conflict?.settles && save.variables && (
            <div className="admin-park-actions">
              <button
                type="button"
                className="button button--danger"
                disabled={save.isPending}
                onClick={() => save.mutate({ body: save.variables!.body, confirm: true })}
              >
                {t("conflict.confirm")}
              </button>
              <button type="button" className="button" onClick={() => setConflict(null)}>
                {t("conflict.cancel")}
              </button>
            </div>
          )}
          {save.isError && !conflict && form.serverAlert(save.error) && (
            <p role="alert">{form.serverAlert(save.error)}</p>
          )}
          {saved && (
            <p role="status" className="admin-park-saved">
              {t("saved")}
            </p>
          )}
          {editable && (
            <div className="admin-park-actions">
              <button type="submit" className="button button--accent">
                {save.isPending ? t("saving") : t("saveRates")}
              </button>
            </div>
          )}
        </fieldset>
      </form>
    </section>
  );
}
