import {
  AdminEventCreateSchema,
  AdminEventVenueInputSchema,
  EVENT_BUFFER_MAX_MINUTES,
  EVENT_CATEGORIES,
  EVENT_DEFAULT_ARRIVE_BEFORE_MINUTES,
  EVENT_DEFAULT_DEPART_AFTER_MINUTES,
  EVENT_MAX_PARKS,
  type AdminEvent,
  type AdminEventCreate,
  type AdminEventCreateParsed,
  type AllocationConflict,
  type VehicleType,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { z } from "zod";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/form-field";
import { ApiError } from "../../../lib/api";
import { errorText, serverFields } from "../../../lib/form-errors";
import { countriesQuery, vehicleTypesQuery } from "../../../lib/queries";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { useCan } from "../me";
import { COUNTRY_CENTERS } from "../../../components/map/map-config";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { cancelEvent, createEvent, eventParksQuery, eventQuery, publishEvent, updateEvent } from "./api";
import { EventStatus } from "./events-page";
import { countryLabel, parseNumber } from "../../../lib/format";

const PickMap = lazy(() => import("../../../components/map/pick-map"));

interface PriceValues {
  vehicle_type_id: number;
  price: string;
  allocation: string;
}
interface ParkValues {
  park_id: string;
  before: string;
  after: string;
  prices: PriceValues[];
}
interface EventValues {
  name: string;
  category: string;
  visibility: string;
  access_code: string;
  en_description: string;
  fr_description: string;
  venue_name: string;
  venue_address: string;
  venue_city: string;
  country: string;
  lat: string;
  lng: string;
  time_zone: string;
  start_local: string;
  end_local: string;
  parks: ParkValues[];
}

/** The API's field names and the form's, where they differ (the form keeps the venue's fields flat). */
const FORM_FIELD: Record<string, keyof EventValues> = {
  "venue.name": "venue_name",
  "venue.address": "venue_address",
  "venue.city": "venue_city",
  "venue.country_code": "country",
  "venue.lat": "lat",
  "venue.lng": "lng",
};

const { shape } = AdminEventCreateSchema;
const venue = AdminEventVenueInputSchema.shape;
/**
 * The contract's rules with the venue's fields flat, so each mistake shows at its own field; its
 * output is the API's body.
 */
const FormSchema = z
  .object({
    name: shape.name,
    description: shape.description,
    category: shape.category,
    visibility: shape.visibility,
    access_code: shape.access_code,
    venue_name: venue.name,
    venue_address: venue.address,
    venue_city: venue.city,
    country: venue.country_code,
    lat: venue.lat,
    lng: venue.lng,
    time_zone: shape.time_zone,
    start_local: shape.start_local,
    end_local: shape.end_local,
    parks: shape.parks,
  })
  .transform(
    ({ venue_name, venue_address, venue_city, country, lat, lng, ...rest }): AdminEventCreateParsed => ({
      ...rest,
      venue: { name: venue_name, address: venue_address, city: venue_city, country_code: country, lat, lng },
    }),
  );

function priceRows(types: VehicleType[], prices: AdminEvent["parks"][number]["prices"] = []): PriceValues[] {
  return types.map((v) => {
    const p = prices.find((x) => x.vehicle_type_id === v.id);
    return {
      vehicle_type_id: v.id,
      price: p ? String(p.price) : "",
      allocation: p ? String(p.allocation) : "",
    };
  });
}

function valuesOf(e: AdminEvent | undefined, types: VehicleType[]): EventValues {
  const center = COUNTRY_CENTERS.NG!;
  return {
    name: e?.name ?? "",
    category: e?.category ?? "sport",
    visibility: e?.visibility ?? "public",
    access_code: "",
    en_description: e?.description.en ?? "",
    fr_description: e?.description.fr ?? "",
    venue_name: e?.venue.name ?? "",
    venue_address: e?.venue.address ?? "",
    venue_city: e?.venue.city ?? "",
    country: e?.venue.country_code ?? "NG",
    lat: String(e?.venue.lat ?? center[0]),
    lng: String(e?.venue.lng ?? center[1]),
    time_zone: e?.time_zone ?? "Africa/Lagos",
    start_local: e?.start_local ?? "",
    end_local: e?.end_local ?? "",
    parks: (e?.parks ?? []).map((p) => ({
      park_id: String(p.park_id),
      before: String(p.arrive_before_minutes),
      after: String(p.depart_after_minutes),
      prices: priceRows(types, p.prices),
    })),
  };
}

/** The prices a park row sends: the vehicle types given a price or an allocation. */
const offered = (p: ParkValues) =>
  p.prices.filter((r) => r.price.trim() !== "" || r.allocation.trim() !== "");

/**
 * The form's values as the schema reads them (strings to numbers as the language writes them,
 * empty price rows left out).
 */
function inputOf(v: EventValues, language: string): z.input<typeof FormSchema> {
  const num = (s: string) => parseNumber(s, language);
  return {
    name: v.name,
    description: { en: v.en_description, fr: v.fr_description },
    category: v.category as AdminEventCreate["category"],
    visibility: v.visibility as AdminEventCreate["visibility"],
    ...(v.visibility === "private" && v.access_code.trim() !== "" ? { access_code: v.access_code } : {}),
    venue_name: v.venue_name,
    venue_address: v.venue_address,
    venue_city: v.venue_city,
    country: v.country,
    lat: num(v.lat),
    lng: num(v.lng),
    time_zone: v.time_zone,
    start_local: v.start_local,
    end_local: v.end_local,
    parks: v.parks.map((p) => ({
      park_id: num(p.park_id),
      arrive_before_minutes: num(p.before),
      depart_after_minutes: num(p.after),
      prices: offered(p).map((r) => ({
        vehicle_type_id: r.vehicle_type_id,
        price: num(r.price),
        allocation: num(r.allocation),
      })),
    })),
  };
}

/** What a refused save or publish carries when allocations do not fit. */
const conflictsOf = (err: unknown): AllocationConflict | null =>
  err instanceof ApiError && err.code === "allocation_conflict" ? (err.body as AllocationConflict) : null;

/** A new event (/admin/events/new) or an existing one (/admin/events/{code}). */
export function EventEditor() {
  const { t } = useTranslation(["admin-events", "auth"]);
  const { code } = useParams();
  const event = useQuery({ ...eventQuery(code ?? ""), enabled: Boolean(code) });
  const types = useQuery(vehicleTypesQuery());
  if ((code && event.isPending) || types.isPending) return <LoadingState text={t("loading")} />;
  if ((code && (event.isError || !event.data)) || !types.data) {
    return (
      <>
        <PageHeader title={t("title")} />
        <p role="alert">{errorText(t, event.error ?? types.error)}</p>
        <Link to="..">{t("back")}</Link>
      </>
    );
  }
  return <EventForm key={code ?? "new"} event={event.data} types={types.data} />;
}

function EventForm({ event, types }: { event: AdminEvent | undefined; types: VehicleType[] }) {
  const { t, i18n } = useTranslation(["admin-events", "admin-parks", "auth"]);
  const can = useCan();
  const navigate = useNavigate();
  const client = useQueryClient();
  const editable = event ? can("events.update") && event.status !== "cancelled" : can("events.create");
  const countries = useQuery(countriesQuery());
  // The picker lists the user's parks (their names also label the rows); only asked by who may see them.
  const myParks = useQuery({ ...eventParksQuery, enabled: editable && can("parks.view") });
  const form = useSchemaForm<EventValues, typeof FormSchema>({
    schema: FormSchema,
    defaultValues: valuesOf(event, types),
    toInput: (v) => inputOf(v, i18n.language),
  });
  const { register, watch, setValue, formState, control } = form;
  const parkRows = useFieldArray({ control, name: "parks" });
  const [saved, setSaved] = useState(false);
  const [conflict, setConflict] = useState<AllocationConflict | null>(null);
  const [parkErrors, setParkErrors] = useState<Record<string, string>>({});
  const [picked, setPicked] = useState("");
  const [confirm, setConfirm] = useState<"publish" | "cancel" | null>(null);

  const country = watch("country");
  const countryRow = countries.data?.find((c) => c.code === country);
  const zones = countryRow?.time_zones ?? [];
  const zone = watch("time_zone");
  const visibility = watch("visibility");
  const parks = watch("parks");
  const lat = parseNumber(watch("lat"), i18n.language);
  const lng = parseNumber(watch("lng"), i18n.language);
  const available = (myParks.data?.items ?? []).filter(
    (p) => p.country === country && !parks.some((x) => x.park_id === String(p.id)),
  );
  const parkName = (id: string) =>
    myParks.data?.items.find((p) => String(p.id) === id)?.name ??
    event?.parks.find((p) => String(p.park_id) === id)?.park_name ??
    id;
  const typeName = (id: number) =>
    t(`vehicleId.${id}`, {
      ns: "admin-parks",
      defaultValue: types.find((v) => v.id === id)?.name ?? String(id),
    });

  const stored = (result: AdminEvent) => {
    client.setQueryData(eventQuery(result.event_code).queryKey, result);
    return client.invalidateQueries({ queryKey: ["admin", "events"] });
  };
  const refused = (err: unknown) => {
    setConflict(conflictsOf(err));
    const fields = serverFields(err);
    const own: Record<string, string> = {};
    for (const [name, message] of Object.entries(fields)) {
      const field = FORM_FIELD[name] ?? (name in form.getValues() ? (name as keyof EventValues) : null);
      if (field && field !== "parks") form.setError(field, { type: "server", message });
      else own[name] = message;
    }
    setParkErrors(own);
  };
  const save = useMutation({
    mutationFn: (body: AdminEventCreateParsed) =>
      event ? updateEvent(event.event_code, body) : createEvent(body),
    onMutate: () => {
      setSaved(false);
      setConflict(null);
      setParkErrors({});
    },
    onSuccess: async (result) => {
      setSaved(true);
      await stored(result);
      if (!event) void navigate(`../${result.event_code}`, { relative: "path" });
    },
    onError: refused,
  });
  const publish = useMutation({
    mutationFn: () => publishEvent(event!.event_code),
    onMutate: () => setConflict(null),
    onSuccess: async (result) => {
      setConfirm(null);
      await stored(result);
    },
    onError: (err) => {
      if (conflictsOf(err)) {
        setConfirm(null);
        setConflict(conflictsOf(err));
      }
    },
  });
  const cancel = useMutation({
    mutationFn: () => cancelEvent(event!.event_code),
    onSuccess: async (result) => {
      setConfirm(null);
      await stored(result);
    },
  });

  const err = (name: keyof EventValues) => {
    const found = Object.entries(formState.errors).find(([key]) => key === name);
    return (found?.[1] as { message?: string } | undefined)?.message;
  };
  /** Messages about the parks (and any other the fields do not show), with the park and vehicle type named. */
  const where = (key: string) => {
    const m = /^parks\.(\d+)(?:\.prices\.(\d+))?/.exec(key);
    if (!m)
      return key === "parks"
        ? t("sections.parks")
        : t(`errorField.${key.split(".")[0]}`, { defaultValue: key });
    const row = parks[Number(m[1])];
    if (!row) return t("sections.parks");
    const type = m[2] === undefined ? undefined : offered(row)[Number(m[2])]?.vehicle_type_id;
    return type === undefined ? parkName(row.park_id) : `${parkName(row.park_id)} · ${typeName(type)}`;
  };
  /** The fields that show their own message; the others' are listed beside the parks. */
  const shown = new Set<string>([
    "name",
    "category",
    "visibility",
    "access_code",
    "time_zone",
    "start_local",
    "end_local",
    ...Object.values(FORM_FIELD),
  ]);
  const others = [
    ...Object.entries(formState.errors)
      .filter(([key]) => !shown.has(key))
      .map(([key, value]) => [key, (value as { message?: string }).message ?? ""] as const),
    ...Object.entries(parkErrors),
  ];

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
    <>
      <PageHeader
        title={event ? event.name : t("newTitle")}
        description={
          event ? (
            <>
              <span className="admin-park-code">{event.event_code}</span> ·{" "}
              <EventStatus status={event.status} /> · {t(`visibility.${event.visibility}`)}
            </>
          ) : (
            t("newDescription")
          )
        }
        actions={
          <>
            <Link className="button" to="..">
              {t("back")}
            </Link>
            {event && (
              <>
                <Link className="button" to="bookings">
                  {t("bookingsLink")}
                </Link>
                <Link className="button" to="report">
                  {t("reportLink")}
                </Link>
              </>
            )}
            {event?.status === "draft" && can("events.update") && (
              <button type="button" className="button button--accent" onClick={() => setConfirm("publish")}>
                {t("publish")}
              </button>
            )}
            {event && event.status !== "cancelled" && can("events.delete") && (
              <button type="button" className="button button--danger" onClick={() => setConfirm("cancel")}>
                {t("cancelEvent")}
              </button>
            )}
          </>
        }
      />
      <ConfirmDialog
        open={confirm === "publish"}
        title={t("publishTitle")}
        message={t("publishMessage", { name: event?.name ?? "" })}
        confirmLabel={t("publish")}
        busy={publish.isPending}
        error={publish.isError && !conflictsOf(publish.error) ? errorText(t, publish.error) : null}
        onConfirm={() => publish.mutate()}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === "cancel"}
        title={t("cancelTitle")}
        message={t("cancelMessage", { name: event?.name ?? "" })}
        confirmLabel={t("cancelEvent")}
        danger
        busy={cancel.isPending}
        error={cancel.isError ? errorText(t, cancel.error) : null}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirm(null)}
      />
      {event?.status === "cancelled" && (
        <p className="admin-event-note" role="status">
          {t("cancelledNote")}
        </p>
      )}
      {event && event.booked > 0 && event.status !== "cancelled" && (
        <p className="admin-event-note">{t("bookedNote", { count: event.booked })}</p>
      )}
      <form className="admin-park-form" noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
        <fieldset disabled={!editable || save.isPending}>
          <section className="admin-park-section">
            <h2>{t("sections.details")}</h2>
            <div className="admin-park-grid">
              <TextField label={t("fields.name")} required error={err("name")} {...register("name")} />
              <SelectField
                label={t("fields.category")}
                options={EVENT_CATEGORIES.map((c) => [c, t(`categories.${c}`)] as const)}
                error={err("category")}
                {...register("category")}
              />
              <SelectField
                label={t("fields.visibility")}
                options={[
                  ["public", t("visibility.public")],
                  ["private", t("visibility.private")],
                ]}
                error={err("visibility")}
                {...register("visibility")}
              />
              {visibility === "private" && (
                <TextField
                  label={t("fields.accessCode")}
                  hint={event?.has_access_code ? t("accessCodeKeep") : t("accessCodeHint")}
                  autoComplete="off"
                  error={err("access_code")}
                  {...register("access_code")}
                />
              )}
            </div>
            <div className="admin-park-texts">
              <div lang="en">
                <TextAreaField label={t("fields.descriptionEn")} rows={3} {...register("en_description")} />
              </div>
              <div lang="fr">
                <TextAreaField label={t("fields.descriptionFr")} rows={3} {...register("fr_description")} />
              </div>
            </div>
          </section>

          <section className="admin-park-section">
            <h2>{t("sections.when")}</h2>
            <div className="admin-park-grid">
              <SelectField
                label={t("fields.timeZone")}
                options={(zones.includes(zone) ? zones : [zone, ...zones]).map((z) => [z, z] as const)}
                error={err("time_zone")}
                {...register("time_zone")}
              />
              <TextField
                type="datetime-local"
                label={t("fields.start", { zone })}
                required
                error={err("start_local")}
                {...register("start_local")}
              />
              <TextField
                type="datetime-local"
                label={t("fields.end", { zone })}
                required
                error={err("end_local")}
                {...register("end_local")}
              />
            </div>
            <p className="admin-park-muted">{t("whenHint", { zone })}</p>
          </section>

          <section className="admin-park-section">
            <h2>{t("sections.venue")}</h2>
            <div className="admin-park-grid">
              <TextField
                label={t("fields.venueName")}
                required
                error={err("venue_name")}
                {...register("venue_name")}
              />
              <SelectField
                label={t("fields.country")}
                options={(countries.data ?? []).map((c) => [c.code, countryLabel(t, c)] as const)}
                error={err("country")}
                {...register("country", {
                  onChange: (e: { target: { value: string } }) => {
                    const c = countries.data?.find((x) => x.code === e.target.value);
                    if (c?.time_zones[0]) setValue("time_zone", c.time_zones[0]);
                    const center = COUNTRY_CENTERS[e.target.value];
                    if (center && !event) {
                      setValue("lat", String(center[0]));
                      setValue("lng", String(center[1]));
                    }
                  },
                })}
              />
              <TextField
                label={t("fields.city")}
                required
                error={err("venue_city")}
                {...register("venue_city")}
              />
              <TextField
                label={t("fields.address")}
                required
                wide
                error={err("venue_address")}
                {...register("venue_address")}
              />
              <TextField
                label={t("fields.lat")}
                inputMode="decimal"
                error={err("lat")}
                {...register("lat")}
              />
              <TextField
                label={t("fields.lng")}
                inputMode="decimal"
                error={err("lng")}
                {...register("lng")}
              />
            </div>
            <p className="admin-park-muted">{t("mapHint")}</p>
            <Suspense fallback={<div className="pick-map admin-park-map" />}>
              <PickMap
                className="admin-park-map"
                zoom={15}
                lat={Number.isFinite(lat) ? lat : 0}
                lng={Number.isFinite(lng) ? lng : 0}
                label={t("mapLabel")}
                onPick={(a, b) => {
                  setValue("lat", String(a), { shouldDirty: true });
                  setValue("lng", String(b), { shouldDirty: true });
                }}
              />
            </Suspense>
          </section>

          <section className="admin-park-section" aria-labelledby="event-parks-title">
            <h2 id="event-parks-title">{t("sections.parks")}</h2>
            <p className="admin-park-muted">
              {t("parksHint", { currency: countryRow?.currency ?? "", max: EVENT_BUFFER_MAX_MINUTES })}
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
                            <th scope="col">
                              {t("columns.price", { currency: countryRow?.currency ?? "" })}
                            </th>
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
                                  aria-label={`${parkName(field.park_id)}, ${typeName(r.vehicle_type_id)}: ${t("columns.price", { currency: countryRow?.currency ?? "" })}`}
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
                      {others.map(([key, message]) => (
                        <li key={key}>{t("errorLine", { where: where(key), message })}</li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </div>
          </section>

          {save.isError && !conflict && others.length === 0 && Object.keys(formState.errors).length === 0 && (
            <p role="alert">{errorText(t, save.error)}</p>
          )}
          {saved && !save.isPending && (
            <p role="status" className="admin-park-saved">
              {t("saved")}
            </p>
          )}
          {editable && (
            <div className="admin-park-actions">
              <button type="submit" className="button button--accent">
                {save.isPending ? t("saving") : event ? t("save") : t("create")}
              </button>
            </div>
          )}
        </fieldset>
      </form>
    </>
  );
}
