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
import { windowWallClock } from "../../../lib/zoned-time";
import type { ParkQuery } from "../search-params";

interface Props {
  query: ParkQuery;
  /** The searched country's clock, which an older link's instants are shown on. */
  zone: string | undefined;
  onChange: (next: ParkQuery) => void;
}

/** The charging powers the filter offers: a home-like AC charge, fast AC, DC fast, DC ultra-fast. */
const MIN_KW_CHOICES = [7, 22, 50, 150] as const;

/**
 * Text, type, amenities, vehicle, window, chargers and sort; every change goes back to page 1. The
 * parent keys it by the search text so that a new URL resets the text box.
 */
export function ParkFilters({ query, zone, onChange }: Props) {
  const { t, i18n } = useTranslation("parks");
  const id = useId();
  const vehicles = useVehicleTypes();
  const [text, setText] = useState(query.search ?? "");
  const update = (patch: Partial<ParkQuery>) => onChange({ ...query, ...patch, page: 1 });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update({ search: text.trim() || undefined });
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
    <form className="park-filters" role="search" onSubmit={submit}>
      <Field label={t("searchLabel")} wide>
        {(control) => (
          <div className="park-inline">
            <SearchTextField
              id={control.id}
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
            value={query.type ?? ""}
            onChange={(e) => update({ type: (e.target.value || undefined) as ParkType | undefined })}
            options={[["", t("anyType")], ...PARK_TYPES.map((p) => [p, t(`type.${p}`)] as const)]}
          />
          <SelectField
            label={t("vehicleLabel")}
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
            value={query.minRating ?? ""}
            onChange={(e) => update({ minRating: e.target.value ? Number(e.target.value) : undefined })}
            options={[
              ["", t("minRating.any")],
              ...[4, 3, 2, 1].map((n) => [n, t("minRating.atLeast", { stars: n })] as const),
            ]}
          />
          <TextField
            label={t("startLabel")}
            type="datetime-local"
            value={startInput}
            describedBy={`${id}-local`}
            onChange={(e) => update({ start: e.target.value || undefined, end: endInput || undefined })}
          />
          <TextField
            label={t("endLabel")}
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
