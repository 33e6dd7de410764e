import { randomBytes } from "node:crypto";
import { GATE_CODE_ALPHABET } from "@parkwell/contract";

/**
 * The one alphabet of the codes people read aloud, type from paper or quote to support: no 0/O,
 * 1/I/L. It is the booking codes' (GATE_CODE_ALPHABET), the narrowest any reader accepts, so a
 * code made here reads back through every one (the gate's, the event and order patterns).
 * Codes issued before with other alphabets stay valid: the readers were not narrowed.
 */
export const READABLE_CODE_ALPHABET = GATE_CODE_ALPHABET;

/**
 * A human-readable code: `prefix` then `length` characters of READABLE_CODE_ALPHABET, one per
 * random byte (`bytes` for tests and the seed's repeatable codes). Random, not sequential, so it
 * reveals nothing about how many there are; each table's unique index catches the rare collision.
 */
export function readableCode(
  prefix: string,
  length: number,
  bytes: Uint8Array = randomBytes(length),
): string {
  if (bytes.length < length) throw new RangeError(`readableCode needs ${length} bytes, got ${bytes.length}`);
  let out = prefix;
  for (let i = 0; i < length; i += 1)
    out += READABLE_CODE_ALPHABET[bytes[i]! % READABLE_CODE_ALPHABET.length];
  return out;
}
