import {
  AMENITIES,
  PARK_SORTS,
  PARK_TYPES,
  type Amenity,
  type ParkSort,
  type ParkType,
} from "@parkwell/contract";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { SearchTextField } from "../../../components/ui/search-text-field";
import { useVehicleTypes } from "../api";
import { isoToLocalInput, localInputToIso } from "../format";
import type { ParkQuery } from "../search-params";

interface Props {
  query: ParkQuery;
  onChange: (next: ParkQuery) => void;
}

/**
 * Text, type, amenities, vehicle, window and sort; every change goes back to page 1. The parent
 * keys it by the search text so that a new URL resets the text box.
 */
export function ParkFilters({ query, onChange }: Props) {
  const { t } = useTranslation("parks");
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
  const active =
    [query.type, query.vehicleTypeId, query.sort, query.start, query.end].filter(Boolean).length +
    query.amenities.length;
  // Folded into one bar with the count of filters set, on every width: open, they pushed the
  // first result down about 1,300 px on a desktop.
  const startInput = isoToLocalInput(query.start);
  const endInput = isoToLocalInput(query.end);

  return (
    <form className="park-filters" role="search" onSubmit={submit}>
      <div className="park-field park-field--wide">
        <label htmlFor={`${id}-q`}>{t("searchLabel")}</label>
        <div className="park-inline">
          <SearchTextField
            id={`${id}-q`}
            value={text}
            onChange={setText}
            placeholder={t("searchPlaceholder")}
            button={t("searchButton")}
          />
        </div>
      </div>
      <details className="park-field--wide park-more">
        <summary>{t("filters", { count: active })}</summary>
        <div className="park-filters__grid">
          <div className="park-field">
            <label htmlFor={`${id}-type`}>{t("typeLabel")}</label>
            <select
              id={`${id}-type`}
              value={query.type ?? ""}
              onChange={(e) => update({ type: (e.target.value || undefined) as ParkType | undefined })}
            >
              <option value="">{t("anyType")}</option>
              {PARK_TYPES.map((p) => (
                <option key={p} value={p}>
                  {t(`type.${p}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="park-field">
            <label htmlFor={`${id}-vehicle`}>{t("vehicleLabel")}</label>
            <select
              id={`${id}-vehicle`}
              value={query.vehicleTypeId ?? ""}
              onChange={(e) => update({ vehicleTypeId: e.target.value ? Number(e.target.value) : undefined })}
            >
              <option value="">{t("anyVehicle")}</option>
              {(vehicles.data ?? []).map((v) => (
                <option key={v.id} value={v.id}>
                  {t(`vehicle.${v.code}`, { defaultValue: v.name })}
                </option>
              ))}
            </select>
          </div>
          <div className="park-field">
            <label htmlFor={`${id}-sort`}>{t("sortLabel")}</label>
            <select
              id={`${id}-sort`}
              value={query.sort ?? ""}
              onChange={(e) => update({ sort: (e.target.value || undefined) as ParkSort | undefined })}
            >
              <option value="">{t("sort.default")}</option>
              {/* "Best match" (the default) is relevance already: it is not offered twice. */}
              {PARK_SORTS.filter(
                (s) => s !== "relevance" && (s !== "distance" || query.lat !== undefined),
              ).map((s) => (
                <option key={s} value={s}>
                  {t(`sort.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="park-field">
            <label htmlFor={`${id}-start`}>{t("startLabel")}</label>
            <input
              id={`${id}-start`}
              type="datetime-local"
              value={startInput}
              onChange={(e) => update({ start: localInputToIso(e.target.value), end: query.end })}
            />
          </div>
          <div className="park-field">
            <label htmlFor={`${id}-end`}>{t("endLabel")}</label>
            <input
              id={`${id}-end`}
              type="datetime-local"
              value={endInput}
              min={startInput || undefined}
              onChange={(e) => update({ end: localInputToIso(e.target.value) })}
            />
          </div>
          <fieldset className="park-field park-field--wide park-amenities">
            <legend>{t("amenitiesTitle")}</legend>
            {AMENITIES.map((a) => (
              <label key={a} className="park-check">
                <input type="checkbox" checked={query.amenities.includes(a)} onChange={() => toggle(a)} />
                {t(`amenity.${a}`)}
              </label>
            ))}
          </fieldset>
        </div>
      </details>
    </form>
  );
}
