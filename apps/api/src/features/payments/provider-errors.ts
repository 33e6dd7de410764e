import { AppError } from "../../lib/app-error";
import { ProviderRejectedError, ProviderUnavailableError } from "./providers/types";

export const PROVIDER_DOWN =
  "The payment provider could not be reached. Nothing was charged to your wallet; please try again in a moment.";
export const PROVIDER_TIMEOUT =
  "The payment provider did not answer in time. Nothing was charged to your wallet; please try again in a moment.";
export const PROVIDER_REFUSED = "The payment provider refused the request. Please try again later.";

/** A provider failure as a clear client-facing error (502/504); anything else is rethrown. */
export function providerFailure(err: unknown): AppError {
  if (err instanceof ProviderUnavailableError) {
    return err.timedOut
      ? new AppError(504, "provider_timeout", PROVIDER_TIMEOUT)
      : new AppError(502, "provider_unavailable", PROVIDER_DOWN);
  }
  if (err instanceof ProviderRejectedError) return new AppError(502, "provider_error", PROVIDER_REFUSED);
  throw err;
}
