// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { SearchBox } from "./search-box";

describe("the home page's search box", () => {
  it("puts Find parking after the From and Until fields, in reading and Tab order, and searches with them", async () => {
    const { router } = await renderWithApp(
      <>
        <h1>Home</h1>
        <SearchBox />
      </>,
      { api: new FakeApi() },
    );
    const until = await screen.findByLabelText("Until");
    const find = screen.getByRole("button", { name: "Find parking" });
    expect(screen.getAllByRole("button", { name: "Find parking" })).toHaveLength(1);
    expect(until.compareDocumentPosition(find) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.type(screen.getByRole("searchbox"), "Lekki");
    await userEvent.click(find);
    expect(router.state.location.pathname).toBe("/parks-list");
    expect(router.state.location.search).toBe("?search=Lekki");
  });
});

describe("the home page's search box before hydration", () => {
  it("is a plain GET to the list with the names the list reads", async () => {
    await renderWithApp(
      <>
        <h1>Home</h1>
        <SearchBox />
      </>,
      { api: new FakeApi() },
    );
    const form = (await screen.findByRole("search")) as HTMLFormElement;
    expect(form.getAttribute("action")).toBe("/parks-list");
    expect(form.method).toBe("get");
    expect(screen.getByRole("searchbox").getAttribute("name")).toBe("search");
    expect(screen.getByLabelText("From").getAttribute("name")).toBe("start_time");
    expect(screen.getByLabelText("Until").getAttribute("name")).toBe("end_time");
  });

  it("searches with what the fields show when React's state never heard of it (typed before hydration)", async () => {
    const { router } = await renderWithApp(
      <>
        <h1>Home</h1>
        <SearchBox />
      </>,
      { api: new FakeApi() },
    );
    // Hydration keeps what was typed on the screen and fires no change: set the fields as the
    // browser did, without an input event.
    (screen.getByRole("searchbox") as HTMLInputElement).value = "Lagos airport";
    (screen.getByLabelText("From") as HTMLInputElement).value = "2031-01-02T10:00";
    (screen.getByLabelText("Until") as HTMLInputElement).value = "2031-01-02T12:00";
    await userEvent.click(screen.getByRole("button", { name: "Find parking" }));
    expect(router.state.location.pathname).toBe("/parks-list");
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      search: "Lagos airport",
      start_time: "2031-01-02T10:00",
      end_time: "2031-01-02T12:00",
    });
  });
});
