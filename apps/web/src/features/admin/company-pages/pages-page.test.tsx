// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminMe } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { AdminPagesPage } from "./pages-page";

const content = (title: string) => ({
  title,
  lead: "Lead",
  sections: [{ title: "One", body: "Body.", items: ["a"] }],
});
const v1 = {
  version: 1,
  published_at: "2026-11-01T10:00:00.000Z",
  author: null,
  note: "First version",
  content: { en: content("Terms"), fr: content("Conditions") },
};
const summary = {
  key: "terms",
  title: "Terms",
  version: 1,
  published_at: v1.published_at,
  author: null,
  note: v1.note,
};

describe("back office Pages", () => {
  it("edits a page in both languages and publishes it with a note; the history shows who and why", async () => {
    const api = new FakeApi()
      .on("GET /admin/me", { json: adminMe(["pages.view", "pages.update"]) })
      .on("GET /admin/pages", { json: { items: [summary] } })
      .on("GET /admin/pages/terms/versions", { json: { items: [v1] } })
      .on("POST /admin/pages/terms/versions", (call) => ({
        status: 201,
        json: {
          ...v1,
          version: 2,
          author: { id: "a", name: "Demo Admin" },
          note: "x",
          content: (call.body as { content: unknown }).content,
        },
      }));
    await renderWithApp(<AdminPagesPage />, { api, route: "/admin/pages?page=terms" });
    expect(await screen.findByRole("heading", { name: "Terms and Conditions: version 1" })).toBeTruthy();
    const sections = screen.getAllByLabelText("Sections") as HTMLTextAreaElement[];
    expect(sections[0]!.value).toBe("## One\n\nBody.\n\n- a");
    await userEvent.clear(screen.getAllByLabelText("Title")[1]!);
    await userEvent.type(screen.getAllByLabelText("Title")[1]!, "Conditions générales");
    await userEvent.type(sections[0]!, "\n\n## Two\n\nNew.");
    await userEvent.type(screen.getByLabelText("What changed (shown in the versions)"), "Added section two");
    await userEvent.click(screen.getByRole("button", { name: "Publish a new version" }));
    await waitFor(() => expect(api.callsTo("POST /admin/pages/terms/versions")).toHaveLength(1));
    expect(api.callsTo("POST /admin/pages/terms/versions")[0]!.body).toEqual({
      content: {
        en: {
          title: "Terms",
          lead: "Lead",
          sections: [
            { title: "One", body: "Body.", items: ["a"] },
            { title: "Two", body: "New." },
          ],
        },
        fr: content("Conditions générales"),
      },
      note: "Added section two",
    });
    expect(await screen.findByText("Version 2 is published.")).toBeTruthy();
    expect(screen.getByText(/First version/, { selector: "li" })).toBeTruthy();
  });

  it("who may only view sees the text but cannot publish", async () => {
    const api = new FakeApi()
      .on("GET /admin/me", { json: adminMe(["pages.view"]) })
      .on("GET /admin/pages", { json: { items: [summary] } })
      .on("GET /admin/pages/terms/versions", { json: { items: [v1] } });
    await renderWithApp(<AdminPagesPage />, { api, route: "/admin/pages?page=terms", language: "fr" });
    expect(
      await screen.findByRole("heading", { name: "Conditions générales\u00a0: version 1" }),
    ).toBeTruthy();
    await waitFor(() => expect(api.callsTo("GET /admin/me")).toHaveLength(1));
    expect(screen.queryByRole("button", { name: "Publier une nouvelle version" })).toBeNull();
    expect(screen.getAllByLabelText("Titre")[0]!.closest("fieldset")!.disabled).toBe(true);
  });
});
