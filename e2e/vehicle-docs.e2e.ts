import { formatMoney, type VehicleDocQuote } from "@parkwell/contract";
import { describe, expect, inject, it } from "vitest";
import { demoTopUp } from "./support/api";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";

const baseURL = inject("baseURL");
const browser = useBrowser();

/** The smallest real PNG: one transparent pixel. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

async function call<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseURL}/api/v1${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
  });
  expect(res.ok, `${path}: ${res.status} ${await res.clone().text()}`).toBe(true);
  return (await res.json()) as T;
}

describe("vehicle document renewal", () => {
  it("a driver on a phone, in French, switches to Nigeria, completes a vehicle's details, pays papers from the wallet, uploads a file and cancels", async () => {
    // Setup through the API: the demo driver, a new vehicle without renewal details, a funded wallet.
    const login = await fetch(`${baseURL}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identifier: "driver@parkwell.test", password: "drive-safely-2026" }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { access_token: string }).access_token;
    const driver = { id: "", email: "driver@parkwell.test", token };
    const plate = `VD${Date.now().toString(36).slice(-6).toUpperCase()}`;
    const vehicle = await call<{ id: number; plate_number: string }>(token, "/user/vehicles/", {
      method: "POST",
      body: JSON.stringify({ plate_number: plate, vehicle_type_id: 1, make: "Toyota", model: "Corolla" }),
    });
    await demoTopUp(baseURL, driver, 200_000);

    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await context.addInitScript(
      ([t]) => {
        window.localStorage.setItem("parkwell_user_token", t);
        window.localStorage.setItem("language", "fr");
        // Canada at first only: the switch to Nigeria reloads the page, which runs this again.
        if (!window.localStorage.getItem("selectedCountry")) {
          window.localStorage.setItem(
            "selectedCountry",
            JSON.stringify({ code: "CA", name: "Canada", id: 2 }),
          );
        }
      },
      [token] as const,
    );
    const { page, problems } = await watchedPage(context);
    try {
      await page.goto(`${baseURL}/vehicle-docs-renewal?vehicle=${vehicle.id}`);
      // Another country: the page offers the switch to Nigeria.
      await page.getByRole("button", { name: "Passer au Nigeria" }).click();
      const details = page.getByRole("heading", {
        name: `Détails de renouvellement de ${vehicle.plate_number}`,
      });
      await details.waitFor();
      await expect
        .poll(() => page.getByText("Enregistrez l'État d'immatriculation", { exact: false }).count())
        .toBe(1);

      // The states came from the API and are kept under `states`: with the API failing (503), the
      // page opened again offers the same list from this browser's storage.
      const stateField = page.getByLabel("État d'immatriculation");
      await expect.poll(() => stateField.locator("option").count()).toBeGreaterThan(30);
      const offered = await stateField.locator("option").allTextContents();
      const kept = await page.evaluate(
        () =>
          JSON.parse(window.localStorage.getItem("states") ?? "[]") as { name: string; country_id: number }[],
      );
      expect(kept.filter((s) => s.country_id === 1).map((s) => s.name)).toEqual(offered.slice(1));
      let refused = 0;
      await page.route(/\/api\/v1\/states\/load\b/, (route) => {
        refused += 1;
        return route.fulfill({ status: 503, json: { message: "Down", code: "unavailable" } });
      });
      await page.reload();
      await details.waitFor();
      await expect.poll(() => stateField.locator("option").allTextContents()).toEqual(offered);
      expect(refused).toBeGreaterThan(0);
      await page.unroute(/\/api\/v1\/states\/load\b/);

      // The vehicle's renewal details.
      await page.getByLabel("État d'immatriculation").selectOption("LA");
      await page.getByLabel("Usage").selectOption("private");
      await page.getByLabel("Année de fabrication").fill("2016");
      await page.getByLabel("Cylindrée (cm³)").fill("1800");
      await page.getByRole("button", { name: "Enregistrer les détails" }).click();
      await page.getByText("Détails enregistrés.").waitFor();

      // The papers: each fee, the service charge, delivery (pickup at a park: nothing), tax, total.
      // Clicked, then polled: the choice lives in the URL, which React Router updates in a transition.
      for (const name of ["Licence du véhicule", "Certificat de contrôle technique"]) {
        const box = page.getByRole("checkbox", { name });
        await box.click();
        await expect.poll(() => box.isChecked()).toBe(true);
      }
      // The price the page must show: the server's quote of the same choices (the first pickup park).
      const options = await call<{ pickup_parks: { id: number }[] }>(
        token,
        "/marketplace/options?country=NG",
      );
      const quote = await call<VehicleDocQuote>(token, "/vehicle-docs/quote", {
        method: "POST",
        body: JSON.stringify({
          type: "vehicle_papers",
          vehicle_id: vehicle.id,
          documents: ["vehicle_licence", "roadworthiness"],
          delivery: { park_id: options.pickup_parks[0]!.id },
        }),
      });
      const money = (n: number) => formatMoney(n, "NGN", "fr");
      const total = page.getByTestId("vd-total");
      await total.waitFor();
      const lines = page.getByTestId("vd-quote");
      await expect.poll(() => lines.getByText("Licence du véhicule (frais administratifs)").count()).toBe(1);
      await expect
        .poll(() => lines.getByText("Certificat de contrôle technique (frais administratifs)").count())
        .toBe(1);
      await expect.poll(() => lines.getByText("Frais de service Parkwell").count()).toBe(1);
      await expect.poll(() => lines.getByText("Livraison").count()).toBe(1);
      // Each amount as the page writes it, spaces aside and ₦ for NGN: Chromium's ICU and Node's differ.
      const plain = (text: string) => text.replace(/\s/g, "").replace("NGN", "₦");
      const amounts = [
        ...quote.lines.map((l) => l.fee),
        quote.service_charge,
        quote.delivery_charge,
        quote.tax,
        quote.total,
      ].map((n) => plain(money(n)));
      await expect
        .poll(async () => (await lines.locator("dd").allTextContents()).map(plain))
        .toEqual(amounts);

      // A coupon for vehicle documents, made in the back office: its discount off the service charge.
      const admin = await fetch(`${baseURL}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ identifier: "admin@parkwell.test", password: "admin-parkwell-2026" }),
      });
      const adminToken = ((await admin.json()) as { access_token: string }).access_token;
      const coupon = `PAPERS${Date.now().toString(36).slice(-5).toUpperCase()}`;
      await call(adminToken, "/admin/marketplace/coupons", {
        method: "POST",
        body: JSON.stringify({
          country_code: "NG",
          code: coupon,
          name: "Papers",
          discount_type: "percentage",
          discount: 50,
          kinds: ["vehicle_docs"],
          start_local: "2020-01-01T00:00",
          end_local: "2099-12-31T23:59",
        }),
      });
      await page.getByLabel("Code promo").fill(coupon.toLowerCase());
      await page.getByRole("button", { name: "Appliquer" }).click();
      await page.getByText(`${coupon} vous fait économiser`, { exact: false }).waitFor();
      await expect
        .poll(() => lines.getByText(`Code promo ${coupon} (sur les frais de service)`).count())
        .toBe(1);
      await page.getByRole("button", { name: /^Payer .+ depuis mon portefeuille$/ }).click();
      await page.waitForURL(/\/vehicle-docs-renewal\/requests\/VD-[A-Z0-9]{6}$/);
      const code = page.url().split("/").at(-1)!;
      const heading = page.getByRole("heading", { level: 1, name: `Demande ${code}` });
      await heading.waitFor();
      // On the phone the code stays on one line (one box), never "VD-" then the rest.
      expect(await heading.locator(".nowrap-code").evaluate((el) => el.getClientRects().length)).toBe(1);
      await page.getByRole("heading", { name: "Et ensuite" }).waitFor();
      await expect.poll(() => page.getByTestId("vd-stage").textContent()).toBe("Envoyée");

      // The driver's current papers, a real PNG, right after paying.
      await page.getByLabel("Fichier", { exact: true }).setInputFiles({
        name: "papiers.png",
        mimeType: "image/png",
        buffer: PNG,
      });
      await page.getByRole("button", { name: "Envoyer le fichier" }).click();
      const files = page.getByTestId("vd-files");
      await expect.poll(() => files.getByText("Papiers actuels").count()).toBe(1);
      await expect
        .poll(() => files.getByRole("button", { name: "Télécharger Papiers actuels" }).count())
        .toBe(1);

      await page.getByRole("button", { name: "Annuler la demande" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Annuler la demande" }).click();
      await expect.poll(() => page.getByTestId("vd-stage").textContent()).toBe("Annulée");
      // The browser logs the 503 the states' request was answered with on purpose; nothing else.
      expect(problems.filter((p) => !p.includes("status of 503"))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
