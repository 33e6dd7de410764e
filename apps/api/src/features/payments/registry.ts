import type { Config } from "../../config";
import { demoProvider } from "./providers/demo";
import { paystackProvider } from "./providers/paystack";
import { stripeProvider } from "./providers/stripe";
import type { PaymentProvider, ProviderName } from "./providers/types";
import { waveProvider } from "./providers/wave";

/** The payment adapters the app is built with (buildApp's `payments` dependency). */
export interface Payments {
  /** The adapter for a provider, or null when it has no keys. `demo` exists only in demo mode. */
  get(name: ProviderName): PaymentProvider | null;
  /** True when `demo` may stand in for a provider without keys. */
  readonly demoAllowed: boolean;
}

/**
 * `decimalsOf` gives a currency's ISO 4217 exponent from the served countries (decision 018);
 * each adapter converts ISO minor units to its own API's unit with it.
 */
export function createPayments(config: Config, decimalsOf: (currency: string) => number): Payments {
  const timeoutMs = config.PAYMENT_TIMEOUT_MS;
  const adapters: Partial<Record<ProviderName, PaymentProvider>> = {};
  if (config.PAYSTACK_SECRET_KEY) {
    adapters.paystack = paystackProvider({
      secretKey: config.PAYSTACK_SECRET_KEY,
      publicKey: config.PAYSTACK_PUBLIC_KEY,
      baseUrl: config.PAYSTACK_API_URL,
      timeoutMs,
      decimalsOf,
    });
  }
  if (config.STRIPE_SECRET_KEY) {
    adapters.stripe = stripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
      timeoutMs,
      decimalsOf,
    });
  }
  if (config.WAVE_API_KEY) {
    adapters.wave = waveProvider({
      apiKey: config.WAVE_API_KEY,
      webhookSecret: config.WAVE_WEBHOOK_SECRET,
      baseUrl: config.WAVE_API_URL,
      timeoutMs,
      decimalsOf,
    });
  }
  // The demo provider pays for everything: only demo mode (config.DEMO_MODE, decided once in
  // loadConfig) may have it, never NODE_ENV alone.
  const demoAllowed = config.DEMO_MODE;
  if (demoAllowed) adapters.demo = demoProvider();
  return { get: (name) => adapters[name] ?? null, demoAllowed };
}
