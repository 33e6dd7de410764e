import { describe, expect, it } from "vitest";
import { serializeServerState, type ServerState } from "../lib/server-state";
import { fillTemplate } from "./template";
import { acceptedLanguages, cookieValue, requestCountry, requestLanguage } from "./language";
import { moduleAssets, pageAssets, type BuildManifest } from "./route-assets";
import { restoreRouteErrors, serializeRouteErrors } from "./route-errors";
import { isRouteErrorResponse } from "react-router";

describe("a page's language on the server", () => {
  const language = (url: string, headers: Record<string, string> = {}) =>
    requestLanguage(new URL(url, "http://parkwell.test"), new Headers(headers));

  it("takes ?lang= first, and says it was asked for", () => {
    expect(language("/park/x?lang=fr", { cookie: "language=en", "accept-language": "en" })).toEqual({
      language: "fr",
      asked: true,
    });
  });

  it("then the language cookie, then Accept-Language's first English or French, else English", () => {
    expect(language("/park/x", { cookie: "a=1; language=fr", "accept-language": "en" })).toEqual({
      language: "fr",
      asked: false,
    });
    expect(language("/park/x", { "accept-language": "de-DE,fr-CA;q=0.9,en;q=0.8" }).language).toBe("fr");
    expect(language("/park/x", { "accept-language": "en;q=0.5, fr;q=0.9" }).language).toBe("fr");
    expect(language("/park/x", { "accept-language": "de, es" }).language).toBe("en");
    expect(language("/park/x?lang=de").language).toBe("en");
    expect(language("/park/x", { cookie: "language=de", "accept-language": "fr" }).language).toBe("fr");
  });

  it("reads cookies and Accept-Language as sent", () => {
    expect(cookieValue("x=1; language=fr; y=2", "language")).toBe("fr");
    expect(cookieValue("xlanguage=fr", "language")).toBeNull();
    expect(cookieValue(null, "language")).toBeNull();
    expect(acceptedLanguages("fr;q=0, en-GB;q=0.7, de")).toEqual(["de", "en-GB"]);
  });
});

describe("a visitor's country on the server", () => {
  const served = async () => [{ id: 9, code: "GH" as never, name: "Ghana" }];

  it("is the country cookie's served country, else none (a first visit)", async () => {
    const headers = (cookie: string) => new Headers({ cookie });
    expect(await requestCountry(headers("language=fr; country=CA"), served)).toMatchObject({
      code: "CA",
      id: 2,
    });
    expect(await requestCountry(headers("country=sn"), served)).toMatchObject({ code: "SN" });
    // A country added on the server as rows is looked up in the API's list, only then.
    expect(await requestCountry(headers("country=GH"), served)).toMatchObject({ code: "GH", id: 9 });
    expect(await requestCountry(headers("country=ZZ"), served)).toBeNull();
    expect(await requestCountry(headers("country=<b>"), served)).toBeNull();
    expect(await requestCountry(new Headers(), served)).toBeNull();
    const failing = () => Promise.reject(new Error("down"));
    expect(await requestCountry(headers("country=GH"), failing)).toBeNull();
  });
});

describe("the state a server-rendered page carries", () => {
  it("is JSON that no text in it can end or comment out of its script", () => {
    const state: ServerState = {
      language: "fr",
      router: { loaderData: {}, actionData: null, errors: null },
      queries: {
        mutations: [],
        queries: [
          {
            queryKey: ["parks", "detail", "x", "fr"],
            queryHash: "h",
            dehydratedAt: 0,
            state: { data: { name: "</script><!-- & \u2028" } } as never,
          },
        ],
      },
      namespaces: ["common"],
      origin: "https://parkwell.test",
      country: { code: "CA", name: "Canada", id: 2 },
    };
    const text = serializeServerState(state);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(state);
  });

  it("keeps a route's status through JSON and no more of other errors than their message", () => {
    const errors = serializeRouteErrors({
      a: { status: 404, statusText: "Not Found", data: null, internal: false },
      b: new Error("broken"),
    });
    const restored = restoreRouteErrors(JSON.parse(JSON.stringify(errors)) as typeof errors)!;
    expect(isRouteErrorResponse(restored.a)).toBe(true);
    expect((restored.a as { status: number }).status).toBe(404);
    expect(restored.b).toBeInstanceOf(Error);
    expect((restored.b as Error).message).toBe("broken");
    expect(JSON.stringify(errors)).not.toContain("at ");
  });
});

