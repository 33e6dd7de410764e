import { z } from "zod";

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

const linkSchema = (network: SocialNetwork) =>
  z
    .string({ error: SOCIAL_LINK_NOT_HTTPS })
    .trim()
    .max(SOCIAL_LINK_MAX, { error: `Must be at most ${SOCIAL_LINK_MAX} characters` })
    .nullish()
    // An empty field (or none) is no link of the row's own.
    .transform((v) => (v ? v : null))
    .superRefine((v, ctx) => {
      const problem = v === null ? null : socialLinkProblem(network, v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

/** A row's links, each network's address or null (none). */
const LinksShape = {
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  linkedin: z.string().nullable(),
  twitter: z.string().nullable(),
};

/** The links shown for each served country (its own, else the DEFAULT's, per network), and DEFAULT's. */
export const SocialLinksSchema = z
  .object({
    items: z.array(z.object({ country_code: z.string(), ...LinksShape })),
  })
  .meta({ id: "SocialLinks" });
export type SocialLinks = z.infer<typeof SocialLinksSchema>;
export type SocialLinkSet = Record<SocialNetwork, string | null>;

/** The back office's rows: DEFAULT and each served country, with the links of its own (null: inherited). */
export const AdminSocialLinksSchema = z
  .object({
    items: z.array(
      z.object({
        country_code: z.string(),
        /** The country's name; null for DEFAULT. */
        country_name: z.string().nullable(),
        ...LinksShape,
        updated_at: z.string().nullable(),
        updated_by: z.object({ id: z.string(), name: z.string() }).nullable(),
      }),
    ),
  })
  .meta({ id: "AdminSocialLinks" });
export type AdminSocialLinks = z.infer<typeof AdminSocialLinksSchema>;

export const SocialLinksParamsSchema = z.object({
  country_code: z.string().max(10),
});

/** A row's own links as staff set them: an empty field or null clears the network (inherit DEFAULT's). */
export const SocialLinksBodySchema = z.object({
  facebook: linkSchema("facebook"),
  instagram: linkSchema("instagram"),
  linkedin: linkSchema("linkedin"),
  twitter: linkSchema("twitter"),
});
export type SocialLinksBody = z.input<typeof SocialLinksBodySchema>;
