import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { USER_ROLES } from "@parkwell/contract";
import { operators } from "./parks";
import { countries } from "./reference";

export { USER_ROLES };

/** Case-insensitive text (citext): e-mails compare and stay unique regardless of case. */
const citext = customType<{ data: string }>({ dataType: () => "citext" });

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: citext("email").notNull().unique(),
    /** argon2id PHC string; null for accounts that only ever signed in with Google or Apple. */
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    countryId: integer("country_id")
      .notNull()
      .default(1)
      .references(() => countries.id),
    photoUrl: text("photo_url"),
    language: text("language").notNull().default("en"),
    role: text("role", { enum: USER_ROLES }).notNull().default("customer"),
    /** The operator company a staff member works for; null for drivers and Parkwell's own staff. */
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "set null" }),
    firebaseUid: text("firebase_uid").unique(),
    authProvider: text("auth_provider").notNull().default("password"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** Whether the driver gets e-mail reminders before a booking starts and ends (profile). */
    bookingReminders: boolean("booking_reminders").notNull().default(true),
    /** The buyer's company on the driver's receipts, when they gave one (profile). */
    companyName: text("company_name"),
    companyAddress: text("company_address"),
    companyTaxId: text("company_tax_id"),
    /** The Terms version the user last accepted, and when (decision 035); null: none yet. */
    acceptedTermsVersion: integer("accepted_terms_version"),
    acceptedTermsAt: timestamp("accepted_terms_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("users_role_check", sql.raw(`role IN (${USER_ROLES.map((r) => `'${r}'`).join(", ")})`)),
    check("users_language_check", sql`${t.language} IN ('en', 'fr')`),
  ],
);

/**
 * Opaque bearer sessions: the client holds 32 random bytes, the database only their SHA-256.
 * Deleting or revoking a row ends the session at once (logout, password change, disabled user).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    idleTimeoutSeconds: integer("idle_timeout_seconds").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);
