/**
 * The back office's offers, coupons and sliders, per country. Windows are written on the
 * country's clock and stored as instants; a percentage is kept in basis points (at most 10,000,
 * so at most 100 %, COUPON_PERCENT_MAX_MESSAGE), an amount in minor units. Codes are upper case
 * and unique per country. A coupon that purchases used is deactivated, never removed.
 */
import {
  COUPON_PERCENT_MAX_MESSAGE,
  MARKET_OFFER_TARGET_MESSAGE,
  MARKET_START_BEFORE_END_MESSAGE,
  type AdminCoupon,
  type AdminCouponBodyParsed,
  type AdminCouponList,
  type AdminCouponPatch,
  type CouponKind,
  type AdminMarketOffer,
  type AdminMarketOfferBodyParsed,
  type AdminMarketOfferList,
  type AdminMarketOfferPatch,
  type AdminMarketSlider,
  type AdminMarketSliderList,
  type DiscountType,
  type RecordStatus,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import type { Localised } from "../../../db/schema/index";
import { AppError } from "../../../lib/app-error";
import { bpsToPercent, toMajor } from "../../../lib/money";
import type { AuditActor } from "../audit.repo";
import {
  bpsOf,
  inUse,
  instantOf,
  iso,
  localOf,
  minorOf,
  money,
  refuse,
  type MarketCountry,
} from "./market-admin.domain";
import { servedCountries, type ServedCountries } from "../../reference/served-countries";
import { audit, countryIdOf, requireCountry } from "./market-admin.service";
import {
  couponById,
  couponIdOfCode,
  couponIdsPage,
  couponUseCount,
  deleteCouponRow,
  deleteOfferRow,
  deleteSliderRow,
  insertCoupon,
  insertOffer,
  insertSlider,
  itemInCountry,
  offerById,
  offerIdsPage,
  offerTargets,
  purchasesWithCoupon,
  sliderById,
  sliderExists,
  sliderPage,
  updateCouponRow,
  updateOfferRow,
  updateSliderRow,
  type CouponRow,
  type OfferRow,
  type SliderRow,
} from "./promotions.repo";
import { categoryExists } from "./categories.repo";
import { offsetOf, listPage, type PageQuery } from "../../../lib/pagination";
import { isUniqueViolation } from "../../../lib/pg-error";

export const OFFER_NOT_FOUND_MESSAGE = "Offer not found";
export const COUPON_NOT_FOUND_MESSAGE = "Coupon not found";
export const SLIDER_NOT_FOUND_MESSAGE = "Slider not found";
export const COUPON_CODE_TAKEN_MESSAGE = "Another coupon of this country already uses this code";
export const COUPON_IN_USE_MESSAGE = "This coupon has been used: deactivate it instead";
export const OFFER_ITEM_COUNTRY_MESSAGE = "Choose an item of the offer's country";
export const CHOOSE_CATEGORY_TEXT = "Choose a category";

const offerNotFound = () => AppError.notFound(OFFER_NOT_FOUND_MESSAGE, "offer_not_found");
const couponNotFound = () => AppError.notFound(COUPON_NOT_FOUND_MESSAGE, "coupon_not_found");
const sliderNotFound = () => AppError.notFound(SLIDER_NOT_FOUND_MESSAGE, "slider_not_found");

/** A discount as stored (basis points or minor units), with the field errors of its rules. */
function discountOf(
  type: DiscountType,
  value: number,
  country: MarketCountry,
  fields: Record<string, string>,
): number {
  if (type === "percentage") {
    if (value > 100) fields.discount = COUPON_PERCENT_MAX_MESSAGE;
    return bpsOf(value, "discount", fields);
  }
  return minorOf(value, country, "discount", fields);
}

const discountOut = (type: DiscountType, stored: number, country: MarketCountry) =>
  type === "percentage" ? bpsToPercent(stored) : toMajor(stored, country.decimals);

function windowOf(
  startLocal: string,
  endLocal: string,
  country: MarketCountry,
  fields: Record<string, string>,
) {
  const startsAt = instantOf(startLocal, country.timeZone);
  const endsAt = instantOf(endLocal, country.timeZone);
  if (endsAt <= startsAt) fields.end_local = MARKET_START_BEFORE_END_MESSAGE;
  return { startsAt, endsAt };
}

// ---------------------------------------------------------------------------------------------
// Offers

async function offerOut(
  served: ServedCountries,
  tx: Tx,
  row: OfferRow,
  now: Date,
): Promise<AdminMarketOffer> {
  const country = (await served.facts({ id: row.countryId }, tx))!;
  const { item, category } = await offerTargets(tx, row);
  return {
    id: row.id,
    country_code: country.code,
    currency: country.currency,
    time_zone: country.timeZone,
    name: row.name,
    item: item ?? null,
    category: category ?? null,
    discount_type: row.discountType,
    discount: discountOut(row.discountType, row.discount, country),
    max_discount: row.maxDiscountMinor === null ? null : money(row.maxDiscountMinor, country),
    start_local: localOf(row.startsAt, country.timeZone),
    end_local: localOf(row.endsAt, country.timeZone),
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    status: row.status,
    live: row.status === "active" && row.startsAt <= now && now < row.endsAt,
  };
}

export async function listOffers(
  db: Db,
  q: PageQuery & {
    country?: string | undefined;
    status?: RecordStatus | undefined;
    search?: string | undefined;
  },
  now: Date,
): Promise<AdminMarketOfferList> {
  const countryId = await countryIdOf(servedCountries(db), q.country);
  const { total, ids } = await offerIdsPage(db, {
    countryId,
    status: q.status,
    search: q.search,
    size: q.size,
    offset: offsetOf(q),
  });
  const items: AdminMarketOffer[] = [];
  for (const id of ids) items.push(await offerOut(servedCountries(db), db, (await offerById(db, id))!, now));
  return listPage(items, total, q);
}

interface OfferInput {
  name: Localised;
  item_id: number | null;
  category_id: number | null;
  discount_type: DiscountType;
  discount: number;
  max_discount: number | null;
  start_local: string;
  end_local: string;
  status: RecordStatus;
}

async function offerValues(tx: Tx, country: MarketCountry, input: OfferInput) {
  const fields: Record<string, string> = {};
  if ((input.item_id === null) === (input.category_id === null)) fields.item_id = MARKET_OFFER_TARGET_MESSAGE;
  if (input.item_id !== null) {
    if (!(await itemInCountry(tx, input.item_id, country.id))) fields.item_id = OFFER_ITEM_COUNTRY_MESSAGE;
  }
  if (input.category_id !== null) {
    if (!(await categoryExists(tx, input.category_id))) fields.category_id = CHOOSE_CATEGORY_TEXT;
  }
  const discount = discountOf(input.discount_type, input.discount, country, fields);
  const maxDiscountMinor =
    input.max_discount === null ? null : minorOf(input.max_discount, country, "max_discount", fields);
  const { startsAt, endsAt } = windowOf(input.start_local, input.end_local, country, fields);
  refuse(fields);
  return {
    name: input.name,
    itemId: input.item_id,
    categoryId: input.category_id,
    discountType: input.discount_type,
    discount,
    maxDiscountMinor,
    startsAt,
    endsAt,
    status: input.status,
  };
}

const offerAudit = (r: OfferRow) => ({
  name: r.name,
  item_id: r.itemId,
  category_id: r.categoryId,
  discount_type: r.discountType,
  discount: r.discount,
  max_discount_minor: r.maxDiscountMinor,
  starts_at: iso(r.startsAt),
  ends_at: iso(r.endsAt),
  status: r.status,
});

export async function createOffer(
  db: Db,
  actor: AuditActor,
  body: AdminMarketOfferBodyParsed,
  now: Date,
): Promise<AdminMarketOffer> {
  return db.transaction(async (tx) => {
    const country = await requireCountry(servedCountries(db), tx, body.country_code);
    const values = await offerValues(tx, country, body);
    const row = await insertOffer(tx, { countryId: country.id, ...values });
    await audit(tx, actor, "market_offer.create", "market_offer", row.id, null, {
      country_code: country.code,
      ...offerAudit(row),
    });
    return offerOut(servedCountries(db), tx, row, now);
  });
}

export async function updateOffer(
  db: Db,
  actor: AuditActor,
  id: number,
  body: AdminMarketOfferPatch,
  now: Date,
): Promise<AdminMarketOffer> {
  return db.transaction(async (tx) => {
    const seen = await offerById(tx, id, true);
    if (!seen) throw offerNotFound();
    const country = (await servedCountries(db).facts({ id: seen.countryId }, tx))!;
    // Naming one target drops the other: the form sends the one it shows.
    const itemId = body.item_id !== undefined ? body.item_id : body.category_id ? null : seen.itemId;
    const categoryId =
      body.category_id !== undefined ? body.category_id : body.item_id ? null : seen.categoryId;
    const values = await offerValues(tx, country, {
      name: body.name ?? seen.name,
      item_id: itemId,
      category_id: categoryId,
      discount_type: body.discount_type ?? seen.discountType,
      discount: body.discount ?? discountOut(seen.discountType, seen.discount, country),
      max_discount:
        body.max_discount !== undefined
          ? body.max_discount
          : seen.maxDiscountMinor === null
            ? null
            : toMajor(seen.maxDiscountMinor, country.decimals),
      start_local: body.start_local ?? localOf(seen.startsAt, country.timeZone),
      end_local: body.end_local ?? localOf(seen.endsAt, country.timeZone),
      status: body.status ?? seen.status,
    });
    const row = await updateOfferRow(tx, id, values);
    await audit(tx, actor, "market_offer.update", "market_offer", id, offerAudit(seen), offerAudit(row));
    return offerOut(servedCountries(db), tx, row, now);
  });
}

export async function deleteOffer(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const seen = await offerById(tx, id, true);
    if (!seen) throw offerNotFound();
    await deleteOfferRow(tx, id);
    await audit(tx, actor, "market_offer.delete", "market_offer", id, offerAudit(seen), null);
  });
}