describe("the page's assets and HTML", () => {
  const manifest: BuildManifest = {
    "index.html": { file: "assets/index-1.js", css: ["assets/index-1.css"], imports: ["_react.js"] },
    "_react.js": { file: "assets/react-1.js" },
    "src/park-page.tsx": {
      file: "assets/park-page-1.js",
      css: ["assets/park-page-1.css"],
      imports: ["_react.js", "_window.js", "index.html"],
    },
    "_window.js": { file: "assets/window-1.js", css: ["assets/window-1.css"], imports: ["_react.js"] },
  };

  it("finds a route's styles and scripts, with what they import, once", () => {
    expect(() => moduleAssets(manifest, ["src/moved-page.tsx"])).toThrow(/not in the build's manifest/);
    const assets = moduleAssets(manifest, ["src/park-page.tsx"]);
    expect(assets.css).toEqual(["assets/park-page-1.css", "assets/window-1.css"]);
    expect(assets.js).toEqual(["assets/park-page-1.js", "assets/react-1.js", "assets/window-1.js"]);
  });

  const builtHead = `
    <title>Default</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />`;

  it("writes the entry's and the route's styles in one <style>, in the build's order, and holds every script until painted", () => {
    const files: Record<string, string> = {
      "assets/index-1.css": ".a{color:red}",
      "assets/park-page-1.css": ".b{color:blue}",
      "assets/window-1.css": ".c{content:'</style>'}",
    };
    const { head, styles, afterPaint } = pageAssets(
      builtHead,
      moduleAssets(manifest, ["src/park-page.tsx"]),
      (file) => files[file],
    );
    // The head keeps its own tags, not the entry's.
    expect(head).toContain("<title>Default</title>");
    expect(head).toContain('rel="icon"');
    expect(head).not.toMatch(/stylesheet|modulepreload|type="module"/);
    expect(styles).toBe(
      "<style>.a{color:red}\n.b{color:blue}\n.c{content:'<\\/style>'}</style>" +
        // Named, not fetched: Vite's preload helper does not fetch them again at hydration.
        '<link rel="stylesheet" href="/assets/index-1.css" disabled>' +
        '<link rel="stylesheet" href="/assets/park-page-1.css" disabled>' +
        '<link rel="stylesheet" href="/assets/window-1.css" disabled>',
    );
    // Every script, once, the entry's module script last.
    expect(afterPaint).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/park-page-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/window-1.js">' +
        '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    );
  });

  it("links a stylesheet it cannot read (unbuilt), after the ones it writes in", () => {
    const { styles } = pageAssets(builtHead, moduleAssets(manifest, ["src/park-page.tsx"]), (file) =>
      file === "assets/index-1.css" ? ".a{}" : undefined,
    );
    expect(styles).toBe(
      "<style>.a{}</style>" +
        '<link rel="stylesheet" href="/assets/index-1.css" disabled>' +
        '<link rel="stylesheet" crossorigin href="/assets/park-page-1.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/window-1.css">',
    );
  });

  const NO_ASSETS = { css: [], js: [] };
  const template = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Default" />
    <link rel="manifest" href="/manifest.webmanifest" />
    <title>Default</title>
    <script type="module" src="/assets/index-1.js"></script>
  </head>
  <body>
    <!-- the boot frame -->
    <div id="root">
      <div class="boot"><div>frame</div></div>
    </div>
  </body>
</html>
`;

  it("puts the render in the template: its head tags, its #root, the state; the defaults it overrides out", () => {
    const rendered =
      '<!DOCTYPE html><html lang="fr"><head><title>Park</title><meta name="description" content="A park"/></head>' +
      '<body><div id="root" data-server-rendered=""><h1>Park</h1></div></body></html>';
    const html = fillTemplate(template, rendered, {
      language: "fr",
      country: "CA",
      state: "{}",
      assets: { css: ["assets/park-1.css"], js: [] },
      readAsset: () => ".park{}",
    });
    // The language and the country the page was drawn in, for index.html's first script.
    expect(html).toContain('<html lang="fr" data-rendered-country="CA">');
    expect(html).not.toContain("Default");
    expect(html).not.toContain('class="boot"');
    expect(html).not.toContain("boot frame");
    // The app's script waits in the body's template until the page has painted (index.html's last script).
    expect(html.slice(0, html.indexOf("</head>"))).not.toContain("index-1.js");
    expect(html).toContain(
      '<template id="parkwell-after-paint"><script type="module" crossorigin src="/assets/index-1.js"></script></template>',
    );
    expect(html.indexOf("<style>.park{}</style>")).toBeLessThan(html.indexOf("<title>Park</title>"));
    expect(html).toContain('<div id="root" data-server-rendered=""><h1>Park</h1></div>');
    expect(html).toContain('<script type="application/json" id="parkwell-state">{}</script>');
    expect(html.indexOf("</head>")).toBeLessThan(html.indexOf("<body>"));
  });

  it("keeps the template's title and description when the page gives none", () => {
    const rendered = '<html lang="en"><head></head><body><div id="root"></div></body></html>';
    const html = fillTemplate(template, rendered, {
      language: "en",
      country: "NG",
      state: "{}",
      assets: NO_ASSETS,
    });
    expect(html).toContain("<title>Default</title>");
    expect(html).toContain('content="Default"');
  });

  it("links the manifest of the page's language (decision 043)", () => {
    const rendered = '<html lang="fr"><head></head><body><div id="root"></div></body></html>';
    const page = (language: string) =>
      fillTemplate(template, rendered, { language, country: "NG", state: "{}", assets: NO_ASSETS });
    expect(page("fr")).toContain('<link rel="manifest" href="/manifest.webmanifest?lang=fr" />');
    expect(page("en")).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(page("fr").match(/rel="manifest"/g)).toHaveLength(1);
  });
});
