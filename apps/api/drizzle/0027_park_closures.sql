-- Whole days a park is closed on its own clock (holidays, works, events), whatever its opening hours
-- say: the window rule (packages/contract/src/opening-hours.ts) treats such a day as closed.
ALTER TABLE "parks" ADD COLUMN "closures" date[] DEFAULT '{}'::date[] NOT NULL;