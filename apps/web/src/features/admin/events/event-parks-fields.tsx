import {
  EVENT_BUFFER_MAX_MINUTES,
  EVENT_DEFAULT_ARRIVE_BEFORE_MINUTES,
  EVENT_DEFAULT_DEPART_AFTER_MINUTES,
  EVENT_MAX_PARKS,
  type AllocationConflict,
  type VehicleType,
} from "@parkwell/contract";
import { useState } from "react";
import type { UseFieldArrayReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { priceRows, type EventFormApi, type EventValues } from "./event-form-values";

/**
 * The event's parks: a row each with its buffers and its price and allocation per vehicle type,
 * the picker adding one of the user's parks of the venue's country, and beside them what a save
 * was refused for (allocations that do not fit, the parks' other mistakes as lines).
 */
export function EventParksFields({
  form,
  parkRows,
  types,
  editable,
  currency,
  myParks,
  parkName,
  typeName,
  conflict,
  others,
}: {
  form: EventFormApi;
  parkRows: UseFieldArrayReturn<EventValues, "parks">;
  types: VehicleType[];
  editable: boolean;
  currency: string;
  /** The user's parks (any country): the picker offers those of the venue's country not added yet. */
  /** The user's parks the event may use (the one park list, as the events' API narrows it). */
  myParks: { id: number; name: string; city: string; country: string }[];
  parkName: (id: string) => string;
  typeName: (id: number) => string;
  conflict: AllocationConflict | null;
  /** The mistakes no field shows, as lines ("Marina Car Park · Car: ..."), by their key. */
  others: readonly (readonly [key: string, line: string])[];
}) {
  const { t } = useTranslation(["admin-events", "admin-parks", "auth"]);
  const { register, watch } = form;
  const [picked, setPicked] = useState("");
  const country = watch("country");
  const parks = watch("parks");
  const available = myParks.filter(
    (p) => p.country === country && !parks.some((x) => x.park_id === String(p.id)),
  );

  const addPark = () => {
    if (!picked) return;
    parkRows.append({
      park_id: picked,
      before: String(EVENT_DEFAULT_ARRIVE_BEFORE_MINUTES),
      after: String(EVENT_DEFAULT_DEPART_AFTER_MINUTES),
      prices: priceRows(types),
    });
    setPicked("");
  };

  return (
    <section className="admin-park-section" aria-labelledby="event-parks-title">
      <h2 id="event-parks-title">{t("sections.parks")}</h2>
      <p className="admin-park-muted">
        {t("parksHint", { currency: currency, max: EVENT_BUFFER_MAX_MINUTES })}
      </p>
      <div className="admin-event-parks">
        <div className="admin-event-parks__list">
          {parkRows.fields.map((field, i) => (
            <fieldset key={field.id} className="admin-event-park">
              <legend>{parkName(parks[i]?.park_id ?? field.park_id)}</legend>
              <div className="admin-event-park__buffers">
                <TextField
                  label={t("fields.before")}
                  inputMode="numeric"
                  {...register(`parks.${i}.before` as const)}
                />
                <TextField
                  label={t("fields.after")}
                  inputMode="numeric"
                  {...register(`parks.${i}.after` as const)}
                />
              </div>
              <div className="admin-table__scroll">
                <table className="admin-park-rates">
                  <caption className="visually-hidden">
                    {t("pricesCaption", { park: parkName(parks[i]?.park_id ?? field.park_id) })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("columns.vehicle")}</th>
                      <th scope="col">{t("columns.price", { currency: currency })}</th>
                      <th scope="col">{t("columns.allocation")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {field.prices.map((r, j) => (
                      <tr key={r.vehicle_type_id}>
                        <th scope="row">{typeName(r.vehicle_type_id)}</th>
                        <td>
                          <input
                            inputMode="decimal"
                            aria-label={`${parkName(field.park_id)}, ${typeName(r.vehicle_type_id)}: ${t("columns.price", { currency: currency })}`}
                            {...register(`parks.${i}.prices.${j}.price` as const)}
                          />
                        </td>
                        <td>
                          <input
                            inputMode="numeric"
                            aria-label={`${parkName(field.park_id)}, ${typeName(r.vehicle_type_id)}: ${t("columns.allocation")}`}
                            {...register(`parks.${i}.prices.${j}.allocation` as const)}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {editable && (
                <button type="button" className="button" onClick={() => parkRows.remove(i)}>
                  {t("removePark", { park: parkName(field.park_id) })}
                </button>
              )}
            </fieldset>
          ))}
          {parkRows.fields.length === 0 && <p className="admin-park-muted">{t("noParks")}</p>}
          {editable && parkRows.fields.length < EVENT_MAX_PARKS && (
            <div className="admin-event-add">
              <SelectField
                label={t("fields.addPark")}
                options={[
                  ["", available.length > 0 ? t("choosePark") : t("noMoreParks")],
                  ...available.map((p) => [String(p.id), `${p.name} (${p.city})`] as const),
                ]}
                value={picked}
                onChange={(e) => setPicked(e.target.value)}
              />
              <button type="button" className="button" disabled={!picked} onClick={addPark}>
                {t("addPark")}
              </button>
            </div>
          )}
        </div>
        {(conflict || others.length > 0) && (
          <div className="admin-event-parks__problems">
            {conflict && (
              <div className="admin-park-conflicts" role="alert">
                <p>
                  <strong>{conflict.message}</strong>
                </p>
                <ul>
                  {conflict.conflicts.map((c) => (
                    <li key={`${c.park_id}:${c.vehicle_type_id}`}>
                      {t("conflict.line", {
                        park: c.park_name,
                        type: typeName(c.vehicle_type_id),
                        allocation: c.allocation,
                        free: c.free,
                        booked: c.booked,
                      })}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {others.length > 0 && (
              <ul className="admin-park-errors" role="alert">
                {others.map(([key, line]) => (
                  <li key={key}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
