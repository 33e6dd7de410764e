import { AppError } from "../../lib/app-error";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { hashToken } from "../../lib/tokens";
import { endUserSessions } from "../sessions/sessions.service";
import { MESSAGES } from "./accounts.domain";
import * as repo from "./accounts.repo";
import { log, queueAccountMail, type AccountsDeps, type RequestMeta } from "./accounts.service";

export async function forgotPassword(d: AccountsDeps, email: string, meta: RequestMeta) {
  const user = await repo.findUserByEmail(d.db, email);
  const send = Boolean(user && !user.disabledAt);
  await log(d, meta, { action: "forgot_password", identifier: email, userId: user?.id, success: send });
  if (user && send) await queueAccountMail(d, d.db, user.id, "reset");
  return { message: MESSAGES.forgotSent };
}

/** Sets the password and ends every session and reset link (ASVS 7.4.3). A reset also proves the e-mail. */
export async function resetPassword(d: AccountsDeps, token: string, password: string, meta: RequestMeta) {
  const now = d.clock();
  const userId = await repo.consumeToken(d.db, hashToken(token), "reset_password", now);
  const user = userId ? await repo.findUserById(d.db, userId) : undefined;
  if (!user || user.disabledAt) {
    await log(d, meta, { action: "reset_password", userId: user?.id, success: false, reason: "bad_token" });
    throw new AppError(400, "invalid_link", MESSAGES.badLink);
  }
  const hash = await hashPassword(password);
  await repo.setPassword(
    d.db,
    user.id,
    { passwordHash: hash, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now },
    now,
  );
  await endUserSessions(d.db, d.clock, user.id);
  await log(d, meta, { action: "reset_password", identifier: user.email, userId: user.id, success: true });
  return { message: MESSAGES.passwordReset };
}

/** Re-checks the current password, sets the new one, ends every other session and every reset link (ASVS 7.4.3). */
export async function changePassword(
  d: AccountsDeps,
  auth: { id: string; sessionId: string },
  current: string,
  next: string,
  meta: RequestMeta,
) {
  const user = await repo.findUserById(d.db, auth.id);
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, current) : false;
  const base = { action: "change_password", identifier: user?.email, userId: auth.id };
  if (!user || !ok) {
    await log(d, meta, { ...base, success: false, reason: "bad_password" });
    throw AppError.validation({ current_password: MESSAGES.wrongCurrentPassword });
  }
  const now = d.clock();
  await repo.setPassword(d.db, user.id, { passwordHash: await hashPassword(next), updatedAt: now }, now);
  await endUserSessions(d.db, d.clock, user.id, auth.sessionId);
  await log(d, meta, { ...base, success: true });
  return { message: MESSAGES.passwordChanged };
}
