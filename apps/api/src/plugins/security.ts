import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";

/**
 * Security headers with a Content-Security-Policy the built web app works under: only our own
 * scripts, no inline script, images from anywhere over https (map tiles, park photos).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.PUBLIC_URL.startsWith("https://");
  // Google/Apple sign-in through Firebase Auth: its API hosts, its auth domain's frame, Google's loader.
  const firebase = config.FIREBASE_AUTH_DOMAIN
    ? {
        connect: ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"],
        frame: [`https://${config.FIREBASE_AUTH_DOMAIN}`],
        script: ["https://apis.google.com"],
      }
    : { connect: [], frame: [], script: [] };
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...firebase.script],
        // Leaflet and React set element styles at run time; no inline <script> is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...config.CSP_CONNECT_SRC, ...firebase.connect],
        frameSrc: ["'self'", ...firebase.frame],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", "blob:"],
        manifestSrc: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something over https; on plain http it would break local use.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  await app.register(cors, {
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    allowedHeaders: ["Authorization", "Content-Type", "Idempotency-Key", "Accept-Language"],
    exposedHeaders: ["X-Request-Id", "Retry-After"],
    maxAge: 600,
  });

  app.addHook("onSend", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });
}
