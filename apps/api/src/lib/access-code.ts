import { createHash } from "node:crypto";
import { normaliseAccessCode } from "@parkwell/contract";

/**
 * How a private event's access code is kept: the SHA-256 of its normalised form, never the code
 * itself. The events feature checks typed codes against it; the seed writes its events' codes with it.
 */
export const accessCodeHash = (code: string) =>
  createHash("sha256").update(normaliseAccessCode(code)).digest("hex");
