-- A top-up settled past the wallet's cap credits up to it and holds the rest in a `held:<user>:<ccy>`
-- account (kind held_excess); the payment keeps the held part in held_minor for support.
ALTER TABLE "wallet_accounts" DROP CONSTRAINT "wallet_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "held_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_held_idx" ON "payments" USING btree ("created_at") WHERE "payments"."held_minor" > 0;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_held_within_amount" CHECK ("payments"."held_minor" >= 0 AND "payments"."held_minor" <= "payments"."amount_minor");--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_kind_check" CHECK ("wallet_accounts"."kind" IN ('user_wallet', 'provider_clearing', 'platform_revenue', 'owner_payable', 'held_excess'));