// @vitest-environment happy-dom
import { MarketCategorySchema, MarketHomeSchema, MarketItemSummarySchema } from "@parkwell/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FakeApi, renderWithApp } from "../../../test/render";
import { MARKET_PAGE_SIZE, toSearchParams, type MarketQuery } from "../search-params";
import { ItemCard } from "./item-card";
import { MarketFilters } from "./market-filters";
import { SliderStrip } from "./slider-strip";

/** An element inside the page that carries a `lang` (the page's own is on <html>). */
const MARKED = "body [lang]";
const xof = (amount: number) => ({ amount, currency: "XOF" });
const card = (name: string, text_language: "en" | "fr") =>
  MarketItemSummarySchema.parse({
    id: 301,
    kind: "product",
    name,
    text_language,
    category: { slug: "car-care", name: "Entretien auto" },
    image_url: null,
    price: xof(2000),
    offer_price: xof(2000),
    stock: 10,
    has_variations: false,
  });
const slides = MarketHomeSchema.shape.sliders.parse([
  {
    id: 31,
    title: "Record every drive",
    text_language: "en",
    subtitle: "Dash cams at 15% off",
    subtitle_language: "en",
    image_url: null,
    link: "/marketplace",
  },
  {
    id: 32,
    title: "Prêt pour la route",
    text_language: "fr",
    subtitle: "First-aid kits and triangles",
    subtitle_language: "en",
    image_url: null,
    link: "/marketplace",
  },
]);
const categories = [
  MarketCategorySchema.parse({
    id: 1,
    slug: "wipers",
    name: "Wipers",
    text_language: "en",
    icon: "wrench",
    items: 2,
  }),
  MarketCategorySchema.parse({
    id: 2,
    slug: "car-care",
    name: "Entretien auto",
    text_language: "fr",
    icon: "spray-can",
    items: 3,
  }),
];

const page = (
  <>
    <ItemCard item={card("Wiper blades", "en")} />
    <ItemCard item={{ ...card("Lave-glace", "fr"), id: 302 }} />
    <SliderStrip slides={slides} />
    <MarketFilters
      query={{ sort: "popular", page: 1, size: 12 }}
      categories={categories}
      onChange={() => undefined}
    />
  </>
);

describe("the marketplace's lists of staff texts", () => {
  it("on a French page, marks an English card, banner and category with lang only (no note in a list)", async () => {
    await renderWithApp(page, { api: new FakeApi(), language: "fr" });
    expect(screen.getByRole("link", { name: "Wiper blades" }).closest(MARKED)?.getAttribute("lang")).toBe(
      "en",
    );
    expect(screen.getByRole("link", { name: "Lave-glace" }).closest(MARKED)).toBeNull();
    expect(screen.getByText("Record every drive").closest(MARKED)?.getAttribute("lang")).toBe("en");
    expect(screen.getByText("Dash cams at 15% off").closest(MARKED)?.getAttribute("lang")).toBe("en");
    expect(screen.getByText("Prêt pour la route").closest(MARKED)).toBeNull();
    // Each text its own: a French title over a subtitle in English.
    expect(screen.getByText("First-aid kits and triangles").closest(MARKED)?.getAttribute("lang")).toBe("en");
    expect(screen.getByText("Wipers").closest(MARKED)?.getAttribute("lang")).toBe("en");
    expect(screen.getByText("Entretien auto", { selector: "button *, button" }).closest(MARKED)).toBeNull();
    expect(screen.queryByTestId("text-language-note")).toBeNull();
  });
});

describe("the marketplace's filters before hydration", () => {
  const renderFilters = async (query: MarketQuery) => {
    const onChange = vi.fn<(q: MarketQuery) => void>();
    await renderWithApp(
      <>
        <h1>Marketplace</h1>
        <MarketFilters query={query} categories={categories} onChange={onChange} />
      </>,
      { api: new FakeApi() },
    );
    return onChange;
  };

  it("are a plain GET to the list with the names the list reads, the chosen category included", async () => {
    const query: MarketQuery = {
      search: "wipers",
      category: "car-care",
      kind: "product",
      onOffer: true,
      sort: "price_asc",
      page: 2,
      size: MARKET_PAGE_SIZE,
    };
    await renderFilters(query);
    const form = screen.getByRole("search") as HTMLFormElement;
    expect(form.getAttribute("action")).toBe("/marketplace");
    expect(form.method).toBe("get");
    expect(screen.getByRole("searchbox").getAttribute("name")).toBe("search");
    expect(screen.getByLabelText("Type").getAttribute("name")).toBe("kind");
    expect(screen.getByLabelText("Sort by").getAttribute("name")).toBe("sort");
    const onOffer = screen.getByRole("checkbox", { name: "On offer only" });
    expect([onOffer.getAttribute("name"), onOffer.getAttribute("value")]).toEqual(["on_offer", "true"]);
    // What the browser sends is the list's search on its first page.
    const sent = new URLSearchParams([...new FormData(form)] as [string, string][]);
    expect(Object.fromEntries(sent)).toEqual(Object.fromEntries(toSearchParams({ ...query, page: 1 })));
  });

  it("search with what the fields show when React's state never heard of it (typed before hydration)", async () => {
    const onChange = await renderFilters({
      category: "wipers",
      sort: "popular",
      page: 3,
      size: MARKET_PAGE_SIZE,
    });
    // Hydration keeps what was typed or chosen on the screen and fires no change: set the fields as
    // the browser did, without an input event.
    (screen.getByRole("searchbox") as HTMLInputElement).value = " dash cam ";
    (screen.getByLabelText("Type") as HTMLSelectElement).value = "product";
    (screen.getByLabelText("Sort by") as HTMLSelectElement).value = "newest";
    (screen.getByRole("checkbox", { name: "On offer only" }) as HTMLInputElement).checked = true;
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(onChange).toHaveBeenLastCalledWith({
      search: "dash cam",
      category: "wipers",
      kind: "product",
      onOffer: true,
      sort: "newest",
      page: 1,
      size: MARKET_PAGE_SIZE,
    });
  });
});
