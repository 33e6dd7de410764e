import { hash, verify } from "@node-rs/argon2";

/**
 * Argon2id with OWASP's parameters (m=19 MiB, t=2, p=1): about 8 ms per hash here through the
 * native binding, which runs on libuv's thread pool rather than the event loop.
 */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Checked against when the account is unknown, so both paths cost one argon2 verification.
let dummy: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword("parkwell-timing-equaliser");
  await verifyPassword(await dummy, password);
}
