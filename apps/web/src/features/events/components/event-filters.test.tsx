// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FakeApi, renderWithApp } from "../../../test/render";
import { EVENTS_PAGE_SIZE, toSearchParams, type EventQuery } from "../search-params";
import { EventFilters } from "./event-filters";

describe("the events list's filters before hydration", () => {
  const renderFilters = async (query: EventQuery) => {
    const onChange = vi.fn<(q: EventQuery) => void>();
    await renderWithApp(
      <>
        <h1>Events</h1>
        <EventFilters query={query} onChange={onChange} />
      </>,
      { api: new FakeApi() },
    );
    return onChange;
  };

  it("are a plain GET to the list with the names the list reads", async () => {
    const query: EventQuery = {
      search: "derby",
      category: "sport",
      from: "2031-01-02",
      to: "2031-01-09",
      page: 2,
      size: EVENTS_PAGE_SIZE,
    };
    await renderFilters(query);
    const form = screen.getByRole("search") as HTMLFormElement;
    expect(form.getAttribute("action")).toBe("/events");
    expect(form.method).toBe("get");
    expect(screen.getByRole("searchbox").getAttribute("name")).toBe("search");
    expect(screen.getByLabelText("Category").getAttribute("name")).toBe("category");
    expect(screen.getByLabelText("From").getAttribute("name")).toBe("from");
    expect(screen.getByLabelText("To").getAttribute("name")).toBe("to");
    // What the browser sends is the list's search on its first page.
    const sent = new URLSearchParams([...new FormData(form)] as [string, string][]);
    expect(Object.fromEntries(sent)).toEqual(Object.fromEntries(toSearchParams({ ...query, page: 1 })));
  });

  it("search with what the fields show when React's state never heard of it (typed before hydration)", async () => {
    const onChange = await renderFilters({ category: "concert", page: 3, size: EVENTS_PAGE_SIZE });
    // Hydration keeps what was typed or chosen on the screen and fires no change: set the fields as
    // the browser did, without an input event.
    (screen.getByRole("searchbox") as HTMLInputElement).value = " Eko derby ";
    (screen.getByLabelText("Category") as HTMLSelectElement).value = "sport";
    (screen.getByLabelText("From") as HTMLInputElement).value = "2031-01-02";
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(onChange).toHaveBeenLastCalledWith({
      search: "Eko derby",
      category: "sport",
      from: "2031-01-02",
      to: undefined,
      page: 1,
      size: EVENTS_PAGE_SIZE,
    });
  });
});
