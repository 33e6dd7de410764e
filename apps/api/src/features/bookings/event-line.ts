/**
 * The on-sale's waiting room (decision 051): an event's booking requests are admitted in the order
 * drivers arrived, at most `window` of them in the booking's transaction at a time; the others are
 * answered at once with their place in line and the wait the measured rate of finished admissions
 * gives, and come back with the same request (the client polls). Shared by every API process
 * through Redis when REDIS_URL is set (one Lua script per step, atomic), in this process's memory
 * otherwise (PGlite, one process) or while Redis cannot answer, as the rate limits do (decision 015).
 *
 * A place is the driver's for the event (one per driver, whatever the key), kept while the driver
 * keeps asking: a waiter not seen for `abandonMs` leaves the line when the line reaches it. An
 * admission holds its slot until the request ends (`leave`) or, if its process died, `leaseMs`.
 */
import type { FastifyBaseLogger } from "fastify";
import { SharedRedis } from "../../lib/shared-redis";

export interface LineSettings {
  /** Requests of one event in the booking's transaction at once, across every process. */
  window: number;
  /** A waiter who has not asked again for this long has left the line. */
  abandonMs: number;
  /** An admission's slot is given back after this long even if its request never ended. */
  leaseMs: number;
  /** The rate of admissions is measured over this span. */
  rateSpanMs: number;
}

export const LINE_DEFAULTS: LineSettings = {
  window: 60,
  abandonMs: 15_000,
  leaseMs: 30_000,
  rateSpanMs: 10_000,
};

export type LineAnswer =
  | { admitted: true; leave: (now?: number) => Promise<void> }
  | {
      admitted: false;
      /** 1 = next in line. */
      place: number;
      /** The wait the measured rate gives for this place, in seconds; null before any admission ended. */
      waitSeconds: number | null;
      /** When to ask again, in seconds (a quarter of a second near the head). */
      retryAfterSeconds: number;
    };

export interface EventLine {
  enter(eventCode: string, who: string, now: number): Promise<LineAnswer>;
  close(): Promise<void>;
}

/**
 * The answer to a waiter at `rank` (0 = first) with `done` admissions ended within the rate's span.
 * A slot freed waits for the first waiters to ask again, so those near the head ask often (a
 * quarter of a second within one window of the head, half a second within three); the others ask
 * about twice before their turn (half their wait, 1 to 5 s), which bounds the polls to a few
 * hundred a second for thousands waiting.
 */
function waiting(s: LineSettings, rank: number, done: number): LineAnswer {
  const place = rank + 1;
  const perSecond = done / (s.rateSpanMs / 1000);
  const waitSeconds = perSecond > 0 ? Math.max(1, Math.ceil(place / perSecond)) : null;
  const retryAfterSeconds =
    place <= s.window
      ? 0.25
      : place <= 3 * s.window
        ? 0.5
        : Math.min(5, Math.max(1, Math.round((waitSeconds ?? 2) / 2)));
  return { admitted: false, place, waitSeconds, retryAfterSeconds };
}

/** One process's line: the same rules as the script, for PGlite and while Redis is unreachable. */
export class MemoryLine {
  private readonly lines = new Map<
    string,
    {
      next: number;
      /** Waiters by who, in ticket order (a Map keeps insertion order). */
      waiting: Map<string, { ticket: number; seen: number }>;
      admitted: Map<string, number>;
      done: number[];
    }
  >();

  constructor(private readonly s: LineSettings) {}

  enter(eventCode: string, who: string, now: number): LineAnswer {
    let line = this.lines.get(eventCode);
    if (!line)
      this.lines.set(eventCode, (line = { next: 0, waiting: new Map(), admitted: new Map(), done: [] }));
    for (const [w, until] of line.admitted) if (until <= now) line.admitted.delete(w);
    if (line.admitted.has(who)) return this.admit(eventCode, who, now);
    const mine = line.waiting.get(who);
    if (mine) mine.seen = now;
    else line.waiting.set(who, { ticket: (line.next += 1), seen: now });
    const free = this.s.window - line.admitted.size;
    let rank = 0;
    for (const [w, t] of line.waiting) {
      if (w === who) break;
      if (t.seen <= now - this.s.abandonMs && rank < Math.max(free, 0)) {
        line.waiting.delete(w);
        continue;
      }
      rank += 1;
    }
    while (line.done.length > 0 && line.done[0]! <= now - this.s.rateSpanMs) line.done.shift();
    if (rank >= free) return waiting(this.s, rank, line.done.length);
    line.waiting.delete(who);
    return this.admit(eventCode, who, now);
  }

