import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";

/**
 * The payment scripts the web app loads on demand (Paystack inline, Stripe.js), and exactly the
 * origins they need: their script host, the frames they open and the API they call.
 */
export const PAYMENT_CSP = {
  script: ["https://js.paystack.co", "https://js.stripe.com"],
  frame: ["https://checkout.paystack.com", "https://js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.paystack.co", "https://api.stripe.com"],
} as const;

/**
 * Security headers with a Content-Security-Policy the built web app works under: only our own
 * scripts, no inline script, images from anywhere over https (map tiles, park photos).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.PUBLIC_URL.startsWith("https://");
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...PAYMENT_CSP.script],
        // Leaflet and React set element styles at run time; no inline <script> is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...PAYMENT_CSP.connect, ...config.CSP_CONNECT_SRC],
        frameSrc: ["'self'", ...PAYMENT_CSP.frame],
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
