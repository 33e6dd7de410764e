import { learnCurrencies, type CountryService } from "@parkwell/contract";
import { asc } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { countries, fees, taxRates } from "../../db/schema/index";
import type { Tx } from "../../db/tx";
import type { TaxRateRow } from "./tax-rates.domain";

/** A served country's facts, as its row holds them (migration 0022, decision 018). */
export type ServedCountry = typeof countries.$inferSelect;

/** A country's fees, tax and top-up limits, as its `fees` row holds them. */
export type CountryFeesRow = typeof fees.$inferSelect;

/** The facts most callers want of a country: its code, currency with decimals, and clock. */
export interface CountryFacts {
  id: number;
  code: string;
  name: string;
  currency: string;
  decimals: number;
  timeZone: string;
}

/** A country with the fees a price adds (a park's, an event's): a served country that has a fees row. */
export interface CountryWithFees {
  id: number;
  code: string;
  name: string;
  currency: string;
  decimals: number;
  serviceFeeMinor: number;
  bookingFeeBps: number;
  taxBps: number;
  taxName: string;
  /** The country's `tax_rates` rows, every state's (tax-rates.domain taxesAt picks a park's). */
  taxRates: TaxRateRow[];
}

interface Snapshot {
  list: ServedCountry[];
  byCode: Map<string, ServedCountry>;
  byId: Map<number, ServedCountry>;
  decimalsByCurrency: Map<string, number>;
  feesByCountry: Map<number, CountryFeesRow>;
  /** The countries that have a fees row, in display order: one array per copy (callers key memos on it). */
  withFees: CountryWithFees[];
}

/** A lookup that missed reloads the rows at most this often (a country added by another process). */
const RELOAD_ON_MISS_MS = 5_000;
/** A copy older than this is read again at its next use: a row changed by hand reaches a running API. */
const MAX_AGE_MS = 60_000;

/** Whether a served country offers a product line beside parking (its row's `services`). */
export function offers(c: ServedCountry, service: CountryService): boolean {
  return c.services.includes(service);
}

/** A country's facts (CountryFacts) from its row. */
export function factsOf(c: ServedCountry): CountryFacts {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    currency: c.currency,
    decimals: c.currencyDecimals,
    timeZone: c.timezone,
  };
}

