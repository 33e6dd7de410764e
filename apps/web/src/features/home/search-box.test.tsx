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
