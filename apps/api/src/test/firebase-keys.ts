import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";

/**
 * A stand-in for Google's securetoken JWKS: a key pair made here, its public half served over
 * HTTP on a free port, and a minter for Firebase-shaped ID tokens signed with the private half.
 */
export async function startFakeFirebase(projectId: string) {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-kid", alg: "RS256", use: "sig" };
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;

  async function mint(
    claims: JWTPayload & { sub: string },
    opts: { key?: CryptoKey; iss?: string; aud?: string; exp?: number; iat?: number; provider?: string } = {},
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      auth_time: now - 10,
      email_verified: true,
      firebase: { sign_in_provider: opts.provider ?? "google.com", identities: {} },
      ...claims,
    })
      .setProtectedHeader({ alg: "RS256", kid: "test-kid" })
      .setIssuer(opts.iss ?? `https://securetoken.google.com/${projectId}`)
      .setAudience(opts.aud ?? projectId)
      .setSubject(claims.sub)
      .setIssuedAt(opts.iat ?? now - 10)
      .setExpirationTime(opts.exp ?? now + 3600)
      .sign(opts.key ?? privateKey);
  }

  return { url, mint, close: () => new Promise<void>((r) => server.close(() => r())) };
}
