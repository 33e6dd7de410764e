CREATE TABLE "pass_closure_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"pass_id" uuid NOT NULL,
	"period" integer NOT NULL,
	"day" date NOT NULL,
	"park_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"ledger_key" text,
	"paid_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pass_closure_refunds_money" CHECK ("pass_closure_refunds"."amount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pass_closure_refunds" ADD CONSTRAINT "pass_closure_refunds_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_closure_refunds" ADD CONSTRAINT "pass_closure_refunds_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_closure_refunds" ADD CONSTRAINT "pass_closure_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pass_closure_refunds_key" ON "pass_closure_refunds" USING btree ("pass_id","period","day");--> statement-breakpoint
CREATE INDEX "pass_closure_refunds_park_idx" ON "pass_closure_refunds" USING btree ("park_id");--> statement-breakpoint
CREATE INDEX "pass_closure_refunds_owed_idx" ON "pass_closure_refunds" USING btree ("pass_id","period") WHERE "pass_closure_refunds"."paid_at" IS NULL;