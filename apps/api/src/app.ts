import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { healthRoutes } from "./features/health/health.routes";
import { inquiryRoutes } from "./features/inquiries/inquiries.routes";
import { referenceRoutes } from "./features/reference/reference.routes";
import { registerErrorHandler } from "./plugins/errors";
import { registerOpenApi } from "./plugins/openapi";
import { registerSecurity } from "./plugins/security";
import { registerSpa } from "./plugins/spa";
import { VERSION } from "./version";

export interface AppDeps {
  database: Database;
  config: Config;
  /** Pino options or a logger; tests pass false. */
  logger?: FastifyServerOptions["logger"];
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Builds the whole HTTP application from its parts. It never listens: server.ts and tests decide. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { database, config } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // Keep a caller's request id when it is sane, so logs can be joined across services.
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurity(app, config);
  await registerOpenApi(app, config, VERSION);

  await app.register(healthRoutes(database, VERSION), { prefix: "/api" });
  await app.register(referenceRoutes(database.db), { prefix: "/api/v1" });
  await app.register(inquiryRoutes(database.db), { prefix: "/api/v1" });

  await registerSpa(app, config.WEB_DIST_DIR);
  return app;
}
