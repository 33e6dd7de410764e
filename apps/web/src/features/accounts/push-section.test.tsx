// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToken } from "../../lib/session";
import { FakeApi, renderWithApp } from "../../test/render";
import { PushSection } from "./push-section";

const KEY = "B".repeat(87);
const ENDPOINT = "https://push.example/send/device-1";

/**
 * The browser's side of push as a phone has it: a service worker registration whose push manager
 * subscribes with the server's key, and the notification permission the driver answers.
 */
function fakeBrowser(permission: NotificationPermission) {
  let held: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null = null;
  const subscribe = vi.fn(async (options: { applicationServerKey: string }) => {
    held = {
      endpoint: ENDPOINT,
      toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: "P".repeat(87), auth: "A".repeat(22) } }),
      unsubscribe: vi.fn(async () => {
        held = null;
        return true;
      }),
    };
    expect(options.applicationServerKey).toBe(KEY);
    return held;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => held } };
  vi.stubGlobal("PushManager", function PushManager() {});
  vi.stubGlobal("Notification", { requestPermission: vi.fn(async () => permission) });
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { subscribe, held: () => held };
}

beforeEach(() => setToken("t-1"));
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("the profile's notifications on this device", () => {
  it("shows nothing when the server sends no push notifications", async () => {
    const api = new FakeApi().on("GET /push-subscriptions/config", { json: { public_key: null } });
    fakeBrowser("granted");
    // As on the profile page, under its heading (the render waits for one).
    await renderWithApp(
      <>
        <h1>My profile</h1>
        <PushSection />
      </>,
      { api },
    );
    await waitFor(() => expect(api.callsTo("GET /push-subscriptions/config")).toHaveLength(1));
    expect(screen.queryByRole("heading", { name: "Notifications on this device" })).toBeNull();
  });

  it("turns them on with the reminders chosen, changes them, then turns them off on this device", async () => {
    const browser = fakeBrowser("granted");
    const record = {
      id: "9d1f3c56-6a54-4e55-9b5a-1b2f7f0c0a11",
      endpoint: ENDPOINT,
      created_at: "2026-12-02T10:00:00Z",
    };
    const api = new FakeApi()
      .on("GET /push-subscriptions/config", { json: { public_key: KEY } })
      .on("GET /push-subscriptions", (call) => ({
        json: {
          items:
            browser.held() && call.query.get("endpoint") === ENDPOINT
              ? [{ ...record, reminders: saved }]
              : [],
          total: browser.held() ? 1 : 0,
          page: 1,
          size: 10,
          pages: 1,
        },
      }))
      .on("PUT /push-subscriptions", (call) => {
        saved = (call.body as { reminders: string[] }).reminders;
        return { json: { ...record, reminders: saved } };
      })
      .on(`DELETE /push-subscriptions/${record.id}`, { status: 204 });
    let saved: string[] = [];
    await renderWithApp(<PushSection />, { api });
    await screen.findByText("Notifications are off for this device.");
    // All four are offered, ticked: the driver leaves out the start and the pass.
    for (const label of [
      "Before my booking starts",
      "Before my booking ends, to extend it in time",
      "Before my monthly pass renews",
      "Before a vehicle document expires",
    ])
      expect((screen.getByLabelText(label) as HTMLInputElement).checked, label).toBe(true);
    await userEvent.click(screen.getByLabelText("Before my booking starts"));
    await userEvent.click(screen.getByLabelText("Before my monthly pass renews"));
    await userEvent.click(screen.getByRole("button", { name: "Turn on notifications" }));
    await screen.findByText("Your choice for this device is saved.");
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    expect(api.callsTo("PUT /push-subscriptions")[0]!.body).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: "P".repeat(87), auth: "A".repeat(22) },
      reminders: ["booking_end", "document_expiry"],
    });
    expect(screen.getByText("Notifications are on for this device.")).toBeTruthy();

    await userEvent.click(screen.getByLabelText("Before my booking starts"));
    await userEvent.click(screen.getByRole("button", { name: "Save my choice" }));
    await waitFor(() => expect(api.callsTo("PUT /push-subscriptions")).toHaveLength(2));
    expect((api.callsTo("PUT /push-subscriptions")[1]!.body as { reminders: string[] }).reminders).toEqual([
      "booking_start",
      "booking_end",
      "document_expiry",
    ]);

    await userEvent.click(screen.getByRole("button", { name: "Turn off on this device" }));
    await screen.findByText("Notifications are off for this device.");
    expect(api.callsTo(`DELETE /push-subscriptions/${record.id}`)).toHaveLength(1);
    expect(browser.held()).toBeNull();
  });

  it("says how to allow them when the browser blocks them, and sends nothing", async () => {
    const browser = fakeBrowser("denied");
    const api = new FakeApi()
      .on("GET /push-subscriptions/config", { json: { public_key: KEY } })
      .on("GET /push-subscriptions", { json: { items: [], total: 0, page: 1, size: 10, pages: 1 } });
    await renderWithApp(<PushSection />, { api });
    await userEvent.click(await screen.findByRole("button", { name: "Turn on notifications" }));
    await screen.findByText(/Notifications are blocked for Parkwell in this browser/);
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(api.callsTo("PUT /push-subscriptions")).toHaveLength(0);
  });
});
