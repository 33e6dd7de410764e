/**
 * The social links' plain values (the networks, the DEFAULT row, the hosts and the sentences of a
 * refusal, and the address check), without zod, as market-values.ts: the footer, on every page,
 * uses them without the schema library. social-links.ts has the schemas.
 */
/**
 * Parkwell's social links per country (docs/PRODUCT-RULES.md#social-links): one row per country
 * code plus a DEFAULT row; a country shows, network by network, its own address or else the
 * DEFAULT's, and a network with neither is not shown.
 */
export const SOCIAL_NETWORKS = ["facebook", "instagram", "linkedin", "twitter"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The row every served country falls back to, network by network. */
export const SOCIAL_LINKS_DEFAULT = "DEFAULT";

/** The hosts a network's address may be on; only https. */
export const SOCIAL_NETWORK_HOSTS: Record<SocialNetwork, readonly string[]> = {
  facebook: ["facebook.com", "www.facebook.com", "m.facebook.com"],
  instagram: ["instagram.com", "www.instagram.com"],
  linkedin: ["linkedin.com", "www.linkedin.com"],
  twitter: ["x.com", "www.x.com", "twitter.com", "www.twitter.com"],
};

export const SOCIAL_LINK_MAX = 300;

export const SOCIAL_LINK_NOT_HTTPS = "Enter the full address, starting with https://";
export const SOCIAL_LINK_HOME_PAGE = "Enter the address of Parkwell's page, not the network's home page";
/** What a network's address must be on, said when it is elsewhere. */
export const SOCIAL_LINK_WRONG_HOST: Record<SocialNetwork, string> = {
  facebook: "A Facebook link must be an address on facebook.com",
  instagram: "An Instagram link must be an address on instagram.com",
  linkedin: "A LinkedIn link must be an address on linkedin.com",
  twitter: "An X (Twitter) link must be an address on x.com or twitter.com",
};

/** https, a host, then a path, query or fragment: no spaces, no user, no port. */
const HTTPS_ADDRESS = /^https:\/\/([^/?#\s@:]+)([/?#]\S*)?$/;

/** Why an address cannot be the network's link (null: it can). */
export function socialLinkProblem(network: SocialNetwork, value: string): string | null {
  const m = HTTPS_ADDRESS.exec(value);
  if (!m) return SOCIAL_LINK_NOT_HTTPS;
  if (!SOCIAL_NETWORK_HOSTS[network].includes(m[1]!.toLowerCase())) return SOCIAL_LINK_WRONG_HOST[network];
  // The network's own home page names nobody's page.
  const path = (m[2] ?? "").split(/[?#]/)[0]!;
  if (path.replace(/\/+$/, "") === "") return SOCIAL_LINK_HOME_PAGE;
  return null;
}
