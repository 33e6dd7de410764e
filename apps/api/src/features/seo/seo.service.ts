/**
 * The sitemap (sitemaps.org protocol, decision 036): an index over files of one kind each,
 * `/sitemaps/{kind}-{n}.xml`. A file lists `pagesPerFile` pages, each once per language
 * (`?lang=en`, `?lang=fr`) with its hreflang alternates, so at most 50,000 URLs at the default.
 * A file is produced lazily: each pull of its chunks reads one keyset batch of rows in id order
 * (no transaction held between batches), so memory holds one batch whatever the table's size.
 */
import {
  PAGE_LANGUAGES,
  pageAddress,
  pageAlternates,
  versionAlternates,
  type PageAlternate,
  type PageInLanguage,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import { xmlSafe } from "../../lib/xml";
import { PUBLIC_PAGES } from "./seo.paths";
import * as repo from "./seo.repo";

/** Pages per file: two languages of 25,000 pages make the protocol's limit of 50,000 URLs. */
export const PAGES_PER_FILE = 25_000;
/** Rows read per keyset query while a file streams. */
export const SITEMAP_BATCH = 1_000;

export const SITEMAP_KINDS = ["pages", ...repo.TABLE_KINDS] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export interface SitemapDeps {
  db: Db;
  now: Date;
  publicUrl: string;
  /** Pages per file (PAGES_PER_FILE; tests lower it to check several files). */
  pagesPerFile: number;
  /** Rows per keyset read (SITEMAP_BATCH). */
  batch: number;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';

const originOf = (publicUrl: string) => publicUrl.replace(/\/+$/, "");

/** How many pages of a kind the sitemap lists. */
async function countOf(deps: SitemapDeps, kind: SitemapKind): Promise<number> {
  return kind === "pages" ? PUBLIC_PAGES.length : repo.countOf(deps.db, kind, deps.now);
}

/** The files of each kind, as their counts imply (a kind with nothing to list has none). */
export async function sitemapFiles(deps: SitemapDeps): Promise<{ kind: SitemapKind; n: number }[]> {
  const files: { kind: SitemapKind; n: number }[] = [];
  for (const kind of SITEMAP_KINDS) {
    const count = await countOf(deps, kind);
    for (let n = 1; n <= Math.ceil(count / deps.pagesPerFile); n += 1) files.push({ kind, n });
  }
  return files;
}

export const sitemapFileName = (kind: SitemapKind, n: number) => `${kind}-${n}.xml`;

/** The sitemap index: one `<sitemap>` per file. */
export async function sitemapIndex(deps: SitemapDeps): Promise<string> {
  const origin = originOf(deps.publicUrl);
  const entries = (await sitemapFiles(deps)).map(
    (f) =>
      `  <sitemap><loc>${xmlSafe(`${origin}/sitemaps/${sitemapFileName(f.kind, f.n)}`)}</loc></sitemap>\n`,
  );
  return [
    XML_HEAD,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
    ...entries,
    "</sitemapindex>\n",
  ].join("");
}

/** A file's name read back ("parks-2.xml"), or null when it names no kind and number. */
export function parseFileName(name: string): { kind: SitemapKind; n: number } | null {
  const match = /^([a-z]+)-([1-9]\d{0,8})\.xml$/.exec(name);
  if (!match) return null;
  const kind = SITEMAP_KINDS.find((k) => k === match[1]);
  return kind ? { kind, n: Number(match[2]) } : null;
}

/** One language's address of a page and the alternates it names, with its last change. */
interface SitemapUrl {
  loc: string;
  updated: string | null;
  alternates: PageAlternate[];
}

function urlXml(u: SitemapUrl): string {
  const links = u.alternates.map(
    (a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xmlSafe(a.href)}"/>\n`,
  );
  const lastmod = u.updated ? `    <lastmod>${xmlSafe(u.updated)}</lastmod>\n` : "";
  return `  <url>\n    <loc>${xmlSafe(u.loc)}</loc>\n${lastmod}${links.join("")}  </url>\n`;
}

/** A page with one path in every language: listed once per language, each naming all three alternates. */
function samePathUrls(origin: string, path: string, updated: string | null): SitemapUrl[] {
  const alternates = pageAlternates(origin, path);
  return PAGE_LANGUAGES.map((language) => ({
    loc: pageAddress(origin, path, {}, language),
    updated,
    alternates,
  }));
}

/**
 * A post: each language version is its own address with its own slug (/post/{slug}?lang=…), and the
 * alternates name only the versions that exist; x-default is the bare path of the English version,
 * else of the only one.
 */
function postUrls(origin: string, row: repo.SitemapRow): SitemapUrl[] {
  const versions: PageInLanguage[] = [];
  if (row.slug_en) versions.push({ language: "en", path: `/post/${encodeURIComponent(row.slug_en)}` });
  if (row.slug_fr) versions.push({ language: "fr", path: `/post/${encodeURIComponent(row.slug_fr)}` });
  const alternates = versionAlternates(origin, versions);
  return versions.map((v) => ({
    loc: pageAddress(origin, v.path, {}, v.language),
    updated: row.updated,
    alternates,
  }));
}

function rowUrls(origin: string, kind: repo.TableKind, row: repo.SitemapRow): SitemapUrl[] {
  const key = encodeURIComponent(row.key);
  switch (kind) {
    case "parks":
      return samePathUrls(origin, `/park/${key}`, row.updated);
    case "events":
      return samePathUrls(origin, `/event/${key}`, row.updated);
    case "items":
      return samePathUrls(origin, `/marketplace/${key}`, row.updated);
    case "posts":
      return postUrls(origin, row);
  }
}

/**
 * A sitemap file, checked first (null for a name of no kind or a number past the last, before
 * anything is sent), then its XML as lazy chunks: the head, one chunk per keyset batch, the tail.
 */
export async function sitemapFile(deps: SitemapDeps, name: string): Promise<AsyncGenerator<string> | null> {
  const file = parseFileName(name);
  if (!file) return null;
  const count = await countOf(deps, file.kind);
  if (file.n > Math.ceil(count / deps.pagesPerFile)) return null;
  const origin = originOf(deps.publicUrl);
  const skip = (file.n - 1) * deps.pagesPerFile;

  if (file.kind === "pages") {
    const pages = PUBLIC_PAGES.slice(skip, skip + deps.pagesPerFile);
    const body = pages.flatMap((path) => samePathUrls(origin, path, null)).map(urlXml);
    return (async function* () {
      yield `${XML_HEAD}${URLSET_OPEN}${body.join("")}</urlset>\n`;
    })();
  }

  const kind = file.kind;
  let after = await repo.idBefore(deps.db, kind, deps.now, skip);
  // Rows gone since the count: the file no longer exists rather than restarting at the first row.
  if (skip > 0 && after === null) return null;
  async function* chunks(): AsyncGenerator<string> {
    yield `${XML_HEAD}${URLSET_OPEN}`;
    let left = deps.pagesPerFile;
    while (left > 0) {
      const limit = Math.min(deps.batch, left);
      const rows = await repo.rowsAfter(deps.db, kind, deps.now, after, limit);
      if (rows.length > 0)
        yield rows
          .flatMap((r) => rowUrls(origin, kind, r))
          .map(urlXml)
          .join("");
      if (rows.length < limit) break;
      left -= rows.length;
      after = rows[rows.length - 1]!.id;
    }
    yield "</urlset>\n";
  }
  return chunks();
}
