import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { AppError } from "../lib/app-error";

export interface LimitRule {
  /** Prefix of the counter's key, so rules never share a counter. */
  name: string;
  max: number;
  timeWindowMs: number;
  /** What is counted: the client IP, an e-mail, ... */
  key: (req: FastifyRequest) => string;
  message: string;
}

export interface Limiter {
  /** Counts this request and refuses it (429 + Retry-After) past the limit. */
  hit(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Refuses when the limit is already reached, without counting (failure-only counters). */
  check(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts one failure. */
  fail(req: FastifyRequest): Promise<void>;
}

/**
 * Throttling on @fastify/rate-limit's store: in memory for one process, in Redis when REDIS_URL
 * is set so every API process shares the counters. Rules are applied by the features that need
 * them (login counts failures only; registration and mail requests count every call).
 */
export async function registerThrottle(app: FastifyInstance, redisUrl: string | undefined) {
  let redis: Redis | undefined;
  if (redisUrl) {
    redis = new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    app.addHook("onClose", async () => {
      await redis?.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    nameSpace: "parkwell-rl-",
    ...(redis ? { redis } : {}),
  });

  return function limiter(rule: LimitRule): Limiter {
    const status = app.createRateLimit({
      max: rule.max,
      timeWindow: rule.timeWindowMs,
      keyGenerator: (req) => `${rule.name}:${rule.key(req)}`,
    });
    const refuse = (reply: FastifyReply, ttlSeconds: number) => {
      reply.header("retry-after", String(Math.max(1, ttlSeconds)));
      throw new AppError(429, "too_many_attempts", rule.message);
    };
    return {
      async hit(req, reply) {
        const s = await status(req);
        if (!s.isAllowed && s.isExceeded) refuse(reply, s.ttlInSeconds);
      },
      async check(req, reply) {
        const s = await status(req, { increment: false });
        if (!s.isAllowed && s.remaining <= 0 && s.ttl > 0) refuse(reply, s.ttlInSeconds);
      },
      async fail(req) {
        await status(req);
      },
    };
  };
}

export type LimiterFactory = Awaited<ReturnType<typeof registerThrottle>>;
