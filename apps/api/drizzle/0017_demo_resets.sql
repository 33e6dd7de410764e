-- Demo mode's last reset of the demo data (docs/decisions/014-demo-mode.md): one row that every
-- process checks, so the 30-minute reset runs once across processes.
CREATE TABLE "demo_resets" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "demo_resets_one_row" CHECK ("demo_resets"."id" = 1)
);
