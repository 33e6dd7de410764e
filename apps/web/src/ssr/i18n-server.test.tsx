import fs from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { I18nextProvider, useTranslation } from "react-i18next";
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

describe("a render's i18next", () => {
  it("reads its language's one instance, and what the render records (the namespaces it used) stays its own", () => {
    const first = createServerI18n("fr");
    const second = createServerI18n("fr");
    // Nothing of its own to copy at each useTranslation mount; the instance behind is made once.
    expect(Object.getOwnPropertyNames(first)).toEqual([]);
    expect(Object.getPrototypeOf(first)).toBe(Object.getPrototypeOf(second));
    expect(Object.getPrototypeOf(createServerI18n("en"))).not.toBe(Object.getPrototypeOf(first));

    function Uses({ ns }: { ns: string }) {
      const { t } = useTranslation(ns);
      return <p>{t("receipts:doc.creditTitle")}</p>;
    }
    const render = (i18n: typeof first, ns: string) =>
      renderToString(
        <I18nextProvider i18n={i18n}>
          <Uses ns={ns} />
        </I18nextProvider>,
      );
    expect(render(first, "parks")).toContain("Avoir");
    expect(render(second, "plans")).toContain("Avoir");
    expect(first.reportNamespaces?.getUsedNamespaces()).toEqual(["parks"]);
    expect(second.reportNamespaces?.getUsedNamespaces()).toEqual(["plans"]);
    expect(createServerI18n("fr").reportNamespaces).toBeUndefined();
  });
});
