import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, setApiTransport } from "./api";
import { cachedStates, loadStates } from "./states";

const lagos = { id: 1, name: "Lagos", code: "LA", country_id: 1 };
const abuja = { id: 2, name: "Federal Capital Territory", code: "FC", country_id: 1 };
const dakar = { id: 101, name: "Dakar", code: "DK", country_id: 3 };

/** A browser tab on parkwell.test with a working storage (its contents returned to look at). */
function stubWindow(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  vi.stubGlobal("window", {
    location: { origin: "https://parkwell.test", pathname: "/vehicle-docs-renewal" },
    localStorage: {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    },
  });
  return data;
}

/** A tab whose storage refuses every call (private mode, storage disabled). */
function stubWindowWithoutStorage() {
  const refuse = () => {
    throw new DOMException("denied", "SecurityError");
  };
  vi.stubGlobal("window", {
    location: { origin: "https://parkwell.test", pathname: "/vehicle-docs-renewal" },
    localStorage: { getItem: refuse, setItem: refuse, removeItem: refuse },
  });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The API answering GET /states/load with `answer` (the country asked for is recorded). */
function answer(answerOf: (countryId: string | null) => Response | Promise<Response>) {
  const asked: (string | null)[] = [];
  vi.stubGlobal("fetch", async (url: URL) => {
    expect(url.pathname).toBe("/api/v1/states/load");
    asked.push(url.searchParams.get("country_id"));
    return answerOf(url.searchParams.get("country_id"));
  });
  return asked;
}

const offline = () => answer(() => Promise.reject(new TypeError("Failed to fetch")));
const stored = (data: Map<string, string>) => JSON.parse(data.get("states") ?? "null") as unknown;

afterEach(() => {
  vi.unstubAllGlobals();
  setApiTransport(null);
});

describe("loadStates", () => {
  it("answers the API's list and writes it to the `states` key", async () => {
    const data = stubWindow();
    const asked = answer(() => json([lagos, abuja]));
    expect(await loadStates(1)).toEqual([lagos, abuja]);
    expect(asked).toEqual(["1"]);
    expect(stored(data)).toEqual([lagos, abuja]);
  });

  it("keeps the other countries' rows and replaces the fetched country's", async () => {
    const data = stubWindow({ states: JSON.stringify([lagos, dakar]) });
    answer(() => json([abuja]));
    expect(await loadStates(1)).toEqual([abuja]);
    expect(stored(data)).toEqual([dakar, abuja]);
  });

  it("stores the rule's fields and the code, nothing else of a row", async () => {
    const data = stubWindow();
    answer(() => json([{ ...lagos, extra: "x" }]));
    await loadStates(1);
    expect(stored(data)).toEqual([lagos]);
  });

  it("offline, answers the stored rows of that country and not another's", async () => {
    stubWindow({ states: JSON.stringify([lagos, dakar, abuja]) });
    offline();
    expect(await loadStates(1)).toEqual([lagos, abuja]);
    expect(await loadStates(3)).toEqual([dakar]);
  });

  it("on a server failure (5xx), answers the stored rows of that country", async () => {
    const data = stubWindow({ states: JSON.stringify([lagos, dakar]) });
    answer(() => json({ message: "Down", code: "internal_error" }, 503));
    expect(await loadStates(1)).toEqual([lagos]);
    // The failure leaves the stored rows as they were.
    expect(stored(data)).toEqual([lagos, dakar]);
  });

  it("fails as before when nothing is stored for that country (another country's rows do not stand in)", async () => {
    stubWindow({ states: JSON.stringify([dakar]) });
    offline();
    await expect(loadStates(1)).rejects.toMatchObject({ status: 0, code: "network_error" });
    stubWindow();
    answer(() => json({ message: "Down", code: "internal_error" }, 500));
    await expect(loadStates(1)).rejects.toBeInstanceOf(ApiError);
  });

  it("throws a refusal (4xx) even with rows stored: the request itself is wrong", async () => {
    stubWindow({ states: JSON.stringify([lagos]) });
    answer(() => json({ message: "country_id is required", code: "validation_error" }, 422));
    await expect(loadStates(1)).rejects.toMatchObject({ status: 422 });
  });

  it("keeps an abort an abort (a cancelled query gets no stored rows)", async () => {
    stubWindow({ states: JSON.stringify([lagos]) });
    answer(() => Promise.reject(new DOMException("aborted", "AbortError")));
    await expect(loadStates(1)).rejects.toMatchObject({ name: "AbortError" });
  });

  it("ignores a stored value that is not a list of rows, and rows missing a field", async () => {
    stubWindow({ states: JSON.stringify([{ id: 9, name: "No code", country_id: 1 }, lagos, "x"]) });
    expect(cachedStates(1)).toEqual([lagos]);
    stubWindow({ states: "{not json" });
    expect(cachedStates(1)).toEqual([]);
    offline();
    await expect(loadStates(1)).rejects.toBeInstanceOf(ApiError);
  });

  it("works without storage: the API's list on success, the error as before on failure", async () => {
    stubWindowWithoutStorage();
    answer(() => json([lagos]));
    expect(await loadStates(1)).toEqual([lagos]);
    offline();
    await expect(loadStates(1)).rejects.toMatchObject({ code: "network_error" });
  });

  it("works in a server render (no window): the API's list, nothing stored", async () => {
    vi.stubGlobal("window", undefined);
    setApiTransport({
      fetch: async () => json([lagos]),
      origin: "https://parkwell.test",
      language: () => "en",
    });
    expect(await loadStates(1)).toEqual([lagos]);
    expect(cachedStates(1)).toEqual([]);
  });
});
