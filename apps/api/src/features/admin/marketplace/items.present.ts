/** A marketplace item as the back office shows it (pure): its row with its details. */
import type { AdminMarketItem } from "@parkwell/contract";
import type { CountryFacts } from "../../reference/served-countries";
import { iso, money } from "./market-admin.domain";
import type { itemDetailRows, ItemRow } from "./items.repo";

/** What an item is shown with: its category, variations, add-ons and parks (items.repo). */
export type ItemDetails = Awaited<ReturnType<typeof itemDetailRows>>;

export function presentItem(row: ItemRow, country: CountryFacts, details: ItemDetails): AdminMarketItem {
  const { category, variations, addons, parks } = details;
  return {
    id: row.id,
    country_code: country.code,
    currency: country.currency,
    decimals: country.decimals,
    kind: row.kind,
    category: { id: category!.id, name: category!.name },
    name: row.name,
    description: row.description,
    images: row.images,
    price: money(row.priceMinor, country),
    stock: row.stock,
    daily_capacity: row.dailyCapacity,
    duration_minutes: row.durationMinutes,
    status: row.status,
    sold: row.sold,
    variations: variations.map((v) => ({
      id: Number(v.id),
      attribute: { id: Number(v.attribute_id), name: v.attribute_name },
      value: v.value,
      price: money(Number(v.price_minor), country),
      stock: v.stock === null ? null : Number(v.stock),
      position: Number(v.position),
      status: v.status,
    })),
    addons: addons.map((a) => ({
      id: Number(a.id),
      name: a.name,
      price: money(Number(a.price_minor), country),
    })),
    parks: parks.map((p) => ({ id: Number(p.id), name: p.name, city: p.city })),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
