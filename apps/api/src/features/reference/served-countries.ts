import { learnCurrencies } from "@parkwell/contract";
import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { countries } from "../../db/schema/index";

/** A served country's facts, as its row holds them (migration 0022, decision 018). */
export type ServedCountry = typeof countries.$inferSelect;

interface Snapshot {
  list: ServedCountry[];
  byCode: Map<string, ServedCountry>;
  byId: Map<number, ServedCountry>;
  decimalsByCurrency: Map<string, number>;
}

/** A lookup that missed reloads the rows at most this often (a country added by another process). */
const RELOAD_ON_MISS_MS = 5_000;

/**
 * The served countries, read from their table once and kept in memory: the one source of country
 * facts for the code that needs them synchronously (the payment adapters' unit conversion) or on
 * every request (validating a country code). A lookup that misses reloads the rows (at most every
 * few seconds), so a country inserted as rows is served without a restart; `invalidate` drops the
 * copy at once (for a caller that has just added or changed a country, such as a test).
 */
export class ServedCountries {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  private loadedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every served country, in display order. */
  async list(): Promise<ServedCountry[]> {
    return (await this.load()).list;
  }

  async byCode(code: string): Promise<ServedCountry | undefined> {
    const key = code.trim().toUpperCase();
    return (await this.lookup((s) => s.byCode.get(key))) ?? undefined;
  }

  async byId(id: number): Promise<ServedCountry | undefined> {
    return (await this.lookup((s) => s.byId.get(id))) ?? undefined;
  }

  /** The ISO 4217 exponent of a served country's currency; throws for a currency no country uses. */
  async currencyDecimals(currency: string): Promise<number> {
    const found = await this.lookup((s) => s.decimalsByCurrency.get(currency.toUpperCase()));
    if (found === undefined) throw new Error(`unsupported currency ${currency}`);
    return found;
  }

  /**
   * The same, synchronously, from the copy in memory (loaded by buildApp and by any lookup before).
   * For the payment adapters, whose conversions are synchronous.
   */
  decimalsOf(currency: string): number {
    const found = this.snapshot?.decimalsByCurrency.get(currency.toUpperCase());
    if (found === undefined) throw new Error(`unsupported currency ${currency}`);
    return found;
  }

  invalidate(): void {
    this.snapshot = null;
  }

  /** Loads the rows unless a copy is held. */
  async load(): Promise<Snapshot> {
    if (this.snapshot) return this.snapshot;
    return this.reload();
  }

  private async reload(): Promise<Snapshot> {
    this.loading ??= (async () => {
      try {
        const rows = await this.db
          .select()
          .from(countries)
          .orderBy(asc(countries.sortOrder), asc(countries.id));
        const snapshot: Snapshot = {
          list: rows,
          byCode: new Map(rows.map((c) => [c.code, c])),
          byId: new Map(rows.map((c) => [c.id, c])),
          decimalsByCurrency: new Map(rows.map((c) => [c.currency, c.currencyDecimals])),
        };
        this.snapshot = snapshot;
        this.loadedAt = this.now();
        // Money texts (formatMoney, the French of a sentence's amounts) write each currency as its row says.
        learnCurrencies(
          rows.map((c) => ({
            currency: c.currency,
            currency_symbol: c.currencySymbol,
            currency_decimals: c.currencyDecimals,
          })),
        );
        return snapshot;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  private async lookup<T>(find: (s: Snapshot) => T | undefined): Promise<T | undefined> {
    const found = find(await this.load());
    if (found !== undefined || this.now() - this.loadedAt < RELOAD_ON_MISS_MS) return found;
    return find(await this.reload());
  }
}

const byDb = new WeakMap<Db, ServedCountries>();

/** The one copy per database handle, shared by every feature of an app (and its tests). */
export function servedCountries(db: Db): ServedCountries {
  let served = byDb.get(db);
  if (!served) {
    served = new ServedCountries(db);
    byDb.set(db, served);
  }
  return served;
}
