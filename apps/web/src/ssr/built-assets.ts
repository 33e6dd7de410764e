import fs from "node:fs";

/**
 * The browser build's files, read by the server bundle to write a page's styles into it
 * (route-assets.ts, `pageAssets`). The bundle is built into dist-server/ beside dist/, and the API
 * loads it from beside the dist it serves, so dist/ is `../dist/` from here once bundled. A build's
 * files never change under their hashed names: each is read once. Unbuilt (tests, a bundle moved
 * away from its dist), nothing is read and the page links its stylesheets instead.
 */
const DIST = new URL("../dist/", import.meta.url);
const files = new Map<string, string | undefined>();

export function readBuiltAsset(file: string): string | undefined {
  if (!files.has(file)) {
    let text: string | undefined;
    try {
      text = fs.readFileSync(new URL(file, DIST), "utf8");
    } catch {
      text = undefined;
    }
    files.set(file, text);
  }
  return files.get(file);
}
