import {
  ADMIN_PARK_STATUSES,
  AdminParkCreateSchema,
  PARK_TYPES,
  type AdminPark,
  type AdminParkCreate,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { api } from "../../../lib/api";
import { firstServedCountryCode, servedZoneOf } from "../../../lib/country";
import { errorText } from "../../../lib/form-errors";
import { countryLabel, formatCoordinateInput, parseNumber } from "../../../lib/format";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { formatClockTime, parseClockTime } from "../../../lib/zoned-time";
import { useCan } from "../me";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { createPark, guaranteeOffersQuery, operatorsQuery, parkQuery, updatePark } from "./api";
import { COUNTRY_CENTERS } from "../../../components/map/map-config";
import { DAYS } from "./park-hours";
import { AmenitiesSection, HoursSection, TextsSection } from "./park-sections";
import { ParkChargers } from "./park-chargers";
import { ParkRateRules } from "./park-rate-rules";
import { ParkPhotos } from "./park-photos";
import { RatesAndCapacities } from "./rates-capacities";
import { closureConflictOf, ClosureStep, ParkGuaranteeOffers } from "./closure-confirm";
import { countriesQuery } from "../../../lib/queries";

const PickMap = lazy(() => import("../../../components/map/pick-map"));

/** A day's times as typed: written on the language's clock ("7:00 AM", "07:00"), read on either. */
export interface DayValues {
  mode: "open" | "closed";
  open: string;
  close: string;
}

export interface ParkValues {
  name: string;
  type: string;
  country: string;
  state_id: string;
  /** The park's tax district (decision 049), one of its state's; "": none. */
  tax_district_id: string;
  city: string;
  address: string;
  lat: string;
  lng: string;
  time_zone: string;
  open_24h: boolean;
  days: DayValues[];
  overnight_stays: boolean;
  closures: string;
  amenities: string[];
  max_height_cm: string;
  text_language: "en" | "fr";
  en_description: string;
  en_entry: string;
  fr_description: string;
  fr_entry: string;
  operator_id: string;
  status: string;
}

function valuesOf(p: AdminPark | undefined, language: "en" | "fr"): ParkValues {
  const country = p?.country ?? firstServedCountryCode();
  const center = COUNTRY_CENTERS[country] ?? [0, 0];
  const clock = (hhmm: string) => formatClockTime(hhmm, language);
  return {
    name: p?.name ?? "",
    type: p?.type ?? "city",
    country,
    state_id: p?.state_id ? String(p.state_id) : "",
    tax_district_id: p?.tax_district_id ? String(p.tax_district_id) : "",
    city: p?.city ?? "",
    address: p?.address ?? "",
    lat: formatCoordinateInput(p?.lat ?? center[0], language),
    lng: formatCoordinateInput(p?.lng ?? center[1], language),
    time_zone: p?.time_zone ?? servedZoneOf(country) ?? "Africa/Lagos",
    open_24h: p?.open_24h ?? true,
    days: DAYS.map((d) => {
      const h = p?.opening_hours?.[d];
      return h
        ? { mode: "open", open: clock(h.open), close: clock(h.close) }
        : { mode: p?.opening_hours ? "closed" : "open", open: clock("07:00"), close: clock("22:00") };
    }),
    overnight_stays: p?.overnight_stays ?? false,
    closures: (p?.closures ?? []).join("\n"),
    amenities: p?.amenities ?? [],
    max_height_cm: p?.max_height_cm ? String(p.max_height_cm) : "",
    text_language: p?.text_language ?? language,
    en_description: p?.texts.en.description ?? "",
    en_entry: p?.texts.en.entry_instructions ?? "",
    fr_description: p?.texts.fr.description ?? "",
    fr_entry: p?.texts.fr.entry_instructions ?? "",
    operator_id: p ? String(p.operator?.id ?? "") : "",
    status: p?.status ?? "active",
  };
}

/** The form's values as the API's body (the contract's schema checks it, as the server does). */
function bodyOf(v: ParkValues, chooseOperator: boolean, language: string): AdminParkCreate {
  const num = (s: string) => parseNumber(s, language);
  return {
    name: v.name,
    type: v.type as AdminParkCreate["type"],
    country: v.country,
    state_id: v.state_id ? Number(v.state_id) : null,
    tax_district_id: v.tax_district_id ? Number(v.tax_district_id) : null,
    city: v.city,
    address: v.address,
    lat: num(v.lat),
    lng: num(v.lng),
    time_zone: v.time_zone,
    open_24h: v.open_24h,
    opening_hours: v.open_24h
      ? null
      : v.days.map((d) =>
          d.mode === "closed"
            ? null
            : // What is no time goes as typed, for the schema to say so at its cell.
              { open: parseClockTime(d.open) ?? d.open, close: parseClockTime(d.close, true) ?? d.close },
        ),
    overnight_stays: v.overnight_stays,
    closures: v.closures
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean),
    amenities: v.amenities as AdminParkCreate["amenities"],
    max_height_cm: v.max_height_cm.trim() === "" ? null : num(v.max_height_cm),
    text_language: v.text_language,
    texts: {
      en: { description: v.en_description, entry_instructions: v.en_entry },
      fr: { description: v.fr_description, entry_instructions: v.fr_entry },
    },
    status: v.status as AdminParkCreate["status"],
    ...(chooseOperator ? { operator_id: v.operator_id ? Number(v.operator_id) : null } : {}),
  };
}

