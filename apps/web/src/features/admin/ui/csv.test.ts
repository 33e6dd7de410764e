import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api";
import { filenameFromDisposition } from "../../../lib/save-file";
import { csvFilename, downloadCsv } from "./csv";

describe("CSV download names", () => {
  it("reads the server's file name", () => {
    expect(filenameFromDisposition('attachment; filename="bookings.csv"')).toBe("bookings.csv");
    expect(filenameFromDisposition("attachment; filename=bookings.csv")).toBe("bookings.csv");
    expect(filenameFromDisposition("attachment; filename*=UTF-8''r%C3%A9servations.csv")).toBe(
      "réservations.csv",
    );
    expect(
      filenameFromDisposition("attachment; filename=\"plain.csv\"; filename*=UTF-8''fancy%20name.csv"),
    ).toBe("fancy name.csv");
    expect(filenameFromDisposition("attachment")).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it("dates its own names", () => {
    expect(csvFilename("bookings", new Date("2026-11-25T10:00:00Z"))).toBe("bookings-2026-11-25.csv");
  });
});

describe("downloadCsv", () => {
  const clicked: { href: string; download: string }[] = [];
  let requested: { url: string; headers: Record<string, string> } | undefined;

  function stubBrowser(response: Response) {
    const storage = new Map([["parkwell_user_token", "tok-123"]]);
    vi.stubGlobal("window", {
      location: { origin: "https://parkwell.test", pathname: "/admin/reports" },
      localStorage: { getItem: (k: string) => storage.get(k) ?? null },
    });
    vi.stubGlobal("fetch", async (url: URL, init: { headers: Record<string, string> }) => {
      requested = { url: url.toString(), headers: init.headers };
      return response;
    });
    vi.stubGlobal("document", {
      createElement: () => {
        const link = {
          href: "",
          download: "",
          hidden: false,
          click: () => clicked.push({ href: link.href, download: link.download }),
          remove() {},
        };
        return link;
      },
      body: { append() {} },
    });
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:csv-1");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clicked.length = 0;
    requested = undefined;
  });

  it("fetches format=csv with the bearer token and saves the blob under the server's name", async () => {
    stubBrowser(
      new Response("code,amount\nBK-1,2500\n", {
        headers: { "content-type": "text/csv", "content-disposition": 'attachment; filename="bookings.csv"' },
      }),
    );
    await downloadCsv("/reports/bookings", { park_id: 4, status: "", from: undefined }, "fallback.csv");
    expect(requested?.url).toBe("https://parkwell.test/api/v1/admin/reports/bookings?park_id=4&format=csv");
    expect(requested?.headers.authorization).toBe("Bearer tok-123");
    expect(clicked).toEqual([{ href: "blob:csv-1", download: "bookings.csv" }]);
  });

  it("uses its own name when the server gives none", async () => {
    stubBrowser(new Response("a\n1\n", { headers: { "content-type": "text/csv" } }));
    await downloadCsv("/reports/sales", {}, "sales-2026-11-25.csv");
    expect(clicked[0]?.download).toBe("sales-2026-11-25.csv");
  });

  it("turns a refusal into an ApiError and saves nothing", async () => {
    stubBrowser(
      new Response(JSON.stringify({ message: "You tried to access a page", code: "forbidden" }), {
        status: 403,
        headers: { "content-type": "application/json" },
      }),
    );
    const err = await downloadCsv("/reports/sales", {}, "x.csv").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect((err as ApiError).code).toBe("forbidden");
    expect(clicked).toEqual([]);
  });
});
