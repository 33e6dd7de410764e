/** What several browser tests do through the API beside the page: signed-in calls, demo top-ups, money as shown. */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { SignedInUser } from "./database";

/** A signed-in call to the app at `baseUrl` that must succeed; its JSON answer. */
export async function apiCall<T>(
  baseUrl: string,
  user: SignedInUser,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  expect(res.ok, `${path}: ${res.status} ${await res.clone().text()}`).toBe(true);
  return (await res.json()) as T;
}

/** An account's login at the app at `baseUrl` (a demo account's, or a created one's), which must succeed. */
export async function logIn(baseUrl: string, identifier: string, password: string): Promise<Login> {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identifier, password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Login;
}

export interface Login {
  access_token: string;
  user: Record<string, unknown>;
}

/** The demo provider's top-up, through the same calls the in-app payment page makes. */
export async function demoTopUp(baseUrl: string, user: SignedInUser, amount: number): Promise<void> {
  const { data } = await apiCall<{ data: { reference: string } }>(baseUrl, user, "/wallet/add-funds", {
    method: "POST",
    body: JSON.stringify({ amount }),
    // add-funds requires a key (API-CONVENTIONS.md#idempotency): one per top-up.
    headers: { "idempotency-key": randomUUID() },
  });
  const query = new URLSearchParams({ payment_reference: data.reference, payment_provider: "demo" });
  await apiCall(baseUrl, user, `/wallet/verify-payment?${query.toString()}`, { method: "POST" });
}

/** Naira as the app writes it (₦, not the "NGN" Intl prints for English): no decimals for a whole amount, exactly two otherwise. */
export const ngn = (n: number) => {
  const digits = Math.round(n * 100) % 100 === 0 ? 0 : 2;
  return `₦${new Intl.NumberFormat("en", { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n)}`;
};

/** A park as `GET /front/parks/{park}` answers it: the fields the browser tests read. */
export interface OpenPark {
  id: number;
  slug: string;
  park_code: string;
  name: string;
  city: string;
  time_zone: string;
  opening_hours: unknown[] | null;
  rates: { vehicle_type_id: number; vehicle_type: string }[];
}

/** The first quarter hour at least `hours` from now: where the browser tests start a booking's window. */
export function quarterHoursAhead(hours: number): Date {
  return new Date(Math.ceil(Date.now() / 900_000) * 900_000 + hours * 3_600_000);
}

/** A Nigerian park (of `type`, when given) open around the clock with rates, so any window is bookable there. */
export async function twentyFourHourPark(baseUrl: string, type?: string): Promise<OpenPark> {
  const query = new URLSearchParams({ country: "NG", size: "50", ...(type ? { type } : {}) });
  const list = (await (await fetch(`${baseUrl}/api/v1/parks/front/parks/?${query.toString()}`)).json()) as {
    items: { slug: string }[];
  };
  for (const item of list.items) {
    const park = (await (await fetch(`${baseUrl}/api/v1/front/parks/${item.slug}`)).json()) as OpenPark;
    if (park.opening_hours === null && park.rates.length > 0) return park;
  }
  throw new Error(`No 24-hour ${type ?? ""} park in Nigeria`);
}