// ---------------------------------------------------------------------------------------------
// Coupons

async function couponOut(served: ServedCountries, tx: Tx, row: CouponRow): Promise<AdminCoupon> {
  const country = (await served.facts({ id: row.countryId }, tx))!;
  const uses = await couponUseCount(tx, row.id);
  return {
    id: row.id,
    country_code: country.code,
    currency: country.currency,
    time_zone: country.timeZone,
    code: row.code,
    name: row.name,
    discount_type: row.discountType,
    discount: discountOut(row.discountType, row.discount, country),
    min_order: money(row.minOrderMinor, country),
    max_discount: row.maxDiscountMinor === null ? null : money(row.maxDiscountMinor, country),
    limit_per_user: row.limitPerUser,
    total_limit: row.totalLimit,
    kinds: row.kinds,
    start_local: localOf(row.startsAt, country.timeZone),
    end_local: localOf(row.endsAt, country.timeZone),
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    status: row.status,
    uses,
    created_at: iso(row.createdAt),
  };
}

export async function listCoupons(
  db: Db,
  q: PageQuery & {
    country?: string | undefined;
    status?: RecordStatus | undefined;
    search?: string | undefined;
  },
): Promise<AdminCouponList> {
  const countryId = await countryIdOf(servedCountries(db), q.country);
  const { total, ids } = await couponIdsPage(db, {
    countryId,
    status: q.status,
    search: q.search,
    size: q.size,
    offset: offsetOf(q),
  });
  const items: AdminCoupon[] = [];
  for (const id of ids) items.push(await couponOut(servedCountries(db), db, (await couponById(db, id))!));
  return listPage(items, total, q);
}

