/**
 * Parkwell's social links per country (docs/PRODUCT-RULES.md#social-links): the schemas of the
 * public list and of the back office's form; the plain values are in social-link-values.ts.
 */
import { z } from "zod";
import {
  type SocialNetwork,
  SOCIAL_LINK_MAX,
  SOCIAL_LINK_NOT_HTTPS,
  socialLinkProblem,
} from "./social-link-values";

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
