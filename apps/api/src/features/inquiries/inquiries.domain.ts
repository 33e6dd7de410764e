import { randomBytes } from "node:crypto";

/** Crockford base32 without look-alikes (no I, L, O, U), so a reference reads well over the phone. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A short reference a visitor can quote to support, e.g. `HLP-7K2M9QXA`. Random, not sequential,
 * so it reveals nothing about how many messages we receive.
 */
export function makeReference(prefix: "HLP" | "DEM", bytes: Buffer = randomBytes(8)): string {
  let out = "";
  for (const b of bytes) out += ALPHABET[b % 32];
  return `${prefix}-${out}`;
}
