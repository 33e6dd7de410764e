import type { FastifyRequest } from "fastify";
import type { RequestMeta } from "./accounts.service";

/** Who is asking, for the attempt log and the session row. */
export const requestMeta = (req: FastifyRequest): RequestMeta => ({
  ip: req.ip,
  userAgent: req.headers["user-agent"],
});