interface CouponInput {
  code: string;
  name: string;
  discount_type: DiscountType;
  discount: number;
  min_order: number;
  max_discount: number | null;
  limit_per_user: number;
  total_limit: number | null;
  kinds: CouponKind[];
  start_local: string;
  end_local: string;
  status: RecordStatus;
}

async function couponValues(tx: Tx, country: MarketCountry, input: CouponInput, exceptId: number | null) {
  const fields: Record<string, string> = {};
  const taken = await couponIdOfCode(tx, country.id, input.code);
  if (taken !== undefined && taken !== exceptId) fields.code = COUPON_CODE_TAKEN_MESSAGE;
  const discount = discountOf(input.discount_type, input.discount, country, fields);
  const minOrderMinor = minorOf(input.min_order, country, "min_order", fields);
  const maxDiscountMinor =
    input.max_discount === null ? null : minorOf(input.max_discount, country, "max_discount", fields);
  const { startsAt, endsAt } = windowOf(input.start_local, input.end_local, country, fields);
  refuse(fields);
  return {
    code: input.code,
    name: input.name,
    discountType: input.discount_type,
    discount,
    minOrderMinor,
    maxDiscountMinor,
    limitPerUser: input.limit_per_user,
    totalLimit: input.total_limit,
    kinds: input.kinds,
    startsAt,
    endsAt,
    status: input.status,
  };
}

