import { SOCIAL_LINKS_DEFAULT } from "@parkwell/contract";
import type { Db } from "../client";
import { socialLinks } from "../schema/index";

/**
 * Parkwell's own handles, the DEFAULT row every served country falls back to until staff give it
 * its own (docs/PRODUCT-RULES.md#social-links). Inserted once: a row staff have edited is kept.
 */
export const DEFAULT_SOCIAL_LINKS = {
  facebook: "https://www.facebook.com/parkwell",
  instagram: "https://www.instagram.com/parkwell",
  linkedin: "https://www.linkedin.com/company/parkwell",
  twitter: "https://x.com/parkwell",
} as const;

export async function seedSocialLinks(db: Db, now: Date): Promise<void> {
  await db
    .insert(socialLinks)
    .values({ countryCode: SOCIAL_LINKS_DEFAULT, ...DEFAULT_SOCIAL_LINKS, updatedAt: now, updatedBy: null })
    .onConflictDoNothing();
}
