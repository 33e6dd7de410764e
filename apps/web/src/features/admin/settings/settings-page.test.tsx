// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminMe } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { AdminSettingsPage } from "./settings-page";

const PARKWELL = {
  facebook: "https://www.facebook.com/parkwell",
  instagram: "https://www.instagram.com/parkwell",
  linkedin: "https://www.linkedin.com/company/parkwell",
  twitter: "https://x.com/parkwell",
};
const NONE = { facebook: null, instagram: null, linkedin: null, twitter: null };
const list = {
  items: [
    {
      country_code: "DEFAULT",
      country_name: null,
      ...PARKWELL,
      updated_at: "2026-11-01T10:00:00.000Z",
      updated_by: null,
    },
    { country_code: "NG", country_name: "Nigeria", ...NONE, updated_at: null, updated_by: null },
    { country_code: "CA", country_name: "Canada", ...NONE, updated_at: null, updated_by: null },
  ],
};

describe("back office Settings: social links", () => {
  it("sets a country's own link, shows what an empty network inherits, and names a refused address", async () => {
    const api = new FakeApi()
      .on("GET /admin/me", { json: adminMe(["settings.view", "settings.update"]) })
      .on("GET /admin/social-links", { json: list })
      .on("PUT /admin/social-links/CA", (call) => {
        const body = call.body as Record<string, string>;
        if (!body.facebook!.startsWith("https://"))
          return {
            status: 422,
            json: {
              message: "Enter the full address, starting with https://",
              code: "validation_error",
              fields: { facebook: "Enter the full address, starting with https://" },
            },
          };
        return {
          json: {
            items: list.items.map((i) =>
              i.country_code === "CA"
                ? {
                    ...i,
                    facebook: body.facebook,
                    updated_at: "2026-11-20T09:00:00.000Z",
                    updated_by: { id: "a", name: "Ada Obi" },
                  }
                : i,
            ),
          },
        };
      });
    await renderWithApp(<AdminSettingsPage />, { api, route: "/admin/settings?country=CA" });
    const form = (await screen.findByRole("group", { name: "Social links: Canada" })).closest("form")!;
    expect(
      within(form).getByText("Empty: shows the DEFAULT link, https://www.instagram.com/parkwell"),
    ).toBeTruthy();
    const facebook = within(form).getByLabelText("Facebook");
    await userEvent.type(facebook, "http://facebook.com/parkwell.canada");
    await userEvent.click(within(form).getByRole("button", { name: "Save the links" }));
    expect(await within(form).findByText("Enter the full address, starting with https://")).toBeTruthy();
    expect(facebook.getAttribute("aria-invalid")).toBe("true");

    await userEvent.clear(facebook);
    await userEvent.type(facebook, "https://www.facebook.com/parkwell.canada");
    await userEvent.click(within(form).getByRole("button", { name: "Save the links" }));
    expect(await screen.findByText("The links are saved.")).toBeTruthy();
    expect(api.callsTo("PUT /admin/social-links/CA").at(-1)!.body).toEqual({
      facebook: "https://www.facebook.com/parkwell.canada",
      instagram: "",
      linkedin: "",
      twitter: "",
    });
    await waitFor(() => expect(screen.getByText(/Last changed on .* by Ada Obi\./)).toBeTruthy());
  });

  it("who may only view sees the links in French but cannot save them", async () => {
    const api = new FakeApi()
      .on("GET /admin/me", { json: adminMe(["settings.view"]) })
      .on("GET /admin/social-links", { json: list });
    await renderWithApp(<AdminSettingsPage />, { api, route: "/admin/settings", language: "fr" });
    const group = await screen.findByRole("group", {
      name: "Réseaux sociaux\u00a0: DEFAULT (tout pays sans liens propres)",
    });
    await waitFor(() => expect(api.callsTo("GET /admin/me")).toHaveLength(1));
    expect((group as HTMLFieldSetElement).disabled).toBe(true);
    expect((within(group).getByLabelText("X (Twitter)") as HTMLInputElement).value).toBe(PARKWELL.twitter);
    expect(screen.queryByRole("button", { name: "Enregistrer les liens" })).toBeNull();
  });
});
