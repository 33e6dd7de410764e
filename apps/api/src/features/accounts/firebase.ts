import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";

export interface FirebaseIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  signInProvider: string;
  name: string | null;
  picture: string | null;
}

export type FirebaseVerifier = (idToken: string) => Promise<FirebaseIdentity>;

const PROVIDERS = new Set(["google.com", "apple.com"]);

/**
 * Verifies a Firebase ID token as Firebase documents for third-party libraries:
 * RS256 signature against the JWKS, issuer https://securetoken.google.com/<project>, audience
 * <project>, exp/iat/auth_time, a sub of 1-128 characters, and a Google or Apple sign-in.
 */
export function firebaseVerifier(projectId: string, jwksUrl: string, now: () => Date): FirebaseVerifier {
  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000 });
  return async (idToken) => {
    const { payload } = await jwtVerify(idToken, keys, {
      algorithms: ["RS256"],
      issuer: `https://securetoken.google.com/${projectId}`,
      audience: projectId,
      clockTolerance: 5,
      currentDate: now(),
      requiredClaims: ["sub", "iat", "exp", "auth_time"],
    });
    return identityOf(payload, Math.floor(now().getTime() / 1000));
  };
}

function identityOf(p: JWTPayload, nowSeconds: number): FirebaseIdentity {
  if (typeof p.sub !== "string" || p.sub.length === 0 || p.sub.length > 128) throw new Error("bad sub");
  // jose does not check that iat and auth_time lie in the past.
  const authTime = Number(p.auth_time);
  if ((p.iat ?? 0) > nowSeconds + 5 || !Number.isFinite(authTime) || authTime > nowSeconds + 5) {
    throw new Error("iat or auth_time in the future");
  }
  const firebase = p.firebase as { sign_in_provider?: unknown } | undefined;
  const provider = typeof firebase?.sign_in_provider === "string" ? firebase.sign_in_provider : "";
  if (!PROVIDERS.has(provider)) throw new Error("not a Google or Apple sign-in");
  const str = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : null);
  return {
    uid: p.sub,
    email: str(p.email)?.toLowerCase() ?? null,
    emailVerified: p.email_verified === true,
    signInProvider: provider,
    name: str(p.name),
    picture: str(p.picture),
  };
}
