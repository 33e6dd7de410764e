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

/** The page's <head> tags for those assets: stylesheets, then module preloads. */
export function assetTags(assets: { css: string[]; js: string[] }, linked: string): string {
  const tags = [
    ...assets.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...assets.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  // What the template links already (the entry's own chunks and styles) is not linked twice.
  return tags.filter((tag) => !linked.includes(/href="([^"]+)"/.exec(tag)![1]!)).join("");
}
