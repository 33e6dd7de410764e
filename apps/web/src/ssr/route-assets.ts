/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/**
 * What a server-rendered route declares in its `handle`: the source files of its lazily loaded
 * code (as the build manifest names them), so the page links their styles and preloads their
 * scripts. Without its styles the page would first paint unstyled parts and move when they load.
 */
export interface RenderHandle {
  modules?: readonly string[];
}

/**
 * The styles and scripts of the given source modules and of everything they import, in the
 * manifest; the page's entry (index.html) is left out: the template links it already. A module the
 * manifest lacks throws (the page is then sent as index.html, and the failure logged).
 */
export function moduleAssets(
  manifest: BuildManifest,
  modules: readonly string[],
): { css: string[]; js: string[] } {
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || key === "index.html") return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) {
    // A route naming a file the build does not know (moved, renamed) would render unstyled: loud.
    if (!manifest[module]) throw new Error(`${module} is not in the build's manifest`);
    visit(module);
  }
  return { css: [...css], js: [...js] };
}

/** The tags the build writes in index.html's <head> for the app's entry (Vite's). */
const ENTRY_TAG =
  /\s*<link rel="(?:stylesheet|modulepreload)"[^>]*\shref="\/([^"]+)"[^>]*>|\s*<script type="module"[^>]*\ssrc="\/([^"]+)"[^>]*><\/script>/g;

/**
 * How a rendered page gets its styles and scripts (docs/decisions/053-first-paint-without-requests.md):
 *
 * - `styles`: one `<style>` with the entry's and the matched routes' styles, in the order the
 *   build links them, so the first paint waits for no stylesheet (a file `readAsset` cannot read
 *   stays a `<link>`, after it);
 * - `afterPaint`: the entry's module script and every module preload (the entry's and the
 *   routes'), inert in a `<template>` that index.html's last script puts into the page once the
 *   page has painted: no script is fetched before the server's HTML is on screen;
 * - `head`: the template's <head> without the entry's tags (they are in the two above).
 */
export function pageAssets(
  templateHead: string,
  route: { css: string[]; js: string[] },
  readAsset: (file: string) => string | undefined,
): { head: string; styles: string; afterPaint: string } {
  const css: string[] = [];
  const preloads: string[] = [];
  const entries: string[] = [];
  const head = templateHead.replace(ENTRY_TAG, (tag, href?: string, src?: string) => {
    if (src) entries.push(src);
    else if (tag.includes('rel="stylesheet"')) css.push(href!);
    else preloads.push(href!);
    return "";
  });
  for (const file of route.css) if (!css.includes(file)) css.push(file);
  for (const file of route.js) if (!preloads.includes(file) && !entries.includes(file)) preloads.push(file);
  const inline: string[] = [];
  const linked: string[] = [];
  for (const file of css) {
    const text = readAsset(file);
    if (text === undefined) {
      linked.push(`<link rel="stylesheet" crossorigin href="/${file}">`);
      continue;
    }
    // A `</style` in a stylesheet would end the element early (none is written by the build).
    inline.push(text.replace(/<\/style/gi, "<\\/style"));
    // Each file written in is named by a disabled link, which the browser neither fetches nor
    // applies: when hydration imports the route's code, Vite's preload helper finds the
    // stylesheet there and does not fetch it again (it adds the ones no link names).
    linked.push(`<link rel="stylesheet" href="/${file}" disabled>`);
  }
  return {
    head,
    styles: (inline.length ? `<style>${inline.join("\n")}</style>` : "") + linked.join(""),
    afterPaint: [
      ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...entries.map((file) => `<script type="module" crossorigin src="/${file}"></script>`),
    ].join(""),
  };
}
