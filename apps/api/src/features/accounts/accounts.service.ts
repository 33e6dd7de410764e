import { randomUUID } from "node:crypto";
import type { AuthResponse, LoginSchema, RegisterSchema } from "@parkwell/contract";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { MailMessage } from "../../lib/mailer";
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../../lib/passwords";
import { hashToken, newToken } from "../../lib/tokens";
import { endSession, startSession } from "../sessions/sessions.service";
import { accountMail } from "./account-mail";
import { MESSAGES, RESET_TOKEN_SECONDS, VERIFY_TOKEN_SECONDS } from "./accounts.domain";
import { servedCountries } from "../reference/served-countries";
import { acceptCurrentTermsInTx } from "../pages/pages.service";
import { recordRegistration } from "../referrals/referrals.service";
import * as repo from "./accounts.repo";
import { profileOf } from "./profile.service";

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** Where account e-mails are queued (jobs/queue.ts). */
  jobs: Jobs;
}

/** Who is asking: for the attempt log and the session row. */
export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
}

type Log = Omit<Parameters<typeof repo.logAttempt>[1], "ip" | "userAgent">;
export const log = (d: AccountsDeps, meta: RequestMeta, row: Log) =>
  repo.logAttempt(d.db, {
    ...row,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
    createdAt: d.clock(),
  });

/** Signs a user in: a new session token every time (ASVS 7.2.4). */
export async function issueSession(
  d: AccountsDeps,
  user: repo.UserRow,
  meta: RequestMeta,
): Promise<AuthResponse> {
  const { token } = await startSession(d.db, d.clock, user.id, meta);
  return { access_token: token, token_type: "bearer", user: await profileOf(d.db, user) };
}

/** An account e-mail: a verification or reset link, or a note to the owner of a taken address. */
export type AccountMailTemplate = "verify" | "reset" | "taken";

declare module "../../jobs/mail-job" {
  interface MailKinds {
    account: { template: AccountMailTemplate; userId: string };
  }
}

/**
 * Queues an account e-mail (a verification or reset link, or a note to the owner of a taken
 * address) in `tx`, the transaction of the change that causes it; the mail job composes it
 * (`composeAccountMail`) and sends it after the answer, so a known address takes no longer than
 * an unknown one (OWASP Forgot Password Cheat Sheet: consistent response time) but for the
 * insert of the job.
 */
export function queueAccountMail(d: AccountsDeps, tx: Tx, userId: string, template: AccountMailTemplate) {
  return d.jobs.send(tx, "mail", {
    key: `account:${template}:${randomUUID()}`,
    type: "account",
    template,
    userId,
  });
}

/**
 * The account e-mail a mail job sends, composed when it runs: a link's token is made now (the
 * queue never holds one), replacing the user's earlier link of the kind. Null when there is
 * nothing to send any more (the user is disabled, or already verified).
 */
export async function composeAccountMail(
  d: { db: Db; clock: Clock; publicUrl: string },
  userId: string,
  template: AccountMailTemplate,
): Promise<MailMessage | null> {
  const user = await repo.findUserById(d.db, userId);
  if (!user || user.disabledAt) return null;
  if (template === "taken") {
    return accountMail(
      "taken",
      mailLanguage(user),
      user.email,
      user.firstName,
      `${d.publicUrl}/auth`,
      `${d.publicUrl}/auth/forgot-password`,
    );
  }
  if (template === "verify" && user.emailVerifiedAt) return null;
  const token = newToken();
  const now = d.clock();
  const seconds = template === "verify" ? VERIFY_TOKEN_SECONDS : RESET_TOKEN_SECONDS;
  await repo.replaceToken(d.db, {
    userId: user.id,
    purpose: template === "verify" ? "verify_email" : "reset_password",
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + seconds * 1000),
  });
  // Links are built from configuration, never from the Host header (reset poisoning).
  const link =
    template === "verify"
      ? `${d.publicUrl}/verify?token=${token}`
      : `${d.publicUrl}/forgot-password?mode=reset&token=${token}`;
  return accountMail(template, mailLanguage(user), user.email, user.firstName, link);
}

const mailLanguage = (user: repo.UserRow) => (user.language === "fr" ? "fr" : "en");

/**
 * A taken address is answered exactly as a new one (no account enumeration): the same status and
 * body, the same argon2 work, and the mail (a verification link, or a note to the owner) is sent
 * after the answer in both cases.
 */
export async function register(
  d: AccountsDeps,
  body: z.output<typeof RegisterSchema>,
  language: "en" | "fr",
  meta: RequestMeta,
): Promise<{ message: string }> {
  if (body.country_id != null && !(await servedCountries(d.db).byId(body.country_id))) {
    throw AppError.validation({ country_id: MESSAGES.countryUnknown });
  }
  const email = body.email;
  const passwordHash = await hashPassword(body.password);
  const user = await d.db.transaction(async (tx) => {
    const inserted = await repo.insertUser(tx, {
      email,
      passwordHash,
      firstName: body.first_name,
      lastName: body.last_name,
      phone: body.phone ?? null,
      countryId: body.country_id ?? 1,
      language,
      authProvider: "password",
    });
    if (inserted) {
      // The Terms box was ticked (the schema requires it): the current Terms are the accepted ones.
      await acceptCurrentTermsInTx(tx, inserted.id, d.clock());
      // Its device, and its invitation when it came with a driver's code (refused or not).
      await recordRegistration(tx, {
        userId: inserted.id,
        email,
        referralCode: body.referral_code,
        deviceId: body.device_id,
        at: d.clock(),
      });
      await queueAccountMail(d, tx, inserted.id, "verify");
    }
    return inserted;
  });
  if (user) {
    await log(d, meta, { action: "register", identifier: email, userId: user.id, success: true });
    return { message: MESSAGES.registered };
  }
  const owner = await repo.findUserByEmail(d.db, email);
  await log(d, meta, {
    action: "register",
    identifier: email,
    userId: owner?.id,
    success: false,
    reason: "email_taken",
  });
  if (owner && !owner.disabledAt) await queueAccountMail(d, d.db, owner.id, "taken");
  return { message: MESSAGES.registered };
}

