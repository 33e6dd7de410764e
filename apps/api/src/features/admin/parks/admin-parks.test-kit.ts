import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { queryRows } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";

/** Helpers the back office's park API tests share (test-only; not imported by production code). */

/** A Lagos park's fields, as the form sends them. */
export const newPark = (name: string, extra: object = {}) => ({
  name,
  type: "city",
  country: "NG",
  state_id: null,
  city: "Lagos",
  address: "12 Adeola Odeku Street",
  lat: 6.4312,
  lng: 3.4201,
  time_zone: "Africa/Lagos",
  open_24h: true,
  overnight_stays: false,
  amenities: ["cctv", "lit", "cctv"],
  max_height_cm: 210,
  text_language: "en",
  texts: {
    en: { description: "A quiet garage.", entry_instructions: "Enter from the side street." },
    fr: { description: "Un garage calme.", entry_instructions: "Entrez par la rue latérale." },
  },
  ...extra,
});

/**
 * Parks whose kept rate card (parks.rate_card and hourly_from_minor, which triggers on park_rates and
 * park_capacities keep) differs from the card computed here from their rates and capacities,
 * independently of refresh_rate_cards: empty when they agree.
 */
export const staleRateCards = (db: Tx) =>
  queryRows<{ id: number }>(
    db,
    sql`
    SELECT p.id FROM parks p
    WHERE p.rate_card IS DISTINCT FROM coalesce((
        SELECT jsonb_object_agg(v.vehicle_type_id::text, jsonb_build_array(
          (SELECT r.hourly_minor FROM park_rates r
            WHERE r.park_id = p.id AND r.vehicle_type_id = v.vehicle_type_id AND r.kind = 'standard'),
          (SELECT r.daily_max_minor FROM park_rates r
            WHERE r.park_id = p.id AND r.vehicle_type_id = v.vehicle_type_id AND r.kind = 'standard'),
          (SELECT c.capacity FROM park_capacities c WHERE c.park_id = p.id AND c.vehicle_type_id = v.vehicle_type_id)))
        FROM (SELECT vehicle_type_id FROM park_capacities WHERE park_id = p.id
              UNION SELECT vehicle_type_id FROM park_rates WHERE park_id = p.id AND kind = 'standard') v), '{}'::jsonb)
      OR p.hourly_from_minor IS DISTINCT FROM (
        SELECT r.hourly_minor FROM park_rates r WHERE r.park_id = p.id AND r.vehicle_type_id = 1 AND r.kind = 'standard')`,
  );

/**
 * Kept counts of active parks that differ from counting the parks, per country, per cell and per
 * word (migration 0013: a park counts once each word of 3+ characters that is not a number); empty
 * when they agree.
 */
export const countDrift = (db: Tx) =>
  queryRows<{ kind: string; country_id: number; key: string | null; kept: number; actual: number }>(
    db,
    sql`
    WITH actual_cells AS (
      SELECT country_id, park_cell(lat, lng) AS cell, count(*)::int AS n FROM parks WHERE status = 'active' GROUP BY 1, 2),
    actual_countries AS (
      SELECT country_id, count(*)::int AS n FROM parks WHERE status = 'active' GROUP BY 1),
    actual_words AS (
      SELECT country_id, word, count(DISTINCT id)::int AS n
      FROM parks, regexp_split_to_table(search_text, ' ') AS word
      WHERE status = 'active' AND char_length(word) >= 3 AND word !~ '^[0-9]+$' GROUP BY 1, 2)
    SELECT 'cell' AS kind, coalesce(k.country_id, a.country_id) AS country_id, coalesce(k.cell, a.cell)::text AS key,
      coalesce(k.n, 0) AS kept, coalesce(a.n, 0) AS actual
    FROM park_cell_counts k FULL JOIN actual_cells a ON a.country_id = k.country_id AND a.cell = k.cell
    WHERE coalesce(k.n, 0) <> coalesce(a.n, 0)
    UNION ALL
    SELECT 'country', coalesce(k.country_id, a.country_id), NULL, coalesce(k.n, 0), coalesce(a.n, 0)
    FROM park_country_counts k FULL JOIN actual_countries a ON a.country_id = k.country_id
    WHERE coalesce(k.n, 0) <> coalesce(a.n, 0)
    UNION ALL
    SELECT 'word', coalesce(k.country_id, a.country_id), coalesce(k.word, a.word), coalesce(k.n, 0), coalesce(a.n, 0)
    FROM park_word_counts k FULL JOIN actual_words a ON a.country_id = k.country_id AND a.word = k.word
    WHERE coalesce(k.n, 0) <> coalesce(a.n, 0)`,
  );

/** What a park test file works with; the kit's beforeAll fills it in. */
export interface AdminParksSuite {
  ctx: TestContext;
  /** Harbourview Parking Ltd's operator id. */
  harbourview: number;
  /** A branch manager of Harbourview. */
  manager: TestUser;
}

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * Registers a park test file's hooks (a database, Harbourview's branch manager) and answers the
 * helpers bound to them. Call it once at the top of the file; `suite` is filled in before the
 * file's own beforeAll runs.
 */
export function adminParksKit() {
  const suite = {} as AdminParksSuite;

  beforeAll(async () => {
    suite.ctx = await createTestContext();
    const db = suite.ctx.database.db;
    suite.harbourview = await operatorId(db, "Harbourview Parking Ltd");
    suite.manager = await createStaff(db, "branch_manager", { operatorId: suite.harbourview });
  });
  afterAll(async () => {
    await suite.ctx?.close();
  });

  const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
    suite.ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user ? bearer(user) : {},
      ...(payload ? { payload } : {}),
    });
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(suite.ctx.database.db, query);

  /**
   * The search's kept tables (counts per country, cell and word; rate cards) against a recount of
   * the parks themselves: empty when they agree.
   */
  const keptDrift = async () => {
    const db = suite.ctx.database.db;
    const cards = await staleRateCards(db);
    return [...(await countDrift(db)), ...cards.map((p) => ({ kind: "rate_card", key: String(p.id) }))];
  };

  /** A park's latest audit entry. */
  const lastAudit = async (parkId: number) =>
    (
      await rows<{
        action: string;
        actor_id: string;
        operator_id: number | null;
        before: unknown;
        after: unknown;
      }>(
        sql`SELECT action, actor_id, operator_id, before, after FROM audit_log
        WHERE entity = 'park' AND entity_id = ${String(parkId)} ORDER BY id DESC LIMIT 1`,
      )
    )[0];

  return { suite, call, rows, keptDrift, lastAudit };
}
