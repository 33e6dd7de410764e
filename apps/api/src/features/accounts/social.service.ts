import type { SocialLoginResponse, SocialLoginSchema } from "@parkwell/contract";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import { MESSAGES, splitName } from "./accounts.domain";
import { recordRegistration } from "../referrals/referrals.service";
import * as repo from "./accounts.repo";
import { issueSession, type AccountsDeps, type RequestMeta } from "./accounts.service";
import type { FirebaseIdentity, FirebaseVerifier } from "./firebase";

const HttpsUrl = z.url({ protocol: /^https$/ }).max(2048);

/**
 * Google/Apple sign-in: the Firebase ID token is the only proof. The account is found by its
 * Firebase uid (the token's sub, never the e-mail alone); a new e-mail makes a new account.
 */
export async function socialLogin(
  d: AccountsDeps,
  verify: FirebaseVerifier | null,
  body: z.output<typeof SocialLoginSchema>,
  meta: RequestMeta,
): Promise<SocialLoginResponse> {
  if (!verify) throw new AppError(503, "social_unavailable", MESSAGES.socialUnavailable);
  const attempt = { action: `social_${body.provider}`, identifier: body.email?.toLowerCase().slice(0, 254) };
  const fail = async (reason: string, err: AppError, userId?: string) => {
    await repo.logAttempt(d.db, {
      ...attempt,
      userId,
      ip: meta.ip,
      userAgent: meta.userAgent,
      success: false,
      reason,
    });
    throw err;
  };

  let id: FirebaseIdentity;
  try {
    id = await verify(body.id_token);
  } catch {
    return fail("bad_id_token", new AppError(401, "invalid_id_token", MESSAGES.socialFailed));
  }
  if (id.uid !== body.firebase_uid || id.signInProvider !== `${body.provider}.com`) {
    return fail("token_mismatch", new AppError(401, "invalid_id_token", MESSAGES.socialFailed));
  }
  // The token's e-mail wins over the one the client sends.
  const email = id.email ?? null;
  if (!email) return fail("no_email", new AppError(422, "email_required", MESSAGES.socialNoEmail));
  attempt.identifier = email;
  // An address the provider has not verified proves nothing: it must not sign in or reserve it.
  if (!id.emailVerified) {
    return fail("email_unverified", new AppError(403, "social_email_unverified", MESSAGES.socialUnverified));
  }

  let user = await repo.findUserByFirebaseUid(d.db, id.uid);
  let isNew = false;
  if (!user) {
    const existing = await repo.findUserByEmail(d.db, email);
    if (existing?.passwordHash)
      return fail(
        "password_account",
        new AppError(400, "account_exists", MESSAGES.socialExists),
        existing.id,
      );
    if (existing)
      return fail(
        "linking",
        new AppError(409, "account_linking_required", MESSAGES.socialLinking),
        existing.id,
      );
    const { first, last } = splitName(body.name ?? id.name, email);
    const photo = HttpsUrl.safeParse(body.photo_url ?? id.picture ?? undefined);
    const now = d.clock();
    // The account and its invitation in one transaction: a failure recording the invitation leaves
    // no account behind (a retry would find it, sign in, and lose the invitation for good).
    user = await d.db.transaction(async (tx) => {
      const created = await repo.insertUser(tx, {
        email,
        firstName: first,
        lastName: last,
        photoUrl: photo.success ? photo.data : null,
        firebaseUid: id.uid,
        authProvider: body.provider,
        // Google or Apple has verified the address (checked above).
        emailVerifiedAt: now,
      });
      // Its device, and its invitation when it came by a driver's link, as a registration's.
      if (created)
        await recordRegistration(tx, {
          userId: created.id,
          email,
          referralCode: body.referral_code,
          deviceId: body.device_id,
          at: now,
        });
      return created;
    });
    if (!user) return fail("race", new AppError(409, "account_linking_required", MESSAGES.socialLinking));
    isNew = true;
  }
  if (user.disabledAt)
    return fail("disabled", new AppError(403, "account_disabled", MESSAGES.disabled), user.id);
  await repo.logAttempt(d.db, {
    ...attempt,
    userId: user.id,
    ip: meta.ip,
    userAgent: meta.userAgent,
    success: true,
  });
  return { ...(await issueSession(d, user, meta)), is_new_user: isNew };
}
