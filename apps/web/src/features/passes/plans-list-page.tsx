import { PLAN_HOURS_FILTERS, type PlanList } from "@parkwell/contract";
import { lazy, Suspense, useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import type { MapPin } from "../../components/map/pin-map";
import { COUNTRY_CENTERS } from "../../components/map/map-config";
import { Field, SelectField, TextField } from "../../components/ui/form-field";
import { Pagination } from "../../components/ui/pagination";
import { SearchTextField } from "../../components/ui/search-text-field";
import { Spinner } from "../../components/ui/spinner";
import { GENERIC_ERROR } from "../../lib/api";
import { useSelectedCountry } from "../../lib/country";
import { countryLabel, formatMoney, parseNumber, vehicleTypeLabel } from "../../lib/format";
import { useGrantedPosition } from "../../lib/granted-position";
import { countriesQuery, vehicleTypesQuery } from "../../lib/queries";
import { usePlanSearch } from "./plans-api";
import { PlanCard } from "./plans-card";
import {
  lowestMonthly,
  parsePlanQuery,
  toPlanApiQuery,
  toPlanSearchParams,
  type PlanQuery,
} from "./plans-params";
import { planName } from "./plans-text";
import "./plans.css";

const PinMap = lazy(() => import("../../components/map/pin-map"));

/**
 * /subscription-plans: the monthly plans on sale in the selected country, nearest the driver when
 * the browser may already tell where they are (never asked), with search, filters, a map of the
 * page's plans, and paging; the query lives in the URL.
 */
export function PlansListPage() {
  const { t, i18n } = useTranslation(["plans", "parks", "bookings", "common"]);
  const country = useSelectedCountry();
  const [params, setParams] = useSearchParams();
  const query = parsePlanQuery(params);
  const position = useGrantedPosition();
  // The list waits for the browser's answer (at once when it may not tell), so it is not sorted twice.
  const result = usePlanSearch(toPlanApiQuery(query, country.code, position), position !== undefined);
  const go = (next: PlanQuery) => setParams(toPlanSearchParams(next));
  const currency = useQuery(countriesQuery()).data?.find((c) => c.code === country.code)?.currency;
  const [highlighted, setHighlighted] = useState<number>();
  const items = result.data?.items;
  const pins = useMemo<MapPin[]>(
    () =>
      (items ?? []).map((p) => {
        const from = lowestMonthly(p.prices);
        const price = from === undefined ? "" : formatMoney(from, p.currency, i18n.language);
        return {
          id: p.id,
          lat: p.park.lat,
          lng: p.park.lng,
          title: `${planName(p, i18n.language)} · ${p.park.name}`,
          label: price || "P",
          price: price ? t("pinPrice", { price }) : undefined,
          href: `/subscription-plans/${p.id}`,
        };
      }),
    [items, i18n.language, t],
  );
  const center = useMemo<[number, number]>(
    () => (position ? [position.lat, position.lng] : (COUNTRY_CENTERS[country.code] ?? [0, 0])),
    [position, country.code],
  );
  const pinClicked = (id: number) => {
    setHighlighted(id);
    document
      .querySelector(`[data-plan-id="${id}"]`)
      ?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  };

  return (
    <div className="container page plans-page">
      <h1>{t("listTitle", { country: countryLabel(t, country) })}</h1>
      <p className="plans-muted">{t("intro")}</p>
      <PlanFilters key={query.search ?? ""} query={query} currency={currency} onChange={go} />
      <div className="plans-layout">
        <div className="plans-layout__list">
          <PlanResults
            result={result}
            nearest={Boolean(position)}
            highlightedId={highlighted}
            vehicleTypeId={query.vehicleTypeId}
            onPage={(page) => {
              go({ ...query, page });
              window.scrollTo({ top: 0 });
            }}
          />
        </div>
        {items && items.length > 0 && (
          <section className="plans-layout__map" aria-label={t("mapTitle")}>
            <Suspense fallback={<Spinner />}>
              <PinMap
                texts={{
                  map: t("mapTitle"),
                  open: t("parks:pinOpen"),
                  openLabel: (name) => t("parks:pinOpenLabel", { name }),
                  close: t("parks:pinClose"),
                }}
                pins={pins}
                center={center}
                zoom={11}
                fitToPins
                className="park-map plans-map"
                onPinClick={pinClicked}
              />
            </Suspense>
          </section>
        )}
      </div>
    </div>
  );
}

/** Text, hours, vehicle type and the highest monthly price; every change goes back to page 1. */
function PlanFilters({
  query,
  currency,
  onChange,
}: {
  query: PlanQuery;
  currency: string | undefined;
  onChange: (next: PlanQuery) => void;
}) {
  const { t, i18n } = useTranslation(["plans", "bookings"]);
  const vehicles = useQuery(vehicleTypesQuery());
  const [text, setText] = useState(query.search ?? "");
  const [max, setMax] = useState(query.maxPrice === undefined ? "" : String(query.maxPrice));
  const update = (patch: Partial<PlanQuery>) => onChange({ ...query, ...patch, page: 1 });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const price = max.trim() ? parseNumber(max, i18n.language) : NaN;
    update({
      search: text.trim() || undefined,
      maxPrice: Number.isFinite(price) && price >= 0 ? price : undefined,
    });
  };
  return (
    <form className="plans-filters" role="search" onSubmit={submit}>
      <Field label={t("searchLabel")} wide>
        {(control) => (
          <div className="plans-inline">
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
      <SelectField
        label={t("filters.hours")}
        value={query.hours ?? ""}
        onChange={(e) => update({ hours: (e.target.value || undefined) as PlanQuery["hours"] })}
        options={[
          ["", t("filters.hoursAny")],
          ...PLAN_HOURS_FILTERS.map((h) => [h, t(`filters.${h}`)] as const),
        ]}
      />
      <SelectField
        label={t("filters.vehicle")}
        value={query.vehicleTypeId ?? ""}
        onChange={(e) => update({ vehicleTypeId: e.target.value ? Number(e.target.value) : undefined })}
        options={[
          ["", t("filters.vehicleAny")],
          ...(vehicles.data ?? []).map((v) => [v.id, vehicleTypeLabel(t, v.id, v.name)] as const),
        ]}
      />
      <TextField
        label={t("filters.maxPrice", { currency: currency ?? "" })}
        inputMode="decimal"
        value={max}
        onChange={(e) => setMax(e.target.value)}
        onBlur={(e) => {
          if (e.target.value.trim() === "" && query.maxPrice !== undefined) update({ maxPrice: undefined });
        }}
      />
      <div className="plans-filters__actions">
        <button type="submit" className="button">
          {t("filters.apply")}
        </button>
        {(query.hours || query.vehicleTypeId || query.maxPrice !== undefined || query.search) && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setText("");
              setMax("");
              onChange({ page: 1, size: query.size });
            }}
          >
            {t("filters.clear")}
          </button>
        )}
      </div>
    </form>
  );
}