/** Signs in the user `userId` (an account an invitation link just joined or made). */
export async function sessionFor(
  d: Pick<AccountsDeps, "db" | "clock">,
  userId: string,
  meta: RequestMeta,
): Promise<AuthResponse> {
  const user = await repo.findUserById(d.db, userId);
  if (!user) throw AppError.notFound("Account not found");
  const { token } = await startSession(d.db, d.clock, user.id, meta);
  return { access_token: token, token_type: "bearer", user: await profileOf(d.db, user) };
}

/**
 * A driver's account made from an invitation link (a company's): the link proved the mailbox, so
 * the address counts as verified. Undefined when the address was taken meanwhile.
 */
export async function createInvitedAccount(
  tx: Tx,
  a: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    countryId: number;
    language: "en" | "fr";
    now: Date;
  },
): Promise<string | undefined> {
  const created = await repo.insertUser(tx, {
    email: a.email,
    passwordHash: a.passwordHash,
    firstName: a.firstName,
    lastName: a.lastName,
    countryId: a.countryId,
    language: a.language,
    authProvider: "password",
    emailVerifiedAt: a.now,
    createdAt: a.now,
    updatedAt: a.now,
  });
  return created?.id;
}

export async function verifyEmail(d: AccountsDeps, token: string, meta: RequestMeta): Promise<AuthResponse> {
  const now = d.clock();
  const hash = hashToken(token);
  const userId = await repo.consumeToken(d.db, hash, "verify_email", now);
  const user = userId ? await repo.findUserById(d.db, userId) : undefined;
  if (!userId) {
    // A link opened again (or after it expired) for an address that is verified by now: say so.
    const owner = await repo.tokenOwner(d.db, hash, "verify_email");
    const known = owner ? await repo.findUserById(d.db, owner) : undefined;
    if (known?.emailVerifiedAt && !known.disabledAt) {
      await log(d, meta, {
        action: "verify_email",
        userId: known.id,
        success: false,
        reason: "already_verified",
      });
      throw new AppError(409, "already_verified", MESSAGES.alreadyVerified);
    }
  }
  if (!user || user.disabledAt) {
    await log(d, meta, { action: "verify_email", userId: user?.id, success: false, reason: "bad_token" });
    throw new AppError(400, "invalid_link", MESSAGES.badLink);
  }
  const verified = user.emailVerifiedAt
    ? user
    : await repo.updateUser(d.db, user.id, { emailVerifiedAt: now, updatedAt: now });
  await log(d, meta, { action: "verify_email", identifier: user.email, userId: user.id, success: true });
  return issueSession(d, verified!, meta);
}

/** Same answer whether or not the address exists (no account enumeration). */
export async function resendVerification(d: AccountsDeps, email: string, meta: RequestMeta) {
  const user = await repo.findUserByEmail(d.db, email);
  const send = Boolean(user && !user.emailVerifiedAt && !user.disabledAt);
  await log(d, meta, { action: "resend_verification", identifier: email, userId: user?.id, success: send });
  if (user && send) await queueAccountMail(d, d.db, user.id, "verify");
  return { message: MESSAGES.resendSent };
}

/**
 * Wrong password, unknown e-mail and social-only account give the same 401 after the same
 * argon2 work. Only a correct password learns that the account is unverified or disabled.
 */
export async function login(
  d: AccountsDeps,
  body: z.output<typeof LoginSchema>,
  meta: RequestMeta,
): Promise<AuthResponse> {
  const user = await repo.findUserByEmail(d.db, body.identifier);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, body.password)
    : (await burnPasswordCheck(body.password), false);
  const base = { action: "login", identifier: body.identifier, userId: user?.id };
  if (!user || !ok) {
    await log(d, meta, { ...base, success: false, reason: user ? "bad_password" : "unknown_user" });
    throw new AppError(401, "invalid_credentials", MESSAGES.invalidCredentials);
  }
  if (user.disabledAt) {
    await log(d, meta, { ...base, success: false, reason: "disabled" });
    throw new AppError(403, "account_disabled", MESSAGES.disabled);
  }
  if (!user.emailVerifiedAt) {
    await log(d, meta, { ...base, success: false, reason: "unverified" });
    throw new AppError(403, "email_not_verified", MESSAGES.unverified);
  }
  await log(d, meta, { ...base, success: true });
  return issueSession(d, user, meta);
}

export async function logout(
  d: AccountsDeps,
  user: { id: string; sessionId: string; email: string },
  meta: RequestMeta,
) {
  await endSession(d.db, d.clock, user.sessionId);
  await log(d, meta, { action: "logout", identifier: user.email, userId: user.id, success: true });
  return { message: MESSAGES.loggedOut };
}
