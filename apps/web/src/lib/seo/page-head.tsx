import {
  addressLanguage,
  pageAddress,
  pageAlternates,
  versionAlternates,
  type PageInLanguage,
  type PageLanguage,
  type PageParams,
} from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { useLocation, useMatches } from "react-router";
import { jsonLdText } from "./json-ld";
import { usePublicOrigin } from "./public-origin";

/**
 * What a page's type is to a link preview (Open Graph's `og:type`): the protocol's own `website`
 * and `article`, and `product` as the big previewers read it. Open Graph has no event type: an
 * event's page is a `website` (its JSON-LD says it is an Event).
 */
export type PageKind = "website" | "article" | "product";

/** Open Graph's locale of each language, and the language a page is shown in. */
const OG_LOCALE: Record<PageLanguage, string> = { en: "en_US", fr: "fr_FR" };

/** Search engines show about 160 characters of a description: a longer one ends at a word, with "…". */
export const DESCRIPTION_MAX = 160;

export function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

function pageLanguage(language: string | undefined): PageLanguage {
  return language === "fr" ? "fr" : "en";
}

/**
 * The tab's title, "{title} | Parkwell": the one way a page names itself (React hoists the
 * element into <head>, in the browser and in a server render alike). A page that says more
 * about itself (a public page) renders <PageHead>, which renders this.
 */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation("common");
  return <title>{`${title} | ${t("brand")}`}</title>;
}

/**
 * A route whose page renders its own <PageHead> or <PageTitle> says so with this `handle`; under
 * any other route the layout names the site (<SiteHead>), so a page has one title, never two.
 */
export const OWN_HEAD = { ownHead: true } as const;

export function useRouteHasOwnHead(): boolean {
  return useMatches().some((m) => (m.handle as { ownHead?: boolean } | undefined)?.ownHead === true);
}

/** The site's title and description: the head of a page that says nothing of its own. */
export function SiteHead() {
  const { t } = useTranslation("common");
  return (
    <>
      <title>{t("site.title")}</title>
      <meta name="description" content={t("site.description")} />
    </>
  );
}

/**
 * A page's canonical address (decision 036), on the public origin: the address as asked, in the
 * language shown when `?lang=` names one, else the bare path (the `x-default`). Each address of
 * the cluster is its own canonical: a bare path naming one language's address as its canonical
 * would call the `x-default` a copy of another alternate, and search engines would drop one.
 */
export function usePageAddress(path: string, params: PageParams = {}, language?: PageLanguage): string {
  const { i18n } = useTranslation("common");
  const { search } = useLocation();
  const shown = language ?? pageLanguage(i18n.language);
  return pageAddress(usePublicOrigin(), path, params, addressLanguage(search) ? shown : null);
}

export interface PageHeadProps {
  title: string;
  description: string;
  /** The page's path ("/park/ikeja-city-mall"), without its query. */
  path: string;
  /** The page's own query parameters (a search's text, page…): kept in the canonical and alternates. */
  params?: PageParams;
  /** A picture for link previews; a path is read on the public origin. */
  image?: string | null | undefined;
  type?: PageKind;
  /** schema.org structured data (structured-data.ts), one object or several. */
  jsonLd?: object | readonly object[] | null | undefined;
  /** A page search engines should not list (a private event's). */
  noindex?: boolean;
  /** The language of the page's words when it is not the one the reader chose (a post only in the other). */
  language?: PageLanguage;
  /** A page whose path differs per language (a blog post's slug): the versions that exist. */
  versions?: readonly PageInLanguage[];
  /** Links the page offers besides (an Atom feed). */
  feeds?: readonly { href: string; title: string }[];
}

/**
 * What a public page says about itself to search engines and link previews
 * (docs/decisions/036-public-pages-on-the-server.md): title, description, the canonical address
 * (usePageAddress), the `hreflang` alternates, Open Graph and Twitter card tags, and JSON-LD.
 */
export function PageHead({
  title,
  description: fullDescription,
  path,
  params = {},
  image,
  type = "website",
  jsonLd,
  noindex = false,
  language: wordsLanguage,
  versions,
  feeds = [],
}: PageHeadProps) {
  const { t, i18n } = useTranslation("common");
  const origin = usePublicOrigin();
  const description = shortDescription(fullDescription);
  const language = wordsLanguage ?? pageLanguage(i18n.language);
  const canonical = usePageAddress(path, params, wordsLanguage);
  const alternates = versions ? versionAlternates(origin, versions) : pageAlternates(origin, path, params);
  const imageUrl = image ? new URL(image, origin).href : null;
  const data = jsonLd ? (Array.isArray(jsonLd) ? jsonLd : [jsonLd]) : [];
  return (
    <>
      <PageTitle title={title} />
      <meta name="description" content={description} />
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={canonical} />
      {alternates.map((a) => (
        <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
      ))}
      {feeds.map((f) => (
        <link key={f.href} rel="alternate" type="application/atom+xml" title={f.title} href={f.href} />
      ))}
      <meta property="og:site_name" content={t("brand")} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:type" content={type} />
      <meta property="og:locale" content={OG_LOCALE[language]} />
      {(versions?.map((v) => v.language) ?? (Object.keys(OG_LOCALE) as PageLanguage[]))
        .filter((other) => other !== language)
        .map((other) => (
          <meta key={other} property="og:locale:alternate" content={OG_LOCALE[other]} />
        ))}
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      <meta name="twitter:card" content={imageUrl ? "summary_large_image" : "summary"} />
      {data.map((item, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(item) }} />
      ))}
    </>
  );
}
