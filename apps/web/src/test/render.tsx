/**
 * Component tests: a page or form rendered in a DOM emulation (happy-dom, no browser) inside what
 * the app gives it (React Query, the router, i18next with the real catalogues), against `FakeApi`,
 * which answers the calls the component makes as the API's contract says. A test file opts in with
 * `// @vitest-environment happy-dom` on its first line. The browser suite (e2e/) is the real stack.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, render, screen } from "@testing-library/react";
import { Suspense, type ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach } from "vitest";
import { i18n } from "../lib/i18n";
import { clearSession } from "../lib/session";

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Answer = { status?: number; json?: unknown } | ((call: ApiCall) => { status?: number; json?: unknown });

/**
 * The API as a table of answers, "GET /wallet" → answer (paths under /api/v1, without the query);
 * every call is recorded, and a call nobody answers fails the test loudly (404 with the route).
 */
export class FakeApi {
  readonly calls: ApiCall[] = [];
  private readonly answers = new Map<string, Answer>();

  on(route: string, answer: Answer): this {
    this.answers.set(route, answer);
    return this;
  }

  /** The calls to one route, oldest first. */
  callsTo(route: string): ApiCall[] {
    return this.calls.filter((c) => `${c.method} ${c.path}` === route);
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const path = url.pathname.replace(/^\/api\/v1/, "");
    const method = (init.method ?? "GET").toUpperCase();
    // A JSON body parsed; an upload's FormData kept as sent.
    const body =
      typeof init.body === "string"
        ? JSON.parse(init.body)
        : init.body instanceof FormData
          ? init.body
          : undefined;
    const call: ApiCall = { method, path, query: url.searchParams, headers: new Headers(init.headers), body };
    this.calls.push(call);
    const answer = this.answers.get(`${method} ${path}`);
    if (!answer) {
      return Response.json(
        { message: `No fake answer for ${method} ${path}`, code: "not_found" },
        { status: 404 },
      );
    }
    const { status = 200, json } = typeof answer === "function" ? answer(call) : answer;
    return new Response(json === undefined ? null : JSON.stringify(json), {
      status,
      headers: { "content-type": "application/json" },
    });
  };
}

// A file's first render loads its catalogues lazily, as the app does, and the fake answers come
// asynchronously: on a busy machine (tests run in parallel) that can take more than findBy's and
// waitFor's default second. A wrong page still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// Each test starts signed out: the session's in-memory snapshot follows the storage it clears (a
// test that signed in, as joining from an invitation does, would otherwise sign in the next one).
afterEach(() => {
  cleanup();
  localStorage.clear();
  clearSession();
});

/**
 * Renders `ui` at `route` in the app's providers, with `api` as the network, in `language`;
 * resolves once the page's catalogues have loaded (the first heading or form shows).
 */
export async function renderWithApp(
  ui: ReactElement,
  { api, route = "/", language = "en" }: { api: FakeApi; route?: string; language?: "en" | "fr" },
) {
  globalThis.fetch = api.fetch as typeof fetch;
  localStorage.setItem("language", language);
  await i18n.changeLanguage(language);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: "*", element: <Suspense fallback={<p>loading</p>}>{ui}</Suspense> },
      { path: "/booking-success", element: <h1>success page</h1> },
    ],
    { initialEntries: [route] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findAllByRole("heading");
  return { ...view, router, client };
}