  private admit(eventCode: string, who: string, now: number): LineAnswer {
    const line = this.lines.get(eventCode)!;
    line.admitted.set(who, now + this.s.leaseMs);
    return {
      admitted: true,
      leave: async (at = Date.now()) => {
        line.admitted.delete(who);
        line.done.push(at);
        if (line.admitted.size === 0 && line.waiting.size === 0) this.lines.delete(eventCode);
      },
    };
  }
}

/**
 * KEYS: waiting (zset who -> ticket), seen (hash who -> ms), admitted (zset who -> lease end),
 * done (zset id -> ms), next (counter). ARGV: who, now, window, abandonMs, leaseMs, rateSpanMs.
 * Answers {1} when admitted, else {0, rank, done}.
 */
const ENTER_SCRIPT = `
local who, now = ARGV[1], tonumber(ARGV[2])
local window, abandon, lease, span = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
for i = 1, 5 do redis.call('PEXPIRE', KEYS[i], 3600000) end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
if redis.call('ZSCORE', KEYS[3], who) then
  redis.call('ZADD', KEYS[3], now + lease, who)
  return {1}
end
if not redis.call('ZSCORE', KEYS[1], who) then
  redis.call('ZADD', KEYS[1], redis.call('INCR', KEYS[5]), who)
end
redis.call('HSET', KEYS[2], who, now)
local free = window - redis.call('ZCARD', KEYS[3])
local i, alive = 0, 0
while alive < free do
  local head = redis.call('ZRANGE', KEYS[1], i, i)[1]
  if not head then break end
  if head ~= who and tonumber(redis.call('HGET', KEYS[2], head) or 0) <= now - abandon then
    redis.call('ZREM', KEYS[1], head)
    redis.call('HDEL', KEYS[2], head)
  else
    alive = alive + 1
    i = i + 1
  end
end
local rank = redis.call('ZRANK', KEYS[1], who)
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now - span)
if rank >= free then
  return {0, rank, redis.call('ZCARD', KEYS[4])}
end
redis.call('ZREM', KEYS[1], who)
redis.call('HDEL', KEYS[2], who)
redis.call('ZADD', KEYS[3], now + lease, who)
return {1}
`;

/** KEYS: admitted, done. ARGV: who, now, a unique id of this admission. */
const LEAVE_SCRIPT = `
if redis.call('ZREM', KEYS[1], ARGV[1]) == 1 then
  redis.call('ZADD', KEYS[2], tonumber(ARGV[2]), ARGV[3])
end
return 1
`;

class SharedLine implements EventLine {
  private readonly redis: SharedRedis;
  private admissions = 0;

  constructor(
    url: string,
    private readonly s: LineSettings,
    private readonly memory: MemoryLine,
    log: FastifyBaseLogger,
  ) {
    this.redis = new SharedRedis(url, log, {
      down: "Redis is unreachable: the on-sale's line is kept in each process",
      back: "Redis is reachable again: the on-sale's line is shared again",
    });
  }

  private keys(eventCode: string) {
    const k = `event-line:{${eventCode}}`;
    return [`${k}:waiting`, `${k}:seen`, `${k}:admitted`, `${k}:done`, `${k}:next`];
  }

  async enter(eventCode: string, who: string, now: number): Promise<LineAnswer> {
    const keys = this.keys(eventCode);
    const s = this.s;
    const answer = await this.redis.eval<number[]>(
      ENTER_SCRIPT,
      keys,
      who,
      now,
      s.window,
      s.abandonMs,
      s.leaseMs,
      s.rateSpanMs,
    );
    if (answer === null) return this.memory.enter(eventCode, who, now);
    if (answer[0] !== 1) return waiting(s, answer[1]!, answer[2]!);
    this.admissions += 1;
    const id = `${process.pid}:${this.admissions}:${now}`;
    return {
      admitted: true,
      leave: async (at = Date.now()) => {
        await this.redis.eval(LEAVE_SCRIPT, [keys[2]!, keys[3]!], who, at, id);
      },
    };
  }

  close(): Promise<void> {
    return this.redis.close();
  }
}

/** The line of this process: shared through Redis when `redisUrl` is set, in memory otherwise. */
export function openEventLine(
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
  settings: Partial<LineSettings> = {},
): EventLine {
  const s = { ...LINE_DEFAULTS, ...settings };
  const memory = new MemoryLine(s);
  if (redisUrl) return new SharedLine(redisUrl, s, memory, log);
  return memoryLine(memory);
}

/** A line in this process's memory only (PGlite; a test's own line, to hold its slots). */
export function memoryLine(memory: MemoryLine): EventLine {
  return { enter: async (code, who, now) => memory.enter(code, who, now), close: async () => {} };
}
