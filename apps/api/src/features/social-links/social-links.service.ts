import {
  SOCIAL_LINKS_DEFAULT,
  SOCIAL_NETWORKS,
  type SocialLinks,
  type SocialLinkSet,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { ServedCountries } from "../reference/served-countries";
import * as repo from "./social-links.repo";

const NONE: SocialLinkSet = { facebook: null, instagram: null, linkedin: null, twitter: null };

/** A row's own links (all null when it has no row). */
export function ownLinks(row: Partial<SocialLinkSet> | undefined): SocialLinkSet {
  return Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, row?.[n] ?? null])) as SocialLinkSet;
}

/** What a country shows: per network its own address, else the DEFAULT row's, else none. */
export function resolveLinks(own: SocialLinkSet, fallback: SocialLinkSet): SocialLinkSet {
  return Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, own[n] ?? fallback[n]])) as SocialLinkSet;
}

/**
 * The links the site shows (docs/PRODUCT-RULES.md#social-links): DEFAULT's own, then each served
 * country's, in display order, each network resolved against DEFAULT.
 */
export async function publicLinks(db: Db, countries: ServedCountries): Promise<SocialLinks> {
  const [rows, served] = await Promise.all([repo.allRows(db), countries.list()]);
  const byCode = new Map(rows.map((r) => [r.countryCode, ownLinks(r)]));
  const fallback = byCode.get(SOCIAL_LINKS_DEFAULT) ?? NONE;
  return {
    items: [
      { country_code: SOCIAL_LINKS_DEFAULT, ...fallback },
      ...served.map((c) => ({
        country_code: c.code,
        ...resolveLinks(byCode.get(c.code) ?? NONE, fallback),
      })),
    ],
  };
}

/** Every row as set (DEFAULT and the countries with links of their own), with who last set it. */
export function linkRows(db: Db): Promise<repo.SocialLinksRow[]> {
  return repo.allRows(db);
}

/**
 * Sets a row's own links in the caller's transaction (created at its first change); answers the
 * links it had before (null: it had no row).
 */
export async function setOwnLinksInTx(
  tx: Tx,
  countryCode: string,
  links: SocialLinkSet,
  change: { at: Date; by: string },
): Promise<SocialLinkSet | null> {
  const before = await repo.rowForUpdate(tx, countryCode);
  await repo.upsertRow(tx, { countryCode, ...links, updatedAt: change.at, updatedBy: change.by });
  return before ? ownLinks(before) : null;
}