/** A page of plans with its loading, error and empty states, and paging (as the parks list). */
function PlanResults({
  result,
  nearest,
  highlightedId,
  vehicleTypeId,
  onPage,
}: {
  result: ReturnType<typeof usePlanSearch>;
  nearest: boolean;
  highlightedId: number | undefined;
  /** The vehicle type the list is filtered on: each card shows that type's price. */
  vehicleTypeId: number | undefined;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("plans");
  if (result.isPending) return <Spinner />;
  if (result.isError) {
    return (
      <p className="alert alert--error" role="alert">
        {result.error.message || GENERIC_ERROR}
      </p>
    );
  }
  const data: PlanList = result.data;
  const from = (data.page - 1) * data.size + 1;
  const count =
    data.pages > 1 && data.items.length > 0
      ? t("range", { from, to: from + data.items.length - 1, count: data.total })
      : t("count", { count: data.total });
  return (
    <section className="plans-results" aria-busy={result.isFetching}>
      <p className="plans-results__count" aria-live="polite" data-testid="plan-count">
        {count}
        {nearest && data.items.length > 0 && <span className="plans-muted"> · {t("nearest")}</span>}
      </p>
      {data.items.length === 0 ? (
        <p className="plans-empty">{t("empty")}</p>
      ) : (
        <ul className="plans-list">
          {data.items.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} highlighted={plan.id === highlightedId} vehicleTypeId={vehicleTypeId} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={data.page} pages={data.pages} onPage={onPage} />
    </section>
  );
}