const couponAudit = (r: CouponRow) => ({
  code: r.code,
  name: r.name,
  discount_type: r.discountType,
  discount: r.discount,
  min_order_minor: r.minOrderMinor,
  max_discount_minor: r.maxDiscountMinor,
  limit_per_user: r.limitPerUser,
  total_limit: r.totalLimit,
  kinds: r.kinds,
  starts_at: iso(r.startsAt),
  ends_at: iso(r.endsAt),
  status: r.status,
});

export async function createCoupon(
  db: Db,
  actor: AuditActor,
  body: AdminCouponBodyParsed,
  now: Date,
): Promise<AdminCoupon> {
  try {
    return await db.transaction(async (tx) => {
      const country = await requireCountry(servedCountries(db), tx, body.country_code);
      const values = await couponValues(tx, country, body, null);
      const row = await insertCoupon(tx, { countryId: country.id, ...values, createdAt: now });
      await audit(tx, actor, "coupon.create", "coupon", row.id, null, {
        country_code: country.code,
        ...couponAudit(row),
      });
      return couponOut(servedCountries(db), tx, row);
    });
  } catch (err) {
    // Two creations of one code at once: the unique index refuses the second.
    if (isUniqueViolation(err)) throw AppError.validation({ code: COUPON_CODE_TAKEN_MESSAGE });
    throw err;
  }
}

