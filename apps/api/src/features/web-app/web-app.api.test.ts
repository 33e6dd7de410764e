// The installable web app's manifest (issue #63, decision 043): served at the site's root with its
// own media type, in English or, with ?lang=fr, in French, the same app in both; its colours are
// the web app's and its icons the files it names, at the sizes it says.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ROOT } from "../../config";
import { createTestContext, type TestContext } from "../../test/harness";
import { APP_ICONS, BACKGROUND_COLOR, THEME_COLOR } from "./web-app.domain";

const WEB = path.resolve(API_ROOT, "../web");

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: "GET", url });

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const data = fs.readFileSync(file);
  expect(data.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

describe("/manifest.webmanifest", () => {
  it("is the manifest's media type, in English, with what Chromium installs from", async () => {
    const res = await get("/manifest.webmanifest");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(res.json()).toEqual({
      id: "/",
      name: "Parkwell",
      short_name: "Parkwell",
      description:
        "Parkwell: find, book and pay for parking in Nigeria, Canada, Senegal and the United States.",
      lang: "en",
      dir: "ltr",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#0b6e4f",
      background_color: "#ffffff",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    });
  });

  it("is in French with ?lang=fr, the same app (id, start, scope, name)", async () => {
    const en = (await get("/manifest.webmanifest?lang=en")).json();
    const res = await get("/manifest.webmanifest?lang=fr");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
    const fr = res.json();
    expect(fr).toMatchObject({
      lang: "fr",
      id: en.id,
      start_url: en.start_url,
      scope: en.scope,
      name: en.name,
    });
    expect(fr.description).toBe(
      "Parkwell\u00a0: trouvez, réservez et payez votre stationnement au Nigeria, au Canada, au Sénégal et aux États-Unis.",
    );
    expect({ ...fr, lang: "en", description: en.description }).toEqual(en);
  });

  it("refuses a language it does not have with the API's 422 that names the parameter", async () => {
    const res = await get("/manifest.webmanifest?lang=de");
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain("lang");
  });

  it("takes its colours from the web app's CSS and index.html", () => {
    const css = fs.readFileSync(path.join(WEB, "src/styles.css"), "utf8");
    const variable = (name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
    expect(THEME_COLOR).toBe(variable("green-700"));
    expect(BACKGROUND_COLOR).toBe(variable("bg"));
    const index = fs.readFileSync(path.join(WEB, "index.html"), "utf8");
    expect(index).toContain(`<meta name="theme-color" content="${THEME_COLOR}" />`);
    expect(index).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });

  it("names icons that are in the web app's public folder, at the sizes it says", () => {
    for (const icon of APP_ICONS) {
      const [width, height] = icon.sizes.split("x").map(Number);
      expect(pngSize(path.join(WEB, "public", icon.src)), icon.src).toEqual({ width, height });
    }
    expect(APP_ICONS.filter((icon) => icon.purpose === "maskable")).toHaveLength(1);
  });
});
