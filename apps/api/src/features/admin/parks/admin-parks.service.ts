/**
 * The back office's parks (docs/PRODUCT-RULES.md#back-office-parks): list, create, edit,
 * deactivate, in the caller's scope (a park outside it is the same 404 as a missing one); rates and
 * capacities are admin-park-spaces.service's. Every change is one transaction with its audit entry;
 * the search's kept tables (counts, words, rate cards) follow by the database's triggers, so the
 * public search and the park page show the change at once.
 */
import type {
  AdminGuaranteeOfferPage,
  AdminPark,
  AdminParkCreateParsed,
  AdminParkList,
  AdminParkListQuery,
  AdminParkPatchParsed,
  ClosureAffected,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import type { ParkPhoto } from "../../../db/schema/parks";
import type { Tx } from "../../../db/tx";
import { AppError } from "../../../lib/app-error";
import type { Language } from "../../../lib/language";
import { toMajor } from "../../../lib/money";
import { normalizeSearchText } from "../../../lib/search-text";
import { isIanaTimeZone } from "../../../lib/time-zone";
import { can, forbidden, parkInScope, parkNotFound, type StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import {
  changed,
  freeSlug,
  parkCodeCandidate,
  searchTextOf,
  slugBase,
  storedTexts,
  textsOf,
} from "./admin-parks.domain";
import { servedCountries, type ServedCountries } from "../../reference/served-countries";
import * as repo from "./admin-parks.repo";
import { editable, presentAdminPark } from "./admin-parks.present";
import type { Holdings, ParkRow } from "./admin-parks.repo";
import { listPage } from "../../../lib/pagination";
import { hasActiveCharger, hasChargers } from "../../parks/chargers.service";
import { closeDays, parkOffers } from "../../guarantee/guarantee.service";
import { payClosedPassDays } from "../../guarantee/pass-closures.service";
import { presentParkOffers } from "../../guarantee/guarantee.present";
import { addedClosures, closureAudit, differencePayer } from "../../guarantee/guarantee.domain";
import type { Jobs } from "../../../jobs/queue";

/**
 * The amenities as written, but `ev_charging` as the park's chargers say (decision 045): present
 * exactly when the park has an active charger, whatever the form sent.
 */
const withChargers = (amenities: string[], charging: boolean) =>
  [...amenities.filter((a) => a !== "ev_charging"), ...(charging ? ["ev_charging"] : [])].sort();

/** The park if it exists and is in the caller's scope; else the one 404. */
export async function parkInScopeOr404(
  db: Tx,
  access: StaffAccess,
  id: number,
  lock = false,
): Promise<ParkRow> {
  if (!parkInScope(access, id)) throw parkNotFound();
  const park = lock ? await repo.lockPark(db, id) : await repo.findPark(db, id);
  if (!park) throw parkNotFound();
  return park;
}

/** 404 unless the park exists in the caller's scope (before reading an upload for it). */
export async function requirePark(db: Db, access: StaffAccess, id: number): Promise<void> {
  await parkInScopeOr404(db, access, id);
}

export async function list(db: Db, access: StaffAccess, q: AdminParkListQuery): Promise<AdminParkList> {
  const filter: repo.ListFilter = {
    parkIds: access.parkIds,
    search: q.search ? normalizeSearchText(q.search) || undefined : undefined,
    status: q.status,
    countryCode: q.country,
    page: q.page,
    size: q.size,
  };
  const rows = await repo.listParks(db, filter);
  const total = rows[0]?.total ?? (q.page > 1 ? await repo.countParks(db, filter) : 0);
  const served = servedCountries(db);
  const countries = await Promise.all(rows.map((r) => served.facts({ code: r.country })));
  return listPage(
    rows.map((r, i) => ({
      id: r.id,
      park_code: r.park_code,
      slug: r.slug,
      name: r.name,
      type: r.type,
      city: r.city,
      country: r.country,
      status: r.status,
      operator: r.operator,
      operator_id: r.operator_id,
      capacity: Number(r.capacity),
      photos: Number(r.photos),
      hourly_from:
        r.hourly_from_minor === null ? null : toMajor(Number(r.hourly_from_minor), countries[i]!.decimals),
      currency: countries[i]!.currency,
    })),
    total,
    q,
  );
}

export async function get(db: Db, access: StaffAccess, id: number): Promise<AdminPark> {
  return adminParkView(servedCountries(db), db, await parkInScopeOr404(db, access, id));
}

export async function operators(db: Db): Promise<{ items: { id: number; name: string }[] }> {
  return { items: await repo.listOperators(db) };
}

/** A park as the back office answers it: its row with its country, operator, rates and capacities, read in `db`. */
export async function adminParkView(served: ServedCountries, db: Tx, p: ParkRow): Promise<AdminPark> {
  const country = (await served.facts({ id: p.countryId }, db))!;
  const operator = p.operatorId === null ? null : await repo.findOperator(db, p.operatorId);
  const rates = await repo.listRates(db, p.id);
  const capacities = await repo.listCapacities(db, p.id);
  return presentAdminPark(p, { country, operator, rates, capacities });
}

const auditView = (p: ParkRow) => ({
  ...editable(p),
  country_id: p.countryId,
  operator_id: p.operatorId,
  operator: p.operator,
  slug: p.slug,
  park_code: p.parkCode,
});

interface Place {
  countryId: number;
  countryCode: string;
  stateId: number | null;
  stateName: string | null;
  taxDistrictId: number | null;
  timeZone: string;
}

/** The park's tax district as asked: `kept` when the request did not name one (the park's own stays). */
interface DistrictAsked {
  id: number | null;
  kept: boolean;
}

/**
 * Country, state, tax district and zone checked together: every mistake at once, as 422 fields.
 * A tax district must be one of the park's state's (decision 049); a state change that keeps a
 * district of the former state is refused, never cleared in silence (its taxes would change).
 */
async function checkPlace(
  served: ServedCountries,
  db: Tx,
  countryCode: string,
  stateId: number | null,
  district: DistrictAsked,
  timeZone: string,
  fields: Record<string, string>,
): Promise<Place | null> {
  const country = await served.facts({ code: countryCode }, db);
  if (!country) fields.country = "Please choose a country";
  let stateName: string | null = null;
  if (stateId !== null) {
    const state = await repo.findState(db, stateId);
    if (!state || (country && state.countryId !== country.id))
      fields.state_id = "Choose a state of the park's country";
    else stateName = state.name;
  }
  if (district.id !== null && !fields.state_id) {
    const found = await repo.findTaxDistrict(db, district.id);
    if (!found) fields.tax_district_id = "Choose a tax district";
    else if (found.stateId !== stateId)
      fields.tax_district_id = district.kept
        ? "The park's tax district belongs to its former state: choose one of its new state's, or none"
        : "Choose a tax district of the park's state, or none";
  }
  if (!isIanaTimeZone(timeZone)) fields.time_zone = "Enter a time zone such as Africa/Lagos";
  if (!country) return null;
  return {
    countryId: country.id,
    countryCode: country.code,
    stateId,
    stateName,
    taxDistrictId: district.id,
    timeZone,
  };
}

/** The operator a new or edited park belongs to: an admin's choice, else the caller's own operator. */
async function operatorFor(
  db: Tx,
  access: StaffAccess,
  wanted: number | null | undefined,
  current: { id: number | null } | null,
  fields: Record<string, string>,
): Promise<{ id: number | null; name: string } | undefined> {
  if (access.parkIds === null) {
    if (wanted === undefined) return undefined;
    if (wanted === null) return { id: null, name: "" };
    const operator = await repo.findOperator(db, wanted);
    if (!operator) fields.operator_id = "Choose an operator";
    return operator ?? undefined;
  }
  // Operator staff: their own operator only.
  const own = access.operator;
  if (wanted !== undefined && wanted !== own?.id) {
    fields.operator_id = "Only Parkwell's staff can choose a park's operator";
    return undefined;
  }
  if (current) return undefined;
  if (!own) throw forbidden();
  return { id: own.id, name: own.name };
}

export function refuse(fields: Record<string, string>): void {
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);
}

async function newIdentifiers(tx: Tx, name: string, city: string, countryCode: string) {
  const slug = freeSlug(name, city, await repo.takenSlugs(tx, slugBase(name, city)));
  for (let i = 0; i < 20; i += 1) {
    const code = parkCodeCandidate(countryCode);
    if (!(await repo.parkCodeTaken(tx, code))) return { slug, parkCode: code };
  }
  throw new Error("No free park code after 20 tries");
}

export async function create(
  db: Db,
  access: StaffAccess,
  actor: AuditActor,
  body: AdminParkCreateParsed,
): Promise<AdminPark> {
  return db.transaction(async (tx) => {
    const fields: Record<string, string> = {};
    const place = await checkPlace(
      servedCountries(db),
      tx,
      body.country,
      body.state_id,
      { id: body.tax_district_id, kept: false },
      body.time_zone,
      fields,
    );
    const operator = await operatorFor(tx, access, body.operator_id, null, fields);
    refuse(fields);
    const texts = storedTexts(body.text_language, body.texts);
    const ids = await newIdentifiers(tx, body.name, body.city, place!.countryCode);
    const row = await repo.insertPark(tx, {
      ...ids,
      name: body.name,
      type: body.type,
      countryId: place!.countryId,
      stateId: place!.stateId,
      taxDistrictId: place!.taxDistrictId,
      city: body.city,
      timeZone: place!.timeZone,
      address: body.address,
      lat: body.lat,
      lng: body.lng,
      open24h: body.open_24h,
      openingHours: body.open_24h ? null : body.opening_hours,
      overnightStays: body.overnight_stays,
      closures: body.closures,
      // A new park has no chargers yet: its chargers' section adds them, and the amenity with them.
      amenities: withChargers(body.amenities, false),
      maxHeightCm: body.max_height_cm,
      textLanguage: body.text_language,
      ...texts,
      operator: operator?.name ?? "",
      operatorId: operator?.id ?? null,
      status: body.status,
      searchText: searchTextOf({ ...body, state: place!.stateName }),
    });
    await recordAudit(tx, actor, {
      action: "park.create",
      entity: "park",
      entityId: row.id,
      operatorId: row.operatorId,
      after: auditView(row),
    });
    return adminParkView(servedCountries(db), tx, row);
  });
}

const parkInUse = (holdings: Holdings) =>
  new AppError(
    409,
    "park_in_use",
    "A park's country and time zone cannot change while it has bookings, drive-up sales, events, orders or monthly passes that are not finished, or plans on sale",
    undefined,
    { holdings },
  );

/**
 * Edits a park. Its country (and so its currency) and its time zone change only while nothing
 * there is unfinished (repo.unfinishedHoldings), else 409 `park_in_use` with the count of each
 * kind: the park's row is locked FOR UPDATE by the first statement, and every writer of a booking,
 * a drive-up sale, an event's park, an order at a park, a pass or a plan's status takes that row
 * FOR KEY SHARE before it reads the park, so none slips in between the count and the commit
 * (docs/decisions/008-bookings.md). A plan's prices are in the park's currency: a park with a plan
 * being set up (draft) does not change country either, as one with rates does not.
 */
export async function update(
  { db, jobs }: { db: Db; jobs: Jobs },
  access: StaffAccess,
  actor: AuditActor,
  id: number,
  body: AdminParkPatchParsed,
  now: Date,
): Promise<AdminPark> {
  const { view, owed } = await db.transaction(async (tx) => {
    const park = await parkInScopeOr404(tx, access, id, true);
    if (body.status === "inactive" && park.status !== "inactive" && !can(access, "parks.delete")) {
      throw forbidden();
    }
    const fields: Record<string, string> = {};
    const country = (await servedCountries(db).facts({ id: park.countryId }, tx))!;
    const countryCode = body.country ?? country.code;
    const stateId = body.state_id !== undefined ? body.state_id : body.country ? null : park.stateId;
    const place = await checkPlace(
      servedCountries(db),
      tx,
      countryCode,
      stateId,
      body.tax_district_id !== undefined
        ? { id: body.tax_district_id, kept: false }
        : { id: park.taxDistrictId, kept: true },
      body.time_zone ?? park.timeZone,
      fields,
    );
    const operator = await operatorFor(tx, access, body.operator_id, { id: park.operatorId }, fields);
    const open24h = body.open_24h ?? park.open24h;
    const hours = body.opening_hours !== undefined ? body.opening_hours : park.openingHours;
    if (!open24h && !hours) fields.opening_hours = "Give the opening hours, or mark the park open 24 hours";
    refuse(fields);
    const otherCountry = place!.countryId !== park.countryId;
    if (otherCountry || place!.timeZone !== park.timeZone) {
      // Before the rates' 422: a manager learns the park cannot move now before removing its rates.
      const holdings = await repo.unfinishedHoldings(tx, id, now);
      if (Object.values(holdings).some((n) => n > 0)) throw parkInUse(holdings);
    }
    if (otherCountry && (await repo.listRates(tx, id)).length > 0) {
      refuse({ country: "A park with rates cannot move to another country: remove its rates first" });
    }
    if (otherCountry && (await hasChargers(tx, id))) {
      // Their prices are in the park's currency, as its rates' are (decision 045).
      refuse({
        country: "A park with chargers cannot move to another country: their prices are in its currency",
      });
    }
    if (otherCountry && (await repo.draftPlans(tx, id)) > 0) {
      refuse({
        country: "A park with plans being set up cannot move to another country: close them first",
      });
    }

    // New closure days that hit bookings, passes or event spaces: listed (409) until confirmed,
    // then settled under the park's row lock (decisions 058 and 060).
    const payer = differencePayer(access, park);
    const { offered, owed } = await closeDays(jobs, tx, {
      parkId: id,
      added: addedClosures(park.closures, body.closures ?? park.closures),
      payer,
      confirmed: body.confirm_closures === true,
      createdBy: actor.userId,
      now,
      money: country,
      conflict: closureConflict,
    });

    const name = body.name ?? park.name;
    const city = body.city ?? park.city;
    const address = body.address ?? park.address;
    const language: Language = body.text_language ?? park.textLanguage;
    const texts =
      body.texts || body.text_language ? storedTexts(language, { ...textsOf(park), ...body.texts }) : null;
    const after = await repo.updatePark(tx, id, {
      name,
      type: body.type ?? park.type,
      countryId: place!.countryId,
      stateId: place!.stateId,
      taxDistrictId: place!.taxDistrictId,
      city,
      address,
      lat: body.lat ?? park.lat,
      lng: body.lng ?? park.lng,
      timeZone: place!.timeZone,
      open24h,
      openingHours: open24h ? null : hours,
      overnightStays: body.overnight_stays ?? park.overnightStays,
      closures: body.closures ?? park.closures,
      amenities: body.amenities
        ? withChargers(body.amenities, await hasActiveCharger(tx, id))
        : park.amenities,
      maxHeightCm: body.max_height_cm !== undefined ? body.max_height_cm : park.maxHeightCm,
      textLanguage: language,
      ...(texts ?? {}),
      ...(operator ? { operator: operator.name, operatorId: operator.id } : {}),
      status: body.status ?? park.status,
      searchText: searchTextOf({ name, address, city, state: place!.stateName }),
    });
    const diff = changed(auditView(park), auditView(after));
    if (Object.keys(diff.after).length > 0) {
      await recordAudit(tx, actor, {
        action: after.status === "inactive" && park.status !== "inactive" ? "park.deactivate" : "park.update",
        entity: "park",
        entityId: id,
        operatorId: after.operatorId ?? park.operatorId,
        ...diff,
        ...(offered + owed > 0
          ? { after: { ...diff.after, ...closureAudit(offered, owed, payer.kind) } }
          : {}),
      });
    }
    return { view: await adminParkView(servedCountries(db), tx, after), owed };
  });
  // The passes' closed days, at once, a term a transaction. The closure is saved: a payment that
  // fails here is the guarantee's job's (each minute), not a failed answer to the change.
  if (owed > 0) await payClosedPassDays({ db, jobs, clock: () => now }, id).catch(() => 0);
  return view;
}

/** The 409 of closure days that hit bookings, passes or event spaces: the list before it is confirmed. */
const closureConflict = (affected: ClosureAffected) =>
  new AppError(
    409,
    "closure_conflict",
    "These closure days hit bookings, monthly passes or event spaces: confirm to close and offer each booking the space guarantee",
    undefined,
    { affected },
  );

/** The photos of a park in scope, changed by `change` under the park's row lock, audited. */
export async function changePhotos(
  db: Db,
  access: StaffAccess,
  actor: AuditActor,
  id: number,
  action: string,
  change: (photos: ParkPhoto[]) => ParkPhoto[],
): Promise<AdminPark> {
  return db.transaction(async (tx) => {
    const park = await parkInScopeOr404(tx, access, id, true);
    const after = change(park.photos);
    await repo.setPhotos(tx, id, after);
    await recordAudit(tx, actor, {
      action,
      entity: "park",
      entityId: id,
      operatorId: park.operatorId,
      before: { photos: park.photos },
      after: { photos: after },
    });
    return adminParkView(servedCountries(db), tx, { ...park, photos: after });
  });
}

/** What the space guarantee's offers made at a park in scope cost (its closures), newest first. */
export async function guaranteeOffers(
  db: Db,
  access: StaffAccess,
  id: number,
  q: { page: number; size: number },
): Promise<AdminGuaranteeOfferPage> {
  await parkInScopeOr404(db, access, id);
  const { page, totals } = await parkOffers(db, id, q);
  const decimals = await servedCountries(db).decimalsOfAll(totals.map((t) => t.currency.trim()));
  return presentParkOffers(page, totals, (currency) => decimals(currency) ?? 2);
}
