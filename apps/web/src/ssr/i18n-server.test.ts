import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createServerI18n } from "./i18n-server";

describe("the server render's catalogue", () => {
  it("holds the web app's namespaces, not the API's (server, mail: decision 042)", () => {
    const i18n = createServerI18n("fr");
    const namespaces = [i18n.options.ns ?? []].flat();
    expect(namespaces).toContain("common");
    expect(namespaces).toContain("receipts");
    // Every file of the catalogue but the API's two.
    const files = fs
      .readdirSync(path.resolve(import.meta.dirname, "../../../../packages/contract/locales/fr"))
      .map((f) => f.replace(/\.json$/, ""))
      .filter((n) => n !== "server" && n !== "mail");
    expect([...namespaces].sort()).toEqual(files.sort());
    expect(namespaces).not.toContain("server");
    expect(namespaces).not.toContain("mail");
    expect(i18n.t("receipts:doc.creditTitle")).toBe("Avoir");
  });
});
