import type { FastifyInstance } from "fastify";
import { formatLsn, parseLsn, withReadFloor, type ReadReplicas } from "../db/read-replicas";
import { changesPages } from "./page-cache";

/**
 * The cookie that carries a reader's last write's WAL position (docs/decisions/037-read-replicas.md).
 * Set on the answer to every successful write while replicas are configured; a public read with it
 * goes to a replica only once that replica has replayed the position.
 */
export const READ_AFTER_COOKIE = "read_after";

/** How long the position is carried (s): far longer than a replica in rotation takes to replay it. */
const READ_AFTER_SECONDS = 60;

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The read-after position a request carries, or null (none, or not a WAL position). */
export function readAfterOf(cookieHeader: string | undefined): bigint | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === READ_AFTER_COOKIE) {
      // The position's one "/" is sent encoded; anything else is no position (never an error).
      return parseLsn(
        part
          .slice(eq + 1)
          .trim()
          .replace(/%2F/i, "/"),
      );
    }
  }
  return null;
}

/**
 * Read-your-writes across the primary and its replicas. Each request's public reads see at least
 * the position its read-after cookie names; each successful write answers with the primary's
 * position after it. A write that changes what public pages show (a review, a park's edit)
 * raises the whole process's bound too, so that the page cache, emptied by that write, is not
 * filled again from a replica that has not replayed it yet. Nothing happens without replicas.
 */
export function registerReadYourWrites(app: FastifyInstance, replicas: ReadReplicas | null): void {
  if (!replicas) return;
  // After the body is read (a stream's events run outside the request's async context) and just
  // before the handler, which then runs inside the bound.
  app.addHook("preHandler", (req, _reply, done) => {
    withReadFloor(readAfterOf(req.headers.cookie), done);
  });
  app.addHook("onSend", async (req, reply, payload) => {
    if (READS.has(req.method) || reply.statusCode >= 400) return payload;
    const lsn = await replicas.primaryLsn().catch(() => null);
    if (lsn === null) return payload;
    if (changesPages(req.url)) replicas.raiseFloor(lsn);
    const secure = req.protocol === "https" ? "; Secure" : "";
    const cookie = `${READ_AFTER_COOKIE}=${encodeURIComponent(formatLsn(lsn))}; Path=/; Max-Age=${READ_AFTER_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
    // Fastify adds a set-cookie to those already set.
    reply.header("set-cookie", cookie);
    return payload;
  });
}
