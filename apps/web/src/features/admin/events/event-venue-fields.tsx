import type { Country } from "@parkwell/contract";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { COUNTRY_CENTERS } from "../../../components/map/map-config";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { countryLabel, parseNumber } from "../../../lib/format";
import { fieldError, type EventFormApi } from "./event-form-values";

const PickMap = lazy(() => import("../../../components/map/pick-map"));

/**
 * The event's venue: its name, country (which sets the time zone, and for a new event the map's
 * centre), city, address and place, typed or picked on the map.
 */
export function EventVenueFields({
  form,
  countries,
  isNew,
}: {
  form: EventFormApi;
  countries: Country[];
  isNew: boolean;
}) {
  const { t, i18n } = useTranslation(["admin-events", "admin-parks", "auth"]);
  const { register, setValue, watch } = form;
  const lat = parseNumber(watch("lat"), i18n.language);
  const lng = parseNumber(watch("lng"), i18n.language);
  return (
    <section className="admin-park-section">
      <h2>{t("sections.venue")}</h2>
      <div className="admin-park-grid">
        <TextField
          label={t("fields.venueName")}
          required
          error={fieldError(form, "venue_name")}
          {...register("venue_name")}
        />
        <SelectField
          label={t("fields.country")}
          options={countries.map((c) => [c.code, countryLabel(t, c)] as const)}
          error={fieldError(form, "country")}
          {...register("country", {
            onChange: (e: { target: { value: string } }) => {
              const c = countries.find((x) => x.code === e.target.value);
              if (c?.time_zones[0]) setValue("time_zone", c.time_zones[0]);
              const center = COUNTRY_CENTERS[e.target.value];
              if (center && isNew) {
                setValue("lat", String(center[0]));
                setValue("lng", String(center[1]));
              }
            },
          })}
        />
        <TextField
          label={t("fields.city")}
          required
          error={fieldError(form, "venue_city")}
          {...register("venue_city")}
        />
        <TextField
          label={t("fields.address")}
          required
          wide
          error={fieldError(form, "venue_address")}
          {...register("venue_address")}
        />
        <TextField
          label={t("fields.lat")}
          inputMode="decimal"
          error={fieldError(form, "lat")}
          {...register("lat")}
        />
        <TextField
          label={t("fields.lng")}
          inputMode="decimal"
          error={fieldError(form, "lng")}
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
  );
}
