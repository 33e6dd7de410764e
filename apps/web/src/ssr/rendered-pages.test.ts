import { describe, expect, it } from "vitest";
import { isRenderedPath, render, renderKey } from "../entry-server";

// Which addresses the server renders is decided by the web app's own routes (those made with
// `rendered` in app/public-routes.tsx); the API asks the bundle and sends index.html otherwise.
describe("the pages rendered on the server", () => {
  it("are the public pages: home, the lists, a park, an event, an item, the blog, the information pages", () => {
    for (const pathname of [
      "/",
      "/home",
      "/parks-list",
      "/park/ikeja-city-mall",
      "/park/PW-LAG-001/",
      "/airport-parking",
      "/parking-types/station-parking",
      "/events",
      "/event/EVT123",
      "/marketplace",
      "/marketplace/12",
      "/blog",
      "/post/un-article",
      "/about",
      "/terms",
      "/privacy-policy",
      "/cancellation-policy",
      "/how-parkwell-works",
      "/how-it-works",
      "/electric-vehicle-charging",
    ]) {
      expect(isRenderedPath(pathname), pathname).toBe(true);
    }
  });

  it("are not the account pages, the checkouts, the back office, the map or an unknown address", () => {
    for (const pathname of [
      "/wallet",
      "/bookings",
      "/checkout/PW-LAG-001",
      "/marketplace/checkout",
      "/booking/PW-LAG-001",
      "/admin",
      "/admin/parks",
      "/auth",
      "/search",
      "/blog/x",
      "/post/a/b",
      "/no-such-page",
    ]) {
      expect(isRenderedPath(pathname), pathname).toBe(false);
    }
  });

  it("are the only pages kept by the API (a key), the others being index.html", () => {
    const key = (path: string) => renderKey(new Request(`http://parkwell.test${path}`));
    expect(key("/park/lekki")).not.toBeNull();
    expect(key("/")).not.toBeNull();
    expect(key("/wallet")).toBeNull();
    expect(key("/no-such-page")).toBeNull();
  });
});

describe("an address that moved", () => {
  it("/how-it-works is a 301 to /how-parkwell-works, its query kept, with no request to the API", async () => {
    const result = await render(new Request("http://parkwell.test/how-it-works?lang=fr"), {
      template: "",
      manifest: {},
      fetch: () => Promise.reject(new Error("no API request is expected")),
      origin: "http://parkwell.test",
    });
    expect(result).toMatchObject({ kind: "redirect", status: 301, location: "/how-parkwell-works?lang=fr" });
  });
});
