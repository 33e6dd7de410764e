import type { TFunction } from "i18next";
import { ApiError } from "../../../lib/api";
import { errorText } from "../../../lib/form-errors";

/**
 * A refused gate request as one line: the server's sentence (already in the page's language:
 * "Already checked in at 10:42", "This park is full for this vehicle type"), else the app's text
 * for a failure that never reached the server.
 */
export function gateErrorText(t: TFunction, err: unknown): string {
  return err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : errorText(t, err);
}
