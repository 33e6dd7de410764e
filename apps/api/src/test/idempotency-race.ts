/**
 * One Idempotency-Key under a race (docs/API-CONVENTIONS.md#idempotency): the same request sent N
 * times at once with one key. Every answer is the first one replayed (the same status and body) or
 * 409 `idempotency_in_progress` while the first is still running; none is a 5xx; one thing is
 * created; and a retry once the race is over replays the first answer. A race proves something
 * only on real PostgreSQL: PGlite runs one statement at a time (skip the suite there).
 */
import { expect } from "vitest";

/** An answer as app.inject (light-my-request) gives it. */
export interface RaceAnswer {
  statusCode: number;
  body: string;
}

export interface KeyedRace {
  /** Sends the request, with the same Idempotency-Key and body every time. */
  send: () => Promise<RaceAnswer>;
  /**
   * What the request creates, counted: each count must grow by exactly one over the race (rows,
   * checkouts opened at a provider, ...).
   */
  created: () => Promise<Record<string, number>>;
  /** How many identical requests are sent at once (default 10). */
  n?: number;
}

const parsed = (a: RaceAnswer): unknown => {
  try {
    return JSON.parse(a.body);
  } catch {
    return a.body;
  }
};

const inProgress = (a: RaceAnswer) =>
  a.statusCode === 409 && (parsed(a) as { code?: unknown } | null)?.code === "idempotency_in_progress";

/** Runs the race and checks it; returns the first answer (status and parsed body). */
export async function expectOneUnderRace(race: KeyedRace): Promise<{ status: number; body: unknown }> {
  const n = race.n ?? 10;
  const before = await race.created();
  const answers = await Promise.all(Array.from({ length: n }, () => race.send()));
  const seen = (a: RaceAnswer) => ({ status: a.statusCode, body: parsed(a) });

  expect(
    answers.filter((a) => a.statusCode >= 500).map(seen),
    "no request of the race answers a 5xx",
  ).toEqual([]);
  const firsts = answers.filter((a) => !inProgress(a)).map(seen);
  expect(firsts.length, "at least one request is answered, not all told to wait").toBeGreaterThan(0);
  const first = firsts[0]!;
  for (const other of firsts) expect(other, "every answer is the first one replayed").toEqual(first);
  // Once the race is over, a retry replays the first answer.
  expect(seen(await race.send()), "a retry after the race replays the first answer").toEqual(first);

  const after = await race.created();
  const grown = Object.fromEntries(Object.keys(before).map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)]));
  expect(grown, "exactly one of each thing was created").toEqual(
    Object.fromEntries(Object.keys(before).map((k) => [k, 1])),
  );
  return first;
}
