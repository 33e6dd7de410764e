import swagger, { type SwaggerTransform, type SwaggerTransformObject } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { Config } from "../config";

/**
 * The zod provider's transform, plus the document's one rule for security: a route the auth guard
 * marked (plugins/auth.ts) names the bearer scheme, and every other route says it needs nothing
 * (`security: []`), so a client never has to guess which routes are public.
 */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  if ((schema as { hide?: boolean }).hide) return { schema, url };
  return { schema: { ...schema, security: schema.security ?? [] }, url };
};

/**
 * The zod provider's components, only those the operations reference. It writes an input and an
 * output variant of every named contract schema (`Booking` and `BookingInput`), whether a route
 * reads it, answers it, both or neither; a component nothing refers to is only noise for the
 * client generators that read this document.
 */
const transformObject: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input);
  const schemas: Record<string, unknown> | undefined =
    "components" in document ? document.components?.schemas : undefined;
  if (!schemas) return document;
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== "object") return;
    for (const [key, inner] of Object.entries(value)) {
      const name = key === "$ref" && typeof inner === "string" ? refName(inner) : undefined;
      if (name !== undefined && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      } else {
        visit(inner);
      }
    }
  };
  visit(document.paths);
  // The provider builds these objects afresh on every call: trimming them in place is safe.
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return document;
};

const SCHEMA_REF = "#/components/schemas/";
const refName = (ref: string) => (ref.startsWith(SCHEMA_REF) ? ref.slice(SCHEMA_REF.length) : undefined);

/** OpenAPI 3 generated from the contract's zod schemas; served at /api/openapi.json and /api/docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Parkwell API",
        version,
        description: "Find, book and pay for parking in Nigeria, Canada, Senegal and the United States.",
        // The API is Parkwell's own, not published under an open licence: its use is governed by
        // the terms of service the web app shows.
        termsOfService: new URL("/terms", config.PUBLIC_URL).href,
        license: { name: "Proprietary", url: new URL("/terms", config.PUBLIC_URL).href },
      },
      servers: [{ url: config.PUBLIC_URL }],
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      },
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    uiConfig: { docExpansion: "list", deepLinking: true },
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
