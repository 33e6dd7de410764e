-- The KNN indexes on ll_to_earth are built with GiST's buffered build (Arge et al.): with the
-- default (auto) a build smaller than effective_cache_size inserts one park at a time, whose
-- pages overlap (cube's split); the buffered build clusters them. Measured at 500,000 parks,
-- the ten nearest parks of a Senegalese city: 31-45 pages and 0.6-0.9 ms before, 20-25 pages
-- and 0.15-0.2 ms after. The setting applies to every later REINDEX (the seed's bulk load ends
-- with one; decision 007). Rebuilt here so existing databases get the better build now.
ALTER INDEX "parks_earth_idx" SET (buffering = on);--> statement-breakpoint
ALTER INDEX "parks_earth_c1_idx" SET (buffering = on);--> statement-breakpoint
ALTER INDEX "parks_earth_c2_idx" SET (buffering = on);--> statement-breakpoint
ALTER INDEX "parks_earth_c3_idx" SET (buffering = on);--> statement-breakpoint
ALTER INDEX "parks_earth_c4_idx" SET (buffering = on);--> statement-breakpoint
REINDEX INDEX "parks_earth_idx";--> statement-breakpoint
REINDEX INDEX "parks_earth_c1_idx";--> statement-breakpoint
REINDEX INDEX "parks_earth_c2_idx";--> statement-breakpoint
REINDEX INDEX "parks_earth_c3_idx";--> statement-breakpoint
REINDEX INDEX "parks_earth_c4_idx";