/**
 * A day's time at its cell: `opening_hours.2.close` (the schema's or the server's) is Wednesday's
 * closing time; any other problem is at the body's top-level field.
 */
function hoursField(path: readonly PropertyKey[]): string {
  const [list, day, time] = path;
  if (list === "opening_hours" && typeof day === "number" && (time === "open" || time === "close"))
    return `days.${day}.${time}`;
  return String(path[0] ?? "form");
}

/**
 * The park's tax district (decision 049): "None" or one of the chosen state's districts, read as
 * its states are (public reference data), each named in the reader's language by its code.
 */
function TaxDistrictField(props: {
  stateId: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation("admin-parks");
  const { stateId } = props;
  const districts = useQuery({
    queryKey: ["tax-districts", stateId],
    queryFn: () => api("/tax-districts", { query: { state_id: Number(stateId) } }),
    enabled: stateId !== "",
  });
  const listed = stateId === "" ? [] : (districts.data ?? []);
  return (
    <SelectField
      label={t("fields.taxDistrict")}
      hint={t("taxDistrictHint")}
      options={[
        ["", t("noTaxDistrict")],
        ...listed.map((d) => [String(d.id), t(`taxDistricts.${d.code}`, { defaultValue: d.name })] as const),
      ]}
      error={props.error}
      wide
      name="tax_district_id"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/** A new park (/admin/parks/new) or an existing one (/admin/parks/{id}). */
export function ParkEditor() {
  const { t } = useTranslation(["admin-parks", "auth"]);
  const { id } = useParams();
  const parkId = id ? Number(id) : null;
  const park = useQuery({ ...parkQuery(parkId ?? 0), enabled: parkId !== null });
  if (parkId !== null && park.isPending) return <LoadingState text={t("loading")} />;
  if (parkId !== null && (park.isError || !park.data)) {
    return (
      <>
        <PageHeader title={t("title")} />
        <p role="alert">{errorText(t, park.error)}</p>
        <Link to="..">{t("back")}</Link>
      </>
    );
  }
  return <ParkEditorLoaded key={parkId ?? "new"} park={park.data} />;
}

function ParkEditorLoaded({ park }: { park: AdminPark | undefined }) {
  const { t, i18n } = useTranslation(["admin-parks", "auth"]);
  const can = useCan();
  const navigate = useNavigate();
  const client = useQueryClient();
  const isAdmin = can("roles.view");
  const chooseOperator = isAdmin;
  const editable = park ? can("parks.update") : can("parks.create");
  const countries = useQuery(countriesQuery());
  const form = useSchemaForm<ParkValues, typeof AdminParkCreateSchema>({
    schema: AdminParkCreateSchema,
    defaultValues: valuesOf(park, i18n.language === "fr" ? "fr" : "en"),
    toInput: (v) => bodyOf(v, chooseOperator, i18n.language),
    fieldOf: hoursField,
  });
  const { register, watch, setValue, formState } = form;
  const country = watch("country");
  const countryRow = countries.data?.find((c) => c.code === country);
  const states = useQuery({
    queryKey: ["states", countryRow?.id],
    queryFn: () => api("/states/load", { query: { country_id: countryRow!.id } }),
    enabled: Boolean(countryRow),
  });
  const stateId = watch("state_id");
  const operators = useQuery({ ...operatorsQuery, enabled: chooseOperator });
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const save = useMutation({
    mutationFn: (body: AdminParkCreate & { confirm_closures?: boolean }) =>
      park ? updatePark(park.id, body) : createPark(body),
    onSuccess: async (result) => {
      setSaved(true);
      client.setQueryData(parkQuery(result.id).queryKey, result);
      await client.invalidateQueries({ queryKey: ["admin", "parks"] });
      await client.invalidateQueries({ queryKey: guaranteeOffersQuery(result.id).queryKey });
      if (!park) void navigate(`../${result.id}`, { relative: "path" });
    },
    onError: (err) => form.showServerErrors(err),
  });
  const status = useMutation({
    mutationFn: (next: "active" | "inactive") => updatePark(park!.id, { status: next }),
    onSuccess: async (result) => {
      setConfirming(false);
      client.setQueryData(parkQuery(result.id).queryKey, result);
      setValue("status", result.status);
      await client.invalidateQueries({ queryKey: ["admin", "parks"] });
    },
  });

  const err = (name: string) => {
    const found = Object.entries(formState.errors).find(([key]) => key === name);
    return (found?.[1] as { message?: string } | undefined)?.message;
  };
  /** Errors the fields below do not show themselves (a day's hours, a closure date, texts). */
  const shown = new Set([
    "name",
    "type",
    "country",
    "state_id",
    "tax_district_id",
    "city",
    "address",
    "lat",
    "lng",
    "time_zone",
    "max_height_cm",
    "operator_id",
  ]);
  const others = Object.entries(formState.errors).filter(([key]) => !shown.has(key) && key !== "days");
  const lat = parseNumber(watch("lat"), i18n.language);
  const lng = parseNumber(watch("lng"), i18n.language);
  const zones = countryRow?.time_zones ?? [];

  return (
    <>
      <PageHeader
        title={park ? park.name : t("newTitle")}
        description={park ? `${park.park_code} · ${t(`status.${park.status}`)}` : t("newDescription")}
        actions={
          <>
            <Link className="button" to="..">
              {t("back")}
            </Link>
            {park && park.status === "active" && (
              <a className="button" href={`/park/${park.slug}`} target="_blank" rel="noreferrer">
                {t("viewPublic")}
              </a>
            )}
            {park && can("parks.update") && park.status !== "inactive" && can("parks.delete") && (
              <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
                {t("deactivate")}
              </button>
            )}
            {park && can("parks.update") && park.status === "inactive" && (
              <button type="button" className="button" onClick={() => status.mutate("active")}>
                {t("reactivate")}
              </button>
            )}
          </>
        }
      />
      <ConfirmDialog
        open={confirming}
        title={t("deactivateTitle")}
        message={t("deactivateMessage", { name: park?.name ?? "" })}
        confirmLabel={t("deactivate")}
        danger
        busy={status.isPending}
        error={status.isError ? errorText(t, status.error) : null}
        onConfirm={() => status.mutate("inactive")}
        onCancel={() => setConfirming(false)}
      />
      {park && !editable && (
        <p className="notice" role="note" data-testid="park-read-only">
          {t("readOnly")}
        </p>
      )}
      <form
        className={editable ? "admin-park-form" : "admin-park-form admin-read-only"}
        noValidate
        onSubmit={form.handleSubmit((body) => {
          setSaved(false);
          save.mutate(body as AdminParkCreate);
        })}
      >
        <fieldset disabled={!editable || save.isPending}>
          <section className="admin-park-section">
            <h2>{t("sections.details")}</h2>
            <div className="admin-park-grid">
              <TextField
                label={t("fields.name")}
                required={editable}
                error={err("name")}
                {...register("name")}
              />
              <SelectField
                label={t("fields.type")}
                options={PARK_TYPES.map((p) => [p, t(`types.${p}`)] as const)}
                error={err("type")}
                {...register("type")}
              />
              {chooseOperator && (
                <SelectField
                  label={t("fields.operator")}
                  options={[
                    ["", t("parkwell")],
                    ...(operators.data?.items ?? []).map((o) => [String(o.id), o.name] as const),
                  ]}
                  error={err("operator_id")}
                  {...register("operator_id")}
                />
              )}
              <SelectField
                label={t("fields.status")}
                options={ADMIN_PARK_STATUSES.filter((s) => s !== "inactive" || park).map(
                  (s) => [s, t(`status.${s}`)] as const,
                )}
                {...register("status")}
              />
            </div>
          </section>

          <section className="admin-park-section">
            <h2>{t("sections.location")}</h2>
            <div className="admin-park-grid">
              <SelectField
                label={t("fields.country")}
                options={(countries.data ?? []).map((c) => [c.code, countryLabel(t, c)] as const)}
                error={err("country")}
                {...register("country", {
                  onChange: (e: { target: { value: string } }) => {
                    const c = countries.data?.find((x) => x.code === e.target.value);
                    setValue("state_id", "");
                    setValue("tax_district_id", "");
                    if (c?.time_zones[0]) setValue("time_zone", c.time_zones[0]);
                    const center = COUNTRY_CENTERS[e.target.value];
                    if (center && !park) {
                      setValue("lat", formatCoordinateInput(center[0], i18n.language));
                      setValue("lng", formatCoordinateInput(center[1], i18n.language));
                    }
                  },
                })}
                // Drawn by React from the form's value: the park's country stays shown while the list loads.
                value={country}
              />
              <SelectField
                label={t("fields.state")}
                options={[
                  ["", t("noState")],
                  ...(states.data ?? []).map((s) => [String(s.id), s.name] as const),
                ]}
                error={err("state_id")}
                // Held by the form and drawn by React: the park's state stays chosen while the list loads.
                name="state_id"
                value={stateId}
                onChange={(e) => {
                  setValue("state_id", e.target.value, { shouldDirty: true });
                  // Another state's district never applies: the choice starts again at none.
                  setValue("tax_district_id", "", { shouldDirty: true });
                }}
              />
              <TextField
                label={t("fields.city")}
                required={editable}
                error={err("city")}
                {...register("city")}
              />
              <TaxDistrictField
                stateId={stateId}
                value={watch("tax_district_id")}
                error={err("tax_district_id")}
                onChange={(value) => setValue("tax_district_id", value, { shouldDirty: true })}
              />
              <TextField
                label={t("fields.address")}
                required={editable}
                error={err("address")}
                {...register("address")}
                wide
              />
              <SelectField
                label={t("fields.timeZone")}
                options={(zones.includes(watch("time_zone")) ? zones : [watch("time_zone"), ...zones]).map(
                  (z) => [z, z] as const,
                )}
                error={err("time_zone")}
                {...register("time_zone")}
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
            {/* The map places the pin: a view that cannot save shows the position as its fields. */}
            {editable && (
              <>
                <p className="admin-park-muted">{t("mapHint")}</p>
                <Suspense fallback={<div className="pick-map admin-park-map" />}>
                  <PickMap
                    className="admin-park-map"
                    zoom={15}
                    lat={Number.isFinite(lat) ? lat : 0}
                    lng={Number.isFinite(lng) ? lng : 0}
                    label={t("mapLabel")}
                    onPick={(a, b) => {
                      setValue("lat", formatCoordinateInput(a, i18n.language), { shouldDirty: true });
                      setValue("lng", formatCoordinateInput(b, i18n.language), { shouldDirty: true });
                    }}
                  />
                </Suspense>
              </>
            )}
          </section>

          <HoursSection form={form} editable={editable} />
          <AmenitiesSection form={form} editable={editable} error={err("max_height_cm")} />
          <TextsSection form={form} editable={editable} />

          {others.length > 0 && (
            <ul className="admin-park-errors" role="alert">
              {others.map(([key, value]) => (
                <li key={key}>
                  {t(`errorField.${key.split(".")[0]}`, { defaultValue: key })}:{" "}
                  {(value as { message?: string }).message}
                </li>
              ))}
            </ul>
          )}
          {save.isError && !form.formState.errors.name && !closureConflictOf(save.error) && (
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
                {save.isPending ? t("saving") : park ? t("save") : t("create")}
              </button>
            </div>
          )}
        </fieldset>
      </form>
      {/* New closure days that hit bookings: listed, saved once confirmed (the space guarantee). */}
      {park && <ClosureStep park={park} save={save} />}
      {park ? (
        <>
          <RatesAndCapacities park={park} editable={can("parks.update")} />
          <ParkRateRules park={park} editable={can("parks.update")} />
          <ParkChargers park={park} editable={can("parks.update")} />
          <ParkPhotos park={park} editable={can("parks.update")} />
          <ParkGuaranteeOffers park={park} />
        </>
      ) : (
        <p className="admin-park-muted">{t("afterCreate")}</p>
      )}
    </>
  );
}
