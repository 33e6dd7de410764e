// @vitest-environment happy-dom
import { MarketHomeSchema, MarketItemDetailSchema } from "@parkwell/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../../test/render";
import { emptyCart, getCartLines } from "../cart";
import { ItemPage } from "./item-page";

const ngn = (amount: number) => ({ amount, currency: "NGN" });

/** A product in two sizes (the first sold out) with one add-on, as GET /marketplace/items/{id} answers it. */
const item = MarketItemDetailSchema.parse({
  id: 5,
  kind: "product",
  name: "Air freshener",
  text_language: "en",
  category: { slug: "car-care", name: "Car care" },
  image_url: null,
  price: ngn(2000),
  offer_price: ngn(2000),
  stock: 3,
  has_variations: true,
  description: "",
  description_language: "en",
  images: [],
  attribute: "Size",
  variations: [
    { id: 51, name: "Small", price: ngn(2000), offer_price: ngn(2000), stock: 0 },
    { id: 52, name: "Large", price: ngn(3000), offer_price: ngn(3000), stock: 3 },
  ],
  addons: [{ id: 8, name: "Gift wrap", price: ngn(500) }],
  duration_minutes: null,
  parks: [],
  offer: null,
});

const home = MarketHomeSchema.parse({
  country_code: "NG",
  currency: "NGN",
  categories: [],
  sliders: [],
  offers: [],
});

afterEach(() => emptyCart("NG"));

async function renderItem(api: FakeApi) {
  const view = await renderWithApp(
    <Routes>
      <Route path="/marketplace/items/:id" element={<ItemPage />} />
    </Routes>,
    { api, route: "/marketplace/items/5" },
  );
  await screen.findByRole("heading", { name: "Air freshener" });
  return view;
}

