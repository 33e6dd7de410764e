import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { states, vehicleTypes } from "./reference";

export const ACCOUNT_TOKEN_PURPOSES = ["verify_email", "reset_password"] as const;

/**
 * Single-use e-mail verification and password-reset tokens. Only the SHA-256 of the 256-bit
 * token is kept (ASVS 6.5.2), so a leaked table yields no usable link.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("account_tokens_user_idx").on(t.userId, t.purpose),
    check("account_tokens_purpose_check", sql`${t.purpose} IN ('verify_email', 'reset_password')`),
  ],
);

/** Every authentication attempt, success or failure (ASVS 16.3.1). Never a password or a token. */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    action: text("action").notNull(),
    identifier: text("identifier"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    ip: text("ip"),
    userAgent: text("user_agent"),
    success: boolean("success").notNull(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("auth_attempts_identifier_idx").on(t.identifier, t.createdAt),
    index("auth_attempts_user_idx").on(t.userId, t.createdAt),
  ],
);

/** A driver's saved vehicles: plates normalised, unique per user, at most one default. */
export const userVehicles = pgTable(
  "user_vehicles",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plateNumber: text("plate_number").notNull(),
    vehicleTypeId: integer("vehicle_type_id")
      .notNull()
      .references(() => vehicleTypes.id),
    make: text("make"),
    model: text("model"),
    color: text("color"),
    nickname: text("nickname"),
    // What document renewal needs (decision 031); empty until the driver gives it.
    year: smallint("year"),
    engineCc: integer("engine_cc"),
    /** Chassis number (VIN), upper case. */
    vin: text("vin"),
    /** The state the vehicle is registered in (Nigeria's states for renewal). */
    registrationStateId: integer("registration_state_id").references(() => states.id),
    /** private | commercial. */
    vehicleUse: text("vehicle_use"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_vehicles_plate_idx").on(t.userId, t.plateNumber),
    uniqueIndex("user_vehicles_default_idx")
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check("user_vehicles_plate_check", sql`${t.plateNumber} ~ '^[A-Z0-9]{2,15}$'`),
    check(
      "user_vehicles_use_check",
      sql`${t.vehicleUse} IS NULL OR ${t.vehicleUse} IN ('private', 'commercial')`,
    ),
    check("user_vehicles_engine_cc_check", sql`${t.engineCc} IS NULL OR ${t.engineCc} BETWEEN 50 AND 20000`),
  ],
);
