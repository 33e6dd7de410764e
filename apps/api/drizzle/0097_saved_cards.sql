CREATE TABLE "auto_reloads" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"card_id" uuid NOT NULL,
	"currency" char(3) NOT NULL,
	"threshold_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"paused_at" timestamp with time zone,
	"pause_reason" text,
	"last_reload_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_reloads_amounts_check" CHECK ("auto_reloads"."threshold_minor" > 0 AND "auto_reloads"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"method_ref" text NOT NULL,
	"customer_ref" text,
	"brand" text NOT NULL,
	"last4" char(4) NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"currency" char(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "saved_cards_provider_check" CHECK ("saved_cards"."provider" IN ('paystack', 'stripe', 'demo'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "saved_card_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "customer_ref" text;--> statement-breakpoint
ALTER TABLE "auto_reloads" ADD CONSTRAINT "auto_reloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reloads" ADD CONSTRAINT "auto_reloads_card_id_saved_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_method_unique" ON "saved_cards" USING btree ("provider","method_ref");--> statement-breakpoint
CREATE INDEX "saved_cards_user_idx" ON "saved_cards" USING btree ("user_id","created_at");