/**
 * The served countries and their fees, read from their tables and kept in memory: the one source of
 * country facts in the API (currency and decimals, clock, gateways, fees), for the code that needs
 * them synchronously (the payment adapters' unit conversion) or on every request (a country code,
 * a price's decimals and fees). Nothing in the API writes `countries` or `fees`: they change as rows
 * (a seed, an operator). So that such a change is served without a restart, a lookup that misses
 * reloads the rows (at most every few seconds), a copy older than a minute is read again at its next
 * use, and `invalidate` drops the copy at once (for a caller that has just added or changed a
 * country or its fees, such as a test).
 *
 * One copy per root database handle (`servedCountries(db)`), never per transaction. A lookup made
 * inside a transaction passes its `tx` as `via`: when the copy must be read again it is read through
 * that transaction's connection (PGlite has only one, which the transaction holds), into the same
 * shared copy.
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
  async list(via?: Tx): Promise<ServedCountry[]> {
    return (await this.load(via)).list;
  }

  /** The served countries that have fees (those a park or an event is priced in), in display order. */
  async withFees(via?: Tx): Promise<CountryWithFees[]> {
    return (await this.load(via)).withFees;
  }

  /**
   * The served countries that offer a product line (their row's `services`), in display order:
   * which countries offer vehicle-document renewal, say, is data, never a code written in a feature.
   */
  async offering(service: CountryService, via?: Tx): Promise<ServedCountry[]> {
    return (await this.load(via)).list.filter((c) => offers(c, service));
  }

  async byCode(code: string, via?: Tx): Promise<ServedCountry | undefined> {
    const key = code.trim().toUpperCase();
    return (await this.lookup((s) => s.byCode.get(key), via)) ?? undefined;
  }

  async byId(id: number, via?: Tx): Promise<ServedCountry | undefined> {
    return (await this.lookup((s) => s.byId.get(id), via)) ?? undefined;
  }

  /** A country's facts (CountryFacts) by its code or id; undefined when no served country has it. */
  async facts(by: { code: string } | { id: number }, via?: Tx): Promise<CountryFacts | undefined> {
    const found = "code" in by ? await this.byCode(by.code, via) : await this.byId(by.id, via);
    return found && factsOf(found);
  }

  /** A country's fees row; undefined when it has none. */
  async feesOf(countryId: number, via?: Tx): Promise<CountryFeesRow | undefined> {
    return (await this.lookup((s) => s.feesByCountry.get(countryId), via)) ?? undefined;
  }

  /** The ISO 4217 exponent of a served country's currency; throws for a currency no country uses. */
  async currencyDecimals(currency: string, via?: Tx): Promise<number> {
    const found = await this.lookup((s) => s.decimalsByCurrency.get(currency.toUpperCase()), via);
    if (found === undefined) throw new Error(`unsupported currency ${currency}`);
    return found;
  }

  /**
   * The decimals of each currency a list's rows are in, looked up at once (a miss reads the rows
   * again, as `currencyDecimals`): the rows' amounts are then converted synchronously. Undefined for
   * a currency no served country uses.
   */
  async decimalsOfAll(
    currencies: Iterable<string>,
    via?: Tx,
  ): Promise<(currency: string) => number | undefined> {
    const found = new Map<string, number | undefined>();
    for (const c of new Set(currencies)) {
      const key = c.toUpperCase();
      found.set(key, await this.lookup((s) => s.decimalsByCurrency.get(key), via));
    }
    return (currency) => found.get(currency.toUpperCase());
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

  /** Loads the rows unless a copy is held that is young enough. */
  async load(via?: Tx): Promise<Snapshot> {
    if (this.snapshot && this.now() - this.loadedAt < MAX_AGE_MS) return this.snapshot;
    return this.reload(via);
  }

  private async reload(via?: Tx): Promise<Snapshot> {
    // Inside a transaction, its own read: a second connection may not be had while it is open.
    if (via) return this.read(via);
    this.loading ??= (async () => {
      try {
        return await this.read(this.db);
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  private async read(db: Tx): Promise<Snapshot> {
    const [rows, feeRows, rateRows] = await Promise.all([
      db.select().from(countries).orderBy(asc(countries.sortOrder), asc(countries.id)),
      db.select().from(fees),
      db.select().from(taxRates).orderBy(asc(taxRates.id)),
    ]);
    const feesByCountry = new Map(feeRows.map((f) => [f.countryId, f]));
    const withFees: CountryWithFees[] = [];
    for (const c of rows) {
      const f = feesByCountry.get(c.id);
      if (!f) continue;
      withFees.push({
        id: c.id,
        code: c.code,
        name: c.name,
        currency: c.currency,
        decimals: c.currencyDecimals,
        serviceFeeMinor: f.serviceFeeMinor,
        bookingFeeBps: f.bookingFeeBps,
        taxBps: f.taxBps,
        taxName: f.taxName,
        taxRates: rateRows.filter((r) => r.countryId === c.id),
      });
    }
    const snapshot: Snapshot = {
      list: rows,
      byCode: new Map(rows.map((c) => [c.code, c])),
      byId: new Map(rows.map((c) => [c.id, c])),
      decimalsByCurrency: new Map(rows.map((c) => [c.currency, c.currencyDecimals])),
      feesByCountry,
      withFees,
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
  }

  private async lookup<T>(find: (s: Snapshot) => T | undefined, via?: Tx): Promise<T | undefined> {
    const found = find(await this.load(via));
    if (found !== undefined || this.now() - this.loadedAt < RELOAD_ON_MISS_MS) return found;
    return find(await this.reload(via));
  }
}

const byDb = new WeakMap<Db, ServedCountries>();

/**
 * The one copy per root database handle, shared by every feature of an app (and its tests). A
 * transaction is refused: its caller passes the root handle, and the `tx` as a lookup's `via`.
 */
export function servedCountries(db: Db): ServedCountries {
  if (db instanceof PgTransaction)
    throw new Error("servedCountries takes the app's root database handle, not a transaction");
  let served = byDb.get(db);
  if (!served) {
    served = new ServedCountries(db);
    byDb.set(db, served);
  }
  return served;
}
