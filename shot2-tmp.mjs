import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const base = "http://127.0.0.1:4600";
for (const lang of ["en", "fr"]) {
const c = await b.newContext({ viewport: { width: 1366, height: 768 } });
await c.addInitScript(([l]) => { localStorage.setItem("language", l); localStorage.setItem("selectedCountry", JSON.stringify({code:"NG",name:"Nigeria",id:1})); }, [lang]);
const p = await c.newPage();
await p.goto(base + "/auth"); await p.getByLabel(/Email|E-mail/).fill("attendant@parkwell.test"); await p.getByLabel(/Password|Mot de passe/).fill("check-cars-2026");
await Promise.all([p.waitForEvent("load"), p.getByRole("button", { name: /Log in|Se connecter/ }).first().click()]);
await p.goto(base + "/admin/parks", { waitUntil: "networkidle" });
await p.locator("a[href^='/admin/parks/']").first().click(); await p.waitForLoadState("networkidle");
const h = p.getByRole("heading", { name: /Opening hours|Horaires/ }).first();
await h.evaluate((el) => el.scrollIntoView({ block: 'start' }));
await p.waitForTimeout(300);
await p.screenshot({ path: `/tmp/shots/att-hours-${lang}.png` });
await c.close();
}
await b.close();