export async function updateCoupon(
  db: Db,
  actor: AuditActor,
  id: number,
  body: AdminCouponPatch & { code?: string },
): Promise<AdminCoupon> {
  try {
    return await db.transaction(async (tx) => {
      const seen = await couponById(tx, id, true);
      if (!seen) throw couponNotFound();
      const country = (await servedCountries(db).facts({ id: seen.countryId }, tx))!;
      const values = await couponValues(
        tx,
        country,
        {
          code: body.code ?? seen.code,
          name: body.name ?? seen.name,
          discount_type: body.discount_type ?? seen.discountType,
          discount: body.discount ?? discountOut(seen.discountType, seen.discount, country),
          min_order: body.min_order ?? toMajor(seen.minOrderMinor, country.decimals),
          max_discount:
            body.max_discount !== undefined
              ? body.max_discount
              : seen.maxDiscountMinor === null
                ? null
                : toMajor(seen.maxDiscountMinor, country.decimals),
          limit_per_user: body.limit_per_user ?? seen.limitPerUser,
          total_limit: body.total_limit !== undefined ? body.total_limit : seen.totalLimit,
          kinds: body.kinds ?? seen.kinds,
          start_local: body.start_local ?? localOf(seen.startsAt, country.timeZone),
          end_local: body.end_local ?? localOf(seen.endsAt, country.timeZone),
          status: body.status ?? seen.status,
        },
        id,
      );
      const row = await updateCouponRow(tx, id, values);
      await audit(tx, actor, "coupon.update", "coupon", id, couponAudit(seen), couponAudit(row));
      return couponOut(servedCountries(db), tx, row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.validation({ code: COUPON_CODE_TAKEN_MESSAGE });
    throw err;
  }
}

export async function deleteCoupon(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const seen = await couponById(tx, id, true);
    if (!seen) throw couponNotFound();
    if ((await purchasesWithCoupon(tx, id)) > 0) throw inUse(COUPON_IN_USE_MESSAGE);
    await deleteCouponRow(tx, id);
    await audit(tx, actor, "coupon.delete", "coupon", id, couponAudit(seen), null);
  });
}

// ---------------------------------------------------------------------------------------------
// Sliders

const sliderOut = (row: SliderRow, country: MarketCountry): AdminMarketSlider => ({
  id: row.id,
  country_code: country.code,
  title: row.title,
  subtitle: row.subtitle,
  image_url: row.imageUrl,
  link: row.link,
  position: row.position,
  status: row.status,
});
const sliderAudit = (r: SliderRow) => ({
  title: r.title,
  subtitle: r.subtitle,
  image_url: r.imageUrl,
  link: r.link,
  position: r.position,
  status: r.status,
});

export async function listSliders(
  db: Db,
  q: PageQuery & { country?: string | undefined; status?: RecordStatus | undefined },
): Promise<AdminMarketSliderList> {
  const countryId = await countryIdOf(servedCountries(db), q.country);
  const { total, rows } = await sliderPage(db, {
    countryId,
    status: q.status,
    size: q.size,
    offset: offsetOf(q),
  });
  return listPage(
    rows.map((r) => ({ ...r, id: Number(r.id), position: Number(r.position) })),
    total,
    q,
  );
}

export async function createSlider(
  db: Db,
  actor: AuditActor,
  body: {
    country_code: string;
    title: Localised;
    subtitle: Localised;
    image_url: string | null;
    link: string;
    position: number;
    status: RecordStatus;
  },
): Promise<AdminMarketSlider> {
  return db.transaction(async (tx) => {
    const country = await requireCountry(servedCountries(db), tx, body.country_code);
    const row = await insertSlider(tx, {
      countryId: country.id,
      title: body.title,
      subtitle: body.subtitle,
      imageUrl: body.image_url,
      link: body.link,
      position: body.position,
      status: body.status,
    });
    await audit(tx, actor, "market_slider.create", "market_slider", row.id, null, {
      country_code: country.code,
      ...sliderAudit(row),
    });
    return sliderOut(row, country);
  });
}

export async function updateSlider(
  db: Db,
  actor: AuditActor,
  id: number,
  body: Partial<{
    title: Localised;
    subtitle: Localised;
    image_url: string | null;
    link: string;
    position: number;
    status: RecordStatus;
  }>,
): Promise<AdminMarketSlider> {
  return db.transaction(async (tx) => {
    const seen = await sliderById(tx, id, true);
    if (!seen) throw sliderNotFound();
    const country = (await servedCountries(db).facts({ id: seen.countryId }, tx))!;
    const row = await updateSliderRow(tx, id, {
      title: body.title ?? seen.title,
      subtitle: body.subtitle ?? seen.subtitle,
      imageUrl: body.image_url !== undefined ? body.image_url : seen.imageUrl,
      link: body.link ?? seen.link,
      position: body.position ?? seen.position,
      status: body.status ?? seen.status,
    });
    await audit(tx, actor, "market_slider.update", "market_slider", id, sliderAudit(seen), sliderAudit(row));
    return sliderOut(row, country);
  });
}

export async function deleteSlider(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const seen = await sliderById(tx, id, true);
    if (!seen) throw sliderNotFound();
    await deleteSliderRow(tx, id);
    await audit(tx, actor, "market_slider.delete", "market_slider", id, sliderAudit(seen), null);
  });
}

export async function requireSlider(db: Db, id: number): Promise<void> {
  if (!(await sliderExists(db, id))) throw sliderNotFound();
}

/** Sets a banner's image to an uploaded file; answers the one it replaced, to remove once committed. */
export async function setSliderImage(
  db: Db,
  actor: AuditActor,
  id: number,
  url: string,
): Promise<{ slider: AdminMarketSlider; replaced: string | null }> {
  return db.transaction(async (tx) => {
    const seen = await sliderById(tx, id, true);
    if (!seen) throw sliderNotFound();
    const country = (await servedCountries(db).facts({ id: seen.countryId }, tx))!;
    const row = await updateSliderRow(tx, id, { imageUrl: url });
    await audit(tx, actor, "market_slider.image", "market_slider", id, sliderAudit(seen), sliderAudit(row));
    return { slider: sliderOut(row, country), replaced: seen.imageUrl };
  });
}
