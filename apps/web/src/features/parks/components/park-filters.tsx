import {
  AMENITIES,
  CHARGER_CONNECTOR_NAMES,
  CHARGER_CONNECTORS,
  type ChargerConnector,
  PARK_SORTS,
  PARK_TYPES,
  type Amenity,
  type ParkSort,
  type ParkType,
} from "@parkwell/contract";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Field, SelectField, TextField } from "../../../components/ui/form-field";
import { SearchTextField } from "../../../components/ui/search-text-field";
import { useVehicleTypes } from "../api";
import { formatNumber } from "../../../lib/format";
import { formQuery } from "../../../lib/form-query";
import { windowWallClock } from "../../../lib/zoned-time";
import { parseParkQuery, toSearchParams, type ParkQuery } from "../search-params";

interface Props {
  query: ParkQuery;
  /** The searched country's clock, which an older link's instants are shown on. */
  zone: string | undefined;
  onChange: (next: ParkQuery) => void;
}

/** The charging powers the filter offers: a home-like AC charge, fast AC, DC fast, DC ultra-fast. */
const MIN_KW_CHOICES = [7, 22, 50, 150] as const;

/** The URL's parameters that a field of the form sends; the others go with it as hidden fields. */
const FIELDS = [
  "search",
  "type",
  "vehicle_type_id",
  "sort",
  "min_rating",
  "start_time",
  "end_time",
  "connector",
  "min_kw",
];

/**
 * Text, type, amenities, vehicle, window, chargers and sort; every change goes back to page 1. The
 * parent keys it by the search text so that a new URL resets the text box. The form is also a
 * plain GET to the list, and its submit reads what its fields show (formQuery), as that GET sends
 * it: a driver may type before the page is hydrated.
 */
export function ParkFilters({ query, zone, onChange }: Props) {
  const { t, i18n } = useTranslation("parks");
  const id = useId();
  const vehicles = useVehicleTypes();
  const [text, setText] = useState(query.search ?? "");
  const update = (patch: Partial<ParkQuery>) => onChange({ ...query, ...patch, page: 1 });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const sent = parseParkQuery(formQuery(e.currentTarget));
    onChange({
      ...sent,
      search: sent.search?.trim() || undefined,
      // Until the vehicle types come, the select cannot show the URL's vehicle: it is kept.
      vehicleTypeId: vehicles.data ? sent.vehicleTypeId : query.vehicleTypeId,
    });
  };
  const toggle = (a: Amenity) =>
    update({
      amenities: query.amenities.includes(a)
        ? query.amenities.filter((x) => x !== a)
        : [...query.amenities, a],
    });
  // Folded into one bar with the count of filters set, on every width: open, they pushed the
  // first result down about 1,300 px on a desktop.
  const active =
    [
      query.type,
      query.vehicleTypeId,
      query.minRating,
      query.sort,
      query.start,
      query.end,
      query.connector,
      query.minKw,
    ].filter(Boolean).length + query.amenities.length;
  // Wall-clock times, as typed and as the URL carries them: each park reads them on its clock.
  const startInput = windowWallClock(query.start, zone ?? "UTC") ?? "";
  const endInput = windowWallClock(query.end, zone ?? "UTC") ?? "";

  return (
    <form className="park-filters" role="search" action="/parks-list" onSubmit={submit}>
      {/* The rest of the URL's search goes with the GET as it is: the place, and the amenities,
          which the URL lists in one parameter (a checkbox sends one each). */}
      {[...toSearchParams({ ...query, page: 1 })]
        .filter(([name]) => !FIELDS.includes(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      <Field label={t("searchLabel")} wide>
        {(control) => (
          <div className="park-inline">
            <SearchTextField
              id={control.id}
              name="search"
              value={text}
              onChange={setText}
              placeholder={t("searchPlaceholder")}
              button={t("searchButton")}
            />
          </div>
        )}
      </Field>
      <details className="field--wide park-more">
        <summary>{t("filters", { count: active })}</summary>
        <div className="park-filters__grid">
          <SelectField
            label={t("typeLabel")}
            name="type"
            value={query.type ?? ""}
            onChange={(e) => update({ type: (e.target.value || undefined) as ParkType | undefined })}
            options={[["", t("anyType")], ...PARK_TYPES.map((p) => [p, t(`type.${p}`)] as const)]}
          />
          <SelectField
            label={t("vehicleLabel")}
            name="vehicle_type_id"
            value={query.vehicleTypeId ?? ""}
            onChange={(e) => update({ vehicleTypeId: e.target.value ? Number(e.target.value) : undefined })}
            options={[
              ["", t("anyVehicle")],
              ...(vehicles.data ?? []).map(
                (v) => [v.id, t(`vehicle.${v.code}`, { defaultValue: v.name })] as const,
              ),
            ]}
          />
          <SelectField
            label={t("sortLabel")}
            name="sort"
            value={query.sort ?? ""}
            onChange={(e) => update({ sort: (e.target.value || undefined) as ParkSort | undefined })}
            options={[
              ["", t("sort.default")],
              // "Best match" (the default) is relevance already: it is not offered twice.
              ...PARK_SORTS.filter(
                (s) => s !== "relevance" && (s !== "distance" || query.lat !== undefined),
              ).map((s) => [s, t(`sort.${s}`)] as const),
            ]}
          />
          <SelectField
            label={t("minRatingLabel")}
            name="min_rating"
            value={query.minRating ?? ""}
            onChange={(e) => update({ minRating: e.target.value ? Number(e.target.value) : undefined })}
            options={[
              ["", t("minRating.any")],
              ...[4, 3, 2, 1].map((n) => [n, t("minRating.atLeast", { stars: n })] as const),
            ]}
          />
          <TextField
            label={t("startLabel")}
            name="start_time"
            type="datetime-local"
            value={startInput}
            describedBy={`${id}-local`}
            onChange={(e) => update({ start: e.target.value || undefined, end: endInput || undefined })}
          />
          <TextField
            label={t("endLabel")}
            name="end_time"
            type="datetime-local"
            value={endInput}
            min={startInput || undefined}
            describedBy={`${id}-local`}
            onChange={(e) => update({ start: startInput || undefined, end: e.target.value || undefined })}
          />
          <p id={`${id}-local`} className="field__hint field--wide">
            {t("windowLocal")}
          </p>
          <fieldset className="field field--wide park-amenities">
            <legend>{t("amenitiesTitle")}</legend>
            {AMENITIES.map((a) => (
              <label key={a} className="park-check">
                <input type="checkbox" checked={query.amenities.includes(a)} onChange={() => toggle(a)} />
                {t(`amenity.${a}`)}
              </label>
            ))}
          </fieldset>
          {/* Beside EV charging: the parks whose chargers fit the car (decision 045). */}
          <SelectField
            label={t("connectorLabel")}
            name="connector"
            value={query.connector ?? ""}
            onChange={(e) =>
              update({ connector: (e.target.value || undefined) as ChargerConnector | undefined })
            }
            options={[
              ["", t("anyConnector")],
              ...CHARGER_CONNECTORS.map((c) => [c, CHARGER_CONNECTOR_NAMES[c]] as const),
            ]}
          />
          <SelectField
            label={t("minKwLabel")}
            name="min_kw"
            value={query.minKw ?? ""}
            onChange={(e) => update({ minKw: e.target.value ? Number(e.target.value) : undefined })}
            options={[
              ["", t("anyPower")],
              ...MIN_KW_CHOICES.map(
                (kw) => [kw, t("minKw", { kw: formatNumber(kw, i18n.language) })] as const,
              ),
            ]}
          />
        </div>
      </details>
    </form>
  );
}
