/**
 * Which taxes a park's purchase carries (docs/decisions/047-taxes-by-place.md): the rows of
 * `tax_rates` of its state when its state has any, else its country's (state_id null), else the
 * country's one `fees` tax. Of each component (its name) the row in force on the day of the sale
 * on the park's clock: the latest `effective_from` not after it, a row for the purchase before a
 * general one. A 0% row says "no tax here" and adds no line. A park in a tax district (decision
 * 049: New York City, Manhattan...) also carries its district's rows, a district row replacing the
 * state's (or country's) row of the same name. Pure: the rows come from the served countries' copy.
 */
import { dayOnClock, type PricePart, type TaxComponent, type TaxPurchase } from "@parkwell/contract";
/** A row of `tax_rates` (db/schema/reference.ts) as the served countries' copy holds it. */
export interface TaxRateRow {
  id: number;
  countryId: number;
  stateId: number | null;
  /** A tax district's row (decision 049); null: the state's or the country's. */
  districtId: number | null;
  name: string;
  rateBps: number;
  taxedParts: string[] | null;
  purchase: string | null;
  source: string;
  effectiveFrom: string;
}

/** A country as the taxes are chosen from: its `fees` tax and its `tax_rates` rows. */
export interface TaxedCountry {
  taxBps: number;
  taxName: string;
  taxRates: readonly TaxRateRow[];
}

/**
 * Where a sale is taxed: the park's state (null: none, its country's rows) and its clock. A rate
 * takes effect at midnight on the place's own calendar, so the day of the sale is taken there.
 */
export interface TaxPlace {
  stateId: number | null | undefined;
  /** The park's tax district (`parks.tax_district_id`, decision 049); null: none. */
  taxDistrictId: number | null | undefined;
  timeZone: string;
}

/** A park row's place of sale, as SQL answers it (`state_id`, `tax_district_id`, `time_zone`). */
export const taxPlaceOfRow = (row: {
  state_id: number | null;
  tax_district_id: number | null;
  time_zone: string;
}): TaxPlace => ({ stateId: row.state_id, taxDistrictId: row.tax_district_id, timeZone: row.time_zone });

export function taxesAt(
  country: TaxedCountry,
  place: TaxPlace,
  at: Date,
  purchase: TaxPurchase,
): TaxComponent[] {
  const { stateId, taxDistrictId } = place;
  const day = dayOnClock(at, place.timeZone);
  const inForce = country.taxRates.filter(
    (r) => r.effectiveFrom <= day && (r.purchase === null || r.purchase === purchase),
  );
  const general = inForce.filter((r) => r.districtId === null);
  const ofState = stateId == null ? [] : general.filter((r) => r.stateId === stateId);
  const scope = ofState.length > 0 ? ofState : general.filter((r) => r.stateId === null);
  const ofDistrict = taxDistrictId == null ? [] : inForce.filter((r) => r.districtId === taxDistrictId);
  if (scope.length === 0 && ofDistrict.length === 0) {
    return country.taxBps > 0 ? [{ name: country.taxName, rateBps: country.taxBps }] : [];
  }
  // One row per component (its name): a district's row beats the state's or country's (the
  // district's own rate), then a row for this purchase beats a general one whatever their days (a
  // law that rates the purchase apart), else the latest in force. Two rows of one name both
  // applying would charge the tax twice.
  const rank = (x: TaxRateRow) => (x.districtId === null ? 0 : 2) + (x.purchase === null ? 0 : 1);
  const latest = new Map<string, TaxRateRow>();
  for (const r of [...scope, ...ofDistrict]) {
    const seen = latest.get(r.name);
    if (!seen || rank(r) > rank(seen) || (rank(r) === rank(seen) && r.effectiveFrom > seen.effectiveFrom))
      latest.set(r.name, r);
  }
  return [...latest.values()]
    .sort((a, b) => a.id - b.id)
    .filter((r) => r.rateBps > 0)
    .map((r) => ({
      name: r.name,
      rateBps: r.rateBps,
      ...(r.taxedParts ? { parts: r.taxedParts as PricePart[] } : {}),
    }));
}

/** A country (or a park with its country's fees) with the taxes of a place on a day, for pricing. */
export function withTaxesAt<C extends TaxedCountry>(
  country: C,
  place: TaxPlace,
  at: Date,
  purchase: TaxPurchase,
): C & { taxes: TaxComponent[] } {
  return { ...country, taxes: taxesAt(country, place, at, purchase) };
}
