// @vitest-environment happy-dom
import { MarketCategorySchema, MarketHomeSchema, MarketItemSummarySchema } from "@parkwell/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../../test/render";
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
