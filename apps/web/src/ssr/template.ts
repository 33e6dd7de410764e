import { SERVER_STATE_ID } from "../lib/server-state";
import { MANIFEST_PATH, manifestHref } from "../lib/web-manifest";
import { pageAssets } from "./route-assets";

/** The `<template>` of a rendered page's scripts, which index.html's last script puts into the page once painted. */
export const AFTER_PAINT_ID = "parkwell-after-paint";

/**
 * The built index.html with the render in it: the entry's and the matched routes' styles written
 * in, their scripts held until the page has painted (`pageAssets`), and React's
 * <head> (the tags it hoisted: a page's title, description, links) after the template's own, the template's default title and description left
 * out when the page gave its own; the rendered #root in place of the start-up frame; the state.
 * The manifest link names the page's language's manifest (lib/web-manifest.ts).
 * `<html>` says the page's language and the country it was rendered for (`data-rendered-country`),
 * which index.html's first script compares with the stored ones before anything is drawn.
 */
export function fillTemplate(
  template: string,
  rendered: string,
  {
    language,
    country,
    state,
    assets,
    readAsset = () => undefined,
  }: {
    language: string;
    country: string;
    state: string;
    /** The matched routes' styles and scripts (route-assets.ts, `moduleAssets`). */
    assets: { css: string[]; js: string[] };
    /** A built file's text (ssr/built-assets.ts); undefined: the stylesheet is linked. */
    readAsset?: (file: string) => string | undefined;
  },
): string {
  const hoisted = between(rendered, "<head>", "</head>");
  const root = between(rendered, "<body>", "</body>");
  const delivered = pageAssets(between(template, "<head>", "</head>"), assets, readAsset);
  let head = delivered.head.replace(`href="${MANIFEST_PATH}"`, `href="${manifestHref(language)}"`);
  if (/<title[\s>]/.test(hoisted)) head = head.replace(/\s*<title>[\s\S]*?<\/title>/, "");
  if (/<meta[^>]*name="description"/.test(hoisted)) {
    head = head.replace(/\s*<meta\s+name="description"[\s\S]*?\/?>/, "");
  }
  const bodyStart = template.indexOf("<body>");
  const bodyEnd = template.lastIndexOf("</body>");
  const before = template
    .slice(0, template.indexOf("<head>"))
    .replace(/<html lang="[^"]*"/, `<html lang="${language}" data-rendered-country="${country}"`);
  const bodyRest = template
    .slice(bodyStart + "<body>".length, bodyEnd)
    .replace(/<div id="root">[\s\S]*<\/div>/, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .trim();
  return (
    `${before}<head>${head}${delivered.styles}${hoisted}</head>\n  <body>\n    ${root}\n` +
    `    <script type="application/json" id="${SERVER_STATE_ID}">${state}</script>\n` +
    `    <template id="${AFTER_PAINT_ID}">${delivered.afterPaint}</template>\n` +
    (bodyRest ? `    ${bodyRest}\n` : "") +
    `  </body>\n</html>\n`
  );
}

function between(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  const to = text.lastIndexOf(end);
  if (from < 0 || to < from) throw new Error(`No ${start}…${end} in the page`);
  return text.slice(from + start.length, to);
}
