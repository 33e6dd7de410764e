-- Referrals (docs/decisions/045-referrals.md): a driver's code, the invitations (one per invitee,
-- its status and refusal reason), the devices drivers used, the e-mail domain rules, the reward per
-- country in the fees row, and Parkwell's marketing accounts that pay the rewards.
CREATE TABLE "referral_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referral_devices" (
	"user_id" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
CREATE TABLE "referral_email_rules" (
	"pattern" text PRIMARY KEY NOT NULL,
	"note" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inviter_id" uuid NOT NULL,
	"invitee_id" uuid NOT NULL,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"refused_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"rewarded_at" timestamp with time zone,
	"purchase_id" uuid,
	"inviter_reward_minor" bigint,
	"inviter_currency" char(3),
	CONSTRAINT "referrals_status_check" CHECK (status IN ('registered', 'rewarded', 'refused')),
	CONSTRAINT "referrals_reason_check" CHECK ((status = 'refused') = (refused_reason IS NOT NULL) AND (refused_reason IS NULL OR refused_reason IN ('self_referral', 'blocked_email_domain', 'same_device'))),
	CONSTRAINT "referrals_rewarded_check" CHECK (("referrals"."status" = 'rewarded') = ("referrals"."rewarded_at" IS NOT NULL)),
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."inviter_id" <> "referrals"."invitee_id")
);
--> statement-breakpoint
ALTER TABLE "wallet_accounts" DROP CONSTRAINT "wallet_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "referral_reward_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_devices" ADD CONSTRAINT "referral_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_devices_hash_idx" ON "referral_devices" USING btree ("device_hash");--> statement-breakpoint
CREATE INDEX "referrals_inviter_idx" ON "referrals" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_invitee_key" ON "referrals" USING btree ("invitee_id");--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_kind_check" CHECK ("wallet_accounts"."kind" IN ('user_wallet', 'provider_clearing', 'platform_revenue', 'owner_payable', 'held_excess', 'company_wallet', 'marketing_spend'));--> statement-breakpoint
-- The rewards of the countries served today (the seed writes the same): NGN 1,000, CAD 5, XOF 2,000, USD 5.
UPDATE "fees" f SET "referral_reward_minor" = CASE c."currency"
    WHEN 'NGN' THEN 100000 WHEN 'CAD' THEN 500 WHEN 'XOF' THEN 2000 WHEN 'USD' THEN 500 ELSE 0 END
  FROM "countries" c WHERE c."id" = f."country_id";--> statement-breakpoint
-- Disposable mailboxes: an invitee at one of them is refused (blocked_email_domain).
INSERT INTO "referral_email_rules" ("pattern", "note") VALUES
  ('mailinator.com', 'disposable'),
  ('guerrillamail.*', 'disposable'),
  ('sharklasers.com', 'disposable'),
  ('10minutemail.*', 'disposable'),
  ('temp-mail.org', 'disposable'),
  ('tempmail.*', 'disposable'),
  ('yopmail.*', 'disposable'),
  ('trashmail.*', 'disposable'),
  ('getnada.com', 'disposable'),
  ('dispostable.com', 'disposable'),
  ('maildrop.cc', 'disposable'),
  ('throwawaymail.com', 'disposable')
ON CONFLICT DO NOTHING;