describe("the marketplace item page", () => {
  it("adds the size in stock with its add-on, as many as are left, to the country's cart", async () => {
    const api = new FakeApi()
      .on("GET /marketplace/items/5", { json: item })
      .on("GET /marketplace/home", { json: home });
    await renderWithApp(
      <Routes>
        <Route path="/marketplace/items/:id" element={<ItemPage />} />
      </Routes>,
      { api, route: "/marketplace/items/5" },
    );
    await screen.findByRole("heading", { name: "Air freshener" });
    // The sold-out size cannot be chosen; the one in stock is.
    expect(screen.getByRole("radio", { name: /Small/ })).toHaveProperty("disabled", true);
    expect(screen.getByRole("radio", { name: /Large/ })).toHaveProperty("checked", true);

    await userEvent.click(screen.getByRole("checkbox", { name: /Gift wrap/ }));
    const more = screen.getByRole("button", { name: "One more" });
    await userEvent.click(more);
    await userEvent.click(more);
    // Three left: no more than three.
    expect(more).toHaveProperty("disabled", true);
    expect((screen.getByLabelText("Quantity") as HTMLInputElement).value).toBe("3");
    expect(screen.getByTestId("item-estimate").textContent).toBe(
      "About ₦10,500 (the cart shows the exact price)",
    );

    await userEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(await screen.findByText("Added to your cart.")).toBeTruthy();
    expect(getCartLines("NG")).toEqual([{ item_id: 5, variation_id: 52, addon_ids: [8], quantity: 3 }]);
  });

  it("adds the size, add-ons and quantity chosen last: a quantity is kept between 1 and the stock left", async () => {
    const api = new FakeApi()
      .on("GET /marketplace/items/5", {
        json: { ...item, addons: [...item.addons, { id: 9, name: "Refill", price: ngn(700) }] },
      })
      .on("GET /marketplace/home", { json: home });
    await renderItem(api);
    await userEvent.click(screen.getByRole("checkbox", { name: /Gift wrap/ }));
    await userEvent.click(screen.getByRole("checkbox", { name: /Refill/ }));
    await userEvent.click(screen.getByRole("checkbox", { name: /Gift wrap/ }));
    const quantity = screen.getByLabelText("Quantity") as HTMLInputElement;
    // Typed past the stock left: the stock; emptied: one.
    await userEvent.clear(quantity);
    expect(quantity.value).toBe("1");
    await userEvent.type(quantity, "9");
    expect(quantity.value).toBe("3");
    await userEvent.click(screen.getByRole("button", { name: "One fewer" }));
    expect(screen.getByTestId("item-estimate").textContent).toBe(
      "About ₦7,400 (the cart shows the exact price)",
    );
    // Enter in the quantity field adds, as the button does.
    await userEvent.type(quantity, "{Enter}");
    expect(await screen.findByText("Added to your cart.")).toBeTruthy();
    expect(getCartLines("NG")).toEqual([{ item_id: 5, variation_id: 52, addon_ids: [9], quantity: 2 }]);
  });

  it("asks for a size again when the one chosen is no longer offered, and adds nothing until one is", async () => {
    const api = new FakeApi()
      .on("GET /marketplace/items/5", { json: item })
      .on("GET /marketplace/home", { json: home });
    const { client } = await renderItem(api);
    expect(screen.getByRole("radio", { name: /Large/ })).toHaveProperty("checked", true);
    // The item changed while the page was open: Large is gone, Medium came.
    api.on("GET /marketplace/items/5", {
      json: {
        ...item,
        variations: [
          item.variations[0]!,
          { id: 53, name: "Medium", price: ngn(2500), offer_price: ngn(2500), stock: 2 },
        ],
      },
    });
    await client.invalidateQueries();
    const medium = await screen.findByRole("radio", { name: /Medium/ });
    expect(medium).toHaveProperty("checked", false);

    await userEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    const error = await screen.findByText("Please choose one of the options");
    expect(medium.getAttribute("aria-invalid")).toBe("true");
    expect(medium.getAttribute("aria-describedby")).toBe(error.id);
    expect(screen.queryByText("Added to your cart.")).toBeNull();
    expect(getCartLines("NG")).toEqual([]);

    await userEvent.click(medium);
    expect(screen.queryByText("Please choose one of the options")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(await screen.findByText("Added to your cart.")).toBeTruthy();
    expect(getCartLines("NG")).toEqual([{ item_id: 5, variation_id: 53, addon_ids: [], quantity: 1 }]);
  });
});

describe("the item page's texts", () => {
  const renderIn = (shown: typeof item, language: "en" | "fr") =>
    renderWithApp(
      <Routes>
        <Route path="/marketplace/items/:id" element={<ItemPage />} />
      </Routes>,
      {
        api: new FakeApi()
          .on("GET /marketplace/items/5", { json: shown })
          .on("GET /marketplace/home", { json: home }),
        route: "/marketplace/items/5",
        language,
      },
    );
  const french = { ...item, name: "Désodorisant", text_language: "fr" as const };

  it("on a French page, marks a description given in English with lang and says so just before it", async () => {
    await renderIn({ ...french, description: "Keeps the car fresh.", description_language: "en" }, "fr");
    const name = await screen.findByRole("heading", { level: 1, name: "Désodorisant" });
    expect(name.getAttribute("lang")).toBeNull();
    const text = screen.getByText("Keeps the car fresh.");
    expect(text.getAttribute("lang")).toBe("en");
    const notes = screen.getAllByTestId("text-language-note");
    expect(notes.map((n) => n.textContent)).toEqual(["Texte en anglais"]);
    expect(text.previousElementSibling).toBe(notes[0]);
  });

  it("marks a name given in English, the note after it", async () => {
    await renderIn({ ...item, description: "Garde la voiture fraîche.", description_language: "fr" }, "fr");
    const name = await screen.findByRole("heading", { level: 1, name: "Air freshener" });
    expect(name.getAttribute("lang")).toBe("en");
    expect(name.nextElementSibling).toBe(screen.getByTestId("text-language-note"));
    expect(screen.getByTestId("text-language-note").textContent).toBe("Texte en anglais");
    expect(screen.getByText("Garde la voiture fraîche.").getAttribute("lang")).toBeNull();
  });

  it("says nothing of an item given in the page's language", async () => {
    await renderIn({ ...french, description: "Garde la voiture fraîche.", description_language: "fr" }, "fr");
    const name = await screen.findByRole("heading", { level: 1, name: "Désodorisant" });
    expect(name.getAttribute("lang")).toBeNull();
    expect(screen.getByText("Garde la voiture fraîche.").getAttribute("lang")).toBeNull();
    expect(screen.queryByTestId("text-language-note")).toBeNull();
  });
});
