import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/** Redis must answer within this, or its user falls back to this process's memory. */
export const REDIS_TIMEOUT_MS = 500;
/** While Redis is thought down but still connected (a hung server), it is pinged this often. */
const PROBE_EVERY_MS = 1_000;

/**
 * A connection to Redis for state every API process shares but none must wait on (the rate limits,
 * the on-sale's line): commands fail fast (no offline queue, short timeouts), `run` answers null
 * while Redis is unreachable or hung so the caller uses its own memory, and the outage and the
 * recovery are logged once each, in the caller's words.
 */
export class SharedRedis {
  private readonly redis: Redis;
  private up = false;
  private reported = false;
  private lastProbe = 0;
  private closing = false;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
    /** What the caller does while Redis is down, and once it is back (the logged lines). */
    private readonly texts: { down: string; back: string },
  ) {
    this.redis = new Redis(url, {
      connectTimeout: REDIS_TIMEOUT_MS * 2,
      commandTimeout: REDIS_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      // Keep trying in the background; requests meanwhile use memory.
      retryStrategy: (times) => Math.min(200 * times, 2_000),
    });
    // Without a listener, ioredis reports every failed reconnection as an unhandled error.
    this.redis.on("error", (err: Error) => this.down(err));
    this.redis.on("close", () => {
      if (!this.closing) this.down(new Error("the connection to Redis closed"));
    });
    this.redis.on("ready", () => this.recovered());
  }

  private recovered(): void {
    if (this.reported) this.log.info(this.texts.back);
    this.up = true;
    this.reported = false;
  }

  private down(err: Error): void {
    this.up = false;
    if (this.reported) return;
    this.reported = true;
    this.log.warn({ err: err.message }, this.texts.down);
  }

  /** Whether to ask Redis now; when it is thought down but connected, a ping in the background finds out. */
  private usable(): boolean {
    if (this.redis.status !== "ready") return false;
    if (this.up) return true;
    const now = Date.now();
    if (now - this.lastProbe >= PROBE_EVERY_MS) {
      this.lastProbe = now;
      this.redis.ping().then(
        () => this.recovered(),
        () => {},
      );
    }
    return false;
  }

  /** Waits for the first connection, but never longer than a request would. */
  async ready(): Promise<void> {
    if (this.redis.status === "ready") return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off("ready", done);
        resolve();
      };
      const timer = setTimeout(done, REDIS_TIMEOUT_MS * 2);
      this.redis.once("ready", done);
    });
    // Read again: the status changed while this waited.
    const status: string = this.redis.status;
    if (status !== "ready") this.down(new Error(`not connected (${status})`));
  }

  /** A Lua script's answer, or null when Redis cannot answer now (the caller uses its memory). */
  async eval<T>(script: string, keys: readonly string[], ...args: (string | number)[]): Promise<T | null> {
    if (!this.usable()) return null;
    try {
      return (await this.redis.eval(script, keys.length, ...keys, ...args)) as T;
    } catch (err) {
      this.down(err as Error);
      return null;
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.redis.disconnect();
  }
}
