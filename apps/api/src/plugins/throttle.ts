import { isIPv6 } from "node:net";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error";
import { SharedRedis } from "../lib/shared-redis";

/** The limits' message when nothing more particular is said (the accounts' limits say the same). */
export const TOO_MANY_REQUESTS_MESSAGE = "Too many requests. Please wait a moment and try again.";

export interface LimitRule {
  /** Prefix of the counter's key, so rules never share a counter. */
  name: string;
  max: number;
  timeWindowMs: number;
  /** What is counted: the client address (`clientKey`), an e-mail, ... */
  key: (req: FastifyRequest) => string;
  message: string;
  /**
   * How many distinct keys one window of this rule may hold in one process's memory (default
   * `DEFAULT_CAPACITY`). See `MemoryCounters` for what happens past it.
   */
  capacity?: number;
}

/** Takes back one counted request: for outcomes that do not count (a successful login). */
export type Release = () => Promise<void>;

export interface Limiter {
  /** Counts this request, atomically, and refuses it (429 + Retry-After) past the limit. */
  hit(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** As `hit`, and returns the means to take the count back once the outcome is known. */
  reserve(req: FastifyRequest, reply: FastifyReply): Promise<Release>;
}

/**
 * 50,000 distinct keys in one window, per rule and process (a few MB). Real traffic stays far
 * below it: the account rules' windows are 1 to 10 minutes long, and every request also counts
 * against a per-address rule. Only a flood of distinct keys reaches it.
 */
const DEFAULT_CAPACITY = 50_000;

/**
 * The client address a per-address rule counts: IPv4 as it is, IPv6 by its /64 network, since
 * one subscriber usually holds a whole /64 and could otherwise change address per request.
 */
export function clientKey(req: FastifyRequest): string {
  const ip = req.ip.startsWith("::ffff:") ? req.ip.slice(7) : req.ip;
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

interface Count {
  count: number;
  ttlMs: number;
}

/**
 * Fixed-window counters of one rule in this process's memory. Every window of a rule has the
 * same length, so the Map's insertion order is also the order in which windows end: the ended
 * ones are always at its front and are dropped from there.
 *
 * The store never forgets a window that is still running: forgetting one would reset a count,
 * and an attacker could then buy new attempts against one account by sending a burst of other
 * keys. When `capacity` live windows are held (a flood of distinct keys inside one window), a new
 * key is refused instead (`incr` answers null) until the oldest window ends, at most one window
 * later. The bound is memory: `capacity` entries of a key and two numbers.
 */
export class MemoryCounters {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.windows.size;
  }

  incr(key: string, windowMs: number): Count | null {
    const now = this.now();
    let w = this.windows.get(key);
    if (w && w.endsAt <= now) {
      this.windows.delete(key);
      w = undefined;
    }
    if (!w) {
      for (const [oldKey, old] of this.windows) {
        if (old.endsAt > now) break;
        this.windows.delete(oldKey);
      }
      if (this.windows.size >= this.capacity) return null;
      w = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, ttlMs: w.endsAt - now };
  }

  decr(key: string): void {
    const w = this.windows.get(key);
    if (w && w.count > 0 && w.endsAt > this.now()) w.count -= 1;
  }
}

// One round trip each, so concurrent requests from several processes are counted exactly.
const INCR_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;
const DECR_SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return n`;

/**
 * The counters every API process shares, in Redis. A limiter must never take the product down:
 * while Redis is unreachable or hung each process counts in its own memory (lib/shared-redis).
 */
class SharedCounters {
  private readonly redis: SharedRedis;

  constructor(url: string, log: FastifyBaseLogger) {
    this.redis = new SharedRedis(url, log, {
      down: "Redis is unreachable: rate limits are counted in each process's memory until it is back",
      back: "Redis is reachable again: rate limits are shared again",
    });
  }

  ready(): Promise<void> {
    return this.redis.ready();
  }

  /** The count, or null when Redis cannot answer now (the caller counts in memory instead). */
  async incr(key: string, windowMs: number): Promise<Count | null> {
    const answer = await this.redis.eval<[number, number]>(INCR_SCRIPT, [key], windowMs);
    return answer && { count: answer[0], ttlMs: answer[1] };
  }

  async decr(key: string): Promise<void> {
    await this.redis.eval(DECR_SCRIPT, [key]);
  }

  close(): Promise<void> {
    return this.redis.close();
  }
}

/**
 * Fixed-window throttling. Each rule counts in Redis when REDIS_URL is set, so every API process
 * shares the counters, and in its own bounded memory store otherwise (or while Redis is down).
 * A request is counted before the work it guards, in one atomic step, so concurrent requests can
 * never all pass a check that none of them has counted yet.
 */
export async function registerThrottle(app: FastifyInstance, redisUrl: string | undefined) {
  const shared = redisUrl ? new SharedCounters(redisUrl, app.log) : null;
  if (shared) {
    app.addHook("onClose", async () => shared.close());
    await shared.ready();
  }
  const names = new Set<string>();

  return function limiter(rule: LimitRule): Limiter {
    if (names.has(rule.name)) throw new Error(`Two limit rules are named ${rule.name}`);
    names.add(rule.name);
    const memory = new MemoryCounters(rule.capacity ?? DEFAULT_CAPACITY);
    let fullReported = 0;

    const refuse = (reply: FastifyReply, ttlMs: number): never => {
      reply.header("retry-after", String(Math.max(1, Math.ceil(ttlMs / 1000))));
      throw new AppError(429, "too_many_attempts", rule.message);
    };

    const reserve = async (req: FastifyRequest, reply: FastifyReply): Promise<Release> => {
      const key = `parkwell-rl:${rule.name}:${rule.key(req)}`;
      const inRedis = shared ? await shared.incr(key, rule.timeWindowMs) : null;
      const counted = inRedis ?? memory.incr(key, rule.timeWindowMs);
      const release = async () => {
        if (inRedis) await shared?.decr(key);
        else memory.decr(key);
      };
      if (!counted) {
        if (Date.now() - fullReported > rule.timeWindowMs) {
          fullReported = Date.now();
          req.log.warn(
            { rule: rule.name },
            "rate limit store is full: new keys are refused until windows end",
          );
        }
        return refuse(reply, rule.timeWindowMs);
      }
      if (counted.count > rule.max) {
        // A refused request does not count: the limit is what passes, not what knocks.
        await release();
        return refuse(reply, counted.ttlMs);
      }
      return release;
    };

    return {
      reserve,
      async hit(req, reply) {
        await reserve(req, reply);
      },
    };
  };
}

export type LimiterFactory = Awaited<ReturnType<typeof registerThrottle>>;

/**
 * Holds one request on each limiter, or on none: refused by one (its 429 thrown), the ones
 * already held are given back. Answers the function that gives them all back.
 */
async function reserveAll(
  req: FastifyRequest,
  reply: FastifyReply,
  limiters: readonly Limiter[],
): Promise<() => Promise<unknown>> {
  const held: Release[] = [];
  const releaseAll = () => Promise.all(held.map((release) => release()));
  try {
    for (const limiter of limiters) held.push(await limiter.reserve(req, reply));
  } catch (err) {
    await releaseAll();
    throw err;
  }
  return releaseAll;
}

/**
 * Runs `work` with one request held on each limiter, counted before the work starts. The count
 * stays only when the work fails in a way `counts` names (e.g. a wrong password); any other
 * outcome takes it back, so a user who gets it right is never locked out by success.
 */
export async function throttledAttempt<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  limiters: readonly Limiter[],
  counts: (err: unknown) => boolean,
  work: () => Promise<T>,
): Promise<T> {
  const releaseAll = await reserveAll(req, reply, limiters);
  try {
    const result = await work();
    await releaseAll();
    return result;
  } catch (err) {
    if (!counts(err)) await releaseAll();
    throw err;
  }
}

/**
 * Runs `work` first, and counts only its failures that `counts` names, on each limiter: such a
 * failure past a limit is answered with that limiter's 429 in place of its own error. Success is
 * never counted nor refused, however many failures came before: for limits on mistakes where a
 * right answer must always get through (a booking code at the gate). The failures are counted
 * atomically, so however many arrive at once, exactly `max` answer their own error in a window.
 */
export async function limitFailures<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  limiters: readonly Limiter[],
  counts: (err: unknown) => boolean,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!counts(err)) throw err;
    // Counted on every limiter (a refusal by one counts on none, and is the answer), then its own error.
    await reserveAll(req, reply, limiters);
    throw err;
  }
}
