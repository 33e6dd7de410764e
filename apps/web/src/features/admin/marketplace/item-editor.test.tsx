// @vitest-environment happy-dom
import {
  AdminMarketAddonListSchema,
  AdminMarketAttributeListSchema,
  AdminMarketCategoryListSchema,
  AdminMarketItemSchema,
  type ParkChoice,
} from "@parkwell/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { adminMe, countries } from "../../../test/admin-fixtures";
import { FakeApi, renderWithApp } from "../../../test/render";
import { ItemEditor } from "./item-editor";

/** A product as GET /admin/marketplace/items/{id} answers it. */
const item = AdminMarketItemSchema.parse({
  id: 7,
  country_code: "NG",
  currency: "NGN",
  decimals: 2,
  kind: "product",
  category: { id: 3, name: { en: "Car care", fr: "Entretien" } },
  name: { en: "Air freshener", fr: "Désodorisant" },
  description: { en: "", fr: "" },
  images: [],
  price: { amount: 1000, currency: "NGN" },
  stock: 12,
  daily_capacity: null,
  duration_minutes: null,
  status: "active",
  sold: 0,
  variations: [],
  addons: [],
  parks: [],
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
});

const page = { total: 0, page: 1, size: 1000, pages: 1 };
const categories = AdminMarketCategoryListSchema.parse({
  ...page,
  total: 1,
  items: [
    {
      id: 3,
      slug: "car-care",
      name: { en: "Car care", fr: "Entretien" },
      icon: "car",
      position: 1,
      status: "active",
      items: 1,
    },
  ],
});

function itemApi() {
  return new FakeApi()
    .on("GET /admin/me", { json: adminMe(["marketplace.view", "marketplace.update"]) })
    .on("GET /countries", { json: countries })
    .on("GET /admin/marketplace/items/7", { json: item })
    .on("GET /admin/marketplace/categories", { json: categories })
    .on("GET /admin/marketplace/addons", { json: AdminMarketAddonListSchema.parse({ ...page, items: [] }) })
    .on("GET /admin/marketplace/attributes", {
      json: AdminMarketAttributeListSchema.parse({ ...page, items: [] }),
    })
    .on("PATCH /admin/marketplace/items/7", { json: item });
}

describe("the item editor", () => {
  it('reads a price typed the French way ("1 500,50") as 1500.5', async () => {
    const api = itemApi();
    await renderWithApp(
      <Routes>
        <Route path="/admin/marketplace/items/:id" element={<ItemEditor />} />
      </Routes>,
      { api, route: "/admin/marketplace/items/7", language: "fr" },
    );
    const price = await screen.findByRole("textbox", { name: /^Prix/ });
    // happy-dom shows a select's saved value only once chosen (the browser suite sees it prefilled).
    await userEvent.selectOptions(screen.getByRole("combobox", { name: /Catégorie/ }), "3");
    await userEvent.clear(price);
    await userEvent.type(price, "1 500,50");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(api.callsTo("PATCH /admin/marketplace/items/7")).toHaveLength(1));
    expect(api.callsTo("PATCH /admin/marketplace/items/7")[0]!.body).toMatchObject({
      price: 1500.5,
      stock: 12,
      category_id: 3,
    });
    expect(await screen.findByText("Enregistré")).toBeTruthy();
  });

  it("offers a service's parks from the one park list, the user's active parks in the item's country", async () => {
    const service = AdminMarketItemSchema.parse({
      ...item,
      kind: "service",
      stock: null,
      daily_capacity: 8,
      duration_minutes: 30,
      parks: [{ id: 41, name: "Marina Car Park", city: "Lagos" }],
    });
    const park = (id: number, name: string): ParkChoice => ({
      id,
      name,
      city: "Lagos",
      time_zone: "Africa/Lagos",
      currency: "NGN",
      country_code: "NG",
      vehicle_types: [],
    });
    const api = itemApi()
      .on("GET /admin/marketplace/items/7", { json: service })
      .on("PATCH /admin/marketplace/items/7", { json: service })
      .on("GET /admin/parks/choices", {
        json: { items: [park(42, "Ikeja Garage"), park(41, "Marina Car Park")], complete: true },
      });
    await renderWithApp(
      <Routes>
        <Route path="/admin/marketplace/items/:id" element={<ItemEditor />} />
      </Routes>,
      { api, route: "/admin/marketplace/items/7" },
    );
    const parks = await screen.findByRole("group", { name: "Parks where the service is done" });
    const marina = await within(parks).findByRole("checkbox", { name: "Marina Car Park (Lagos)" });
    expect(marina).toHaveProperty("checked", true);
    const ikeja = within(parks).getByRole("checkbox", { name: "Ikeja Garage (Lagos)" });
    expect(ikeja).toHaveProperty("checked", false);
    const [call] = api.callsTo("GET /admin/parks/choices");
    expect(Object.fromEntries(call!.query)).toEqual({
      permission: "marketplace.update",
      status: "active",
      country: "NG",
    });

    await userEvent.click(ikeja);
    await userEvent.selectOptions(screen.getByRole("combobox", { name: /Category/ }), "3");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.callsTo("PATCH /admin/marketplace/items/7")).toHaveLength(1));
    const { park_ids } = api.callsTo("PATCH /admin/marketplace/items/7")[0]!.body as { park_ids: number[] };
    expect([...park_ids].sort((a, b) => a - b)).toEqual([41, 42]);
  });
});
