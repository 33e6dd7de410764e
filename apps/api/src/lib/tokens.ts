import { createHash, randomBytes } from "node:crypto";

/** 256 bits from the CSPRNG, base64url: session, verification and reset tokens. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps instead of a token: a leaked table yields no usable token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
