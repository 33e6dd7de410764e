/** The demo marketplace's offers, sliders and published coupons, and their windows. */
import { eq, sql } from "drizzle-orm";
import { coupons, marketItems, marketOffers, type Localised } from "../schema/index";
import type { Tx } from "../tx";
import {
  cents,
  DAY_MS,
  itemId,
  l,
  managed,
  naira,
  offerId,
  price,
  same,
  type CountryId,
  type PerCountry,
} from "./marketplace-values";

/** An offer: on one item (`n`) or a category (`slug`); id `countryId × 10 + n`. */
export const MARKET_OFFER_SEED: readonly {
  n: number;
  name: Localised;
  item?: number;
  category?: string;
  discountType: "fixed" | "percentage";
  discount: PerCountry;
  max?: PerCountry;
}[] = [
  {
    n: 1,
    name: l("Dash cam week: 15% off", "Semaine dashcam : -15 %"),
    item: 1,
    discountType: "percentage",
    discount: same(1_500),
    max: price(8_000, 25, 7_000, 20),
  },
  {
    n: 2,
    name: l("Car care: money off every product", "Entretien auto : une remise sur chaque produit"),
    category: "car-care",
    discountType: "fixed",
    discount: price(1_000, 5, 1_000, 4),
  },
  {
    n: 3,
    name: l("Wash & valet: 10% off", "Lavage et nettoyage : -10 %"),
    category: "wash-valet",
    discountType: "percentage",
    discount: same(1_000),
    max: price(2_000, 10, 1_500, 10),
  },
];
/** Offers last this long from seeding, and move forward when fewer than OFFER_RENEW_MS are left. */
const OFFER_WINDOW_MS = 30 * DAY_MS;
const OFFER_RENEW_MS = 7 * DAY_MS;

/** Sliders: id `countryId × 10 + n`, linking to a category or an item (`/marketplace/<id>`). */
export const MARKET_SLIDER_SEED: readonly {
  n: number;
  title: Localised;
  subtitle: Localised;
  link: (countryId: CountryId) => string;
}[] = [
  {
    n: 1,
    title: l("Record every drive", "Filmez chaque trajet"),
    subtitle: l("Dash cams at 15% off this month", "Dashcams à -15 % ce mois-ci"),
    link: (c) => `/marketplace/${itemId(c, 1)}`,
  },
  {
    n: 2,
    title: l("A clean car while you park", "Une voiture propre pendant que vous stationnez"),
    subtitle: l("Hand wash and valet at your car park", "Lavage et nettoyage à votre parking"),
    link: () => "/marketplace?category=wash-valet",
  },
  {
    n: 3,
    title: l("Ready for the road", "Prêt pour la route"),
    subtitle: l("First-aid, triangles and extinguishers", "Trousses, triangles et extincteurs"),
    link: () => "/marketplace?category=safety-kits",
  },
];

export interface SeedCoupon {
  code: string;
  name: string;
  discountType: "fixed" | "percentage";
  /** Minor units (fixed) or basis points (percentage). */
  discount: number;
  minOrderMinor: number;
  maxDiscountMinor: number | null;
  limitPerUser: number;
}

/**
 * The two published coupons of each country (README.md "Marketplace coupons"): PARKWELL10 takes
 * 10% off the goods, at most ₦5,000 / CA$12 / 5,000 F CFA / $10, once per driver; the welcome
 * coupon takes a fixed amount off an order of at least ten times as much, once per driver.
 */
export const MARKET_COUPON_SEED: Record<CountryId, SeedCoupon[]> = {
  1: coupons2(naira(5_000), "WELCOME2000", naira(2_000), naira(20_000)),
  2: coupons2(cents(12), "WELCOME5", cents(5), cents(50)),
  3: coupons2(5_000, "WELCOME2000", 2_000, 20_000),
  4: coupons2(cents(10), "WELCOME5", cents(5), cents(50)),
};
function coupons2(cap: number, welcome: string, off: number, min: number): SeedCoupon[] {
  return [
    {
      code: "PARKWELL10",
      name: "10% off your order",
      discountType: "percentage",
      discount: 1_000,
      minOrderMinor: 0,
      maxDiscountMinor: cap,
      limitPerUser: 1,
    },
    {
      code: welcome,
      name: "Welcome offer",
      discountType: "fixed",
      discount: off,
      minOrderMinor: min,
      maxDiscountMinor: null,
      limitPerUser: 1,
    },
  ];
}
/** Coupons last a year from seeding and move forward when fewer than 60 days are left. */
const COUPON_WINDOW_MS = 365 * DAY_MS;
const COUPON_RENEW_MS = 60 * DAY_MS;

export async function seedOffers(
  db: Tx,
  countryId: CountryId,
  categoryIds: Map<string, number>,
  now: Date,
  fresh: (row: { id: number }) => boolean,
) {
  const startsAt = new Date(now.getTime() - DAY_MS);
  const endsAt = new Date(now.getTime() + OFFER_WINDOW_MS);
  const rows = MARKET_OFFER_SEED.flatMap((o) => {
    const categoryId = o.category ? categoryIds.get(o.category) : undefined;
    if (o.category && categoryId === undefined) return [];
    return [
      {
        id: offerId(countryId, o.n),
        countryId,
        name: o.name,
        itemId: o.item ? itemId(countryId, o.item) : null,
        categoryId: categoryId ?? null,
        discountType: o.discountType,
        discount: o.discount[countryId],
        maxDiscountMinor: o.max?.[countryId] ?? null,
        startsAt,
        endsAt,
      },
    ];
  });
  // An offer on an item that is gone (deleted in the back office) is not put back.
  for (const row of rows.filter(fresh)) {
    if (row.itemId !== null) {
      const [exists] = await db
        .select({ id: marketItems.id })
        .from(marketItems)
        .where(eq(marketItems.id, row.itemId));
      if (!exists) continue;
    }
    await db.insert(marketOffers).values(row).onConflictDoNothing({ target: marketOffers.id });
  }
  await db.execute(sql`UPDATE market_offers o SET starts_at = ${startsAt.toISOString()}::timestamptz,
      ends_at = ${endsAt.toISOString()}::timestamptz
    WHERE o.id = ANY(${sql.param(MARKET_OFFER_SEED.map((o) => offerId(countryId, o.n)))}::int[])
      AND o.ends_at < ${new Date(now.getTime() + OFFER_RENEW_MS).toISOString()}::timestamptz
      AND NOT ${managed("market_offer", sql`o.id`)}`);
}

export async function seedCoupons(db: Tx, countryId: CountryId, now: Date, staff: Set<string>) {
  const startsAt = now;
  const endsAt = new Date(now.getTime() + COUPON_WINDOW_MS);
  const list = MARKET_COUPON_SEED[countryId];
  const missing = list.filter((c) => !staff.has(`coupon:${c.code}`));
  if (missing.length > 0) {
    await db
      .insert(coupons)
      .values(missing.map((c) => ({ ...c, countryId, startsAt, endsAt })))
      .onConflictDoNothing({ target: [coupons.countryId, coupons.code] });
  }
  await db.execute(sql`UPDATE coupons c SET ends_at = ${endsAt.toISOString()}::timestamptz,
      starts_at = LEAST(c.starts_at, ${startsAt.toISOString()}::timestamptz)
    WHERE c.country_id = ${countryId} AND c.code = ANY(${sql.param(list.map((c) => c.code))}::text[])
      AND c.ends_at < ${new Date(now.getTime() + COUPON_RENEW_MS).toISOString()}::timestamptz
      AND NOT ${managed("coupon", sql`c.id`)}`);
}
