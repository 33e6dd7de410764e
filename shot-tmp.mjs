import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const base = "http://127.0.0.1:4600";
async function ctx(width, height, lang) {
  const c = await b.newContext({ viewport: { width, height } });
  await c.addInitScript(([l]) => { localStorage.setItem("language", l); localStorage.setItem("selectedCountry", JSON.stringify({code:"NG",name:"Nigeria",id:1})); }, [lang]);
  return c;
}
async function login(p, email, pw) {
  await p.goto(base + "/auth"); await p.getByLabel(/Email|E-mail/).fill(email); await p.getByLabel(/Password|Mot de passe/).fill(pw);
  await Promise.all([p.waitForEvent("load"), p.getByRole("button", { name: /Log in|Se connecter/, exact: false }).first().click()]);
}
for (const [w,h,name] of [[390,844,"phone"],[1366,768,"desktop"]]) for (const lang of ["en","fr"]) {
  const c = await ctx(w,h,lang); const p = await c.newPage();
  await p.goto(base + "/help", { waitUntil: "networkidle" }); await p.screenshot({ path: `/tmp/shots/help-${lang}-${name}.png`, fullPage: true });
  await login(p, "attendant@parkwell.test", "check-cars-2026");
  await p.goto(base + "/admin/parks", { waitUntil: "networkidle" });
  const link = p.locator("a[href^='/admin/parks/']").first();
  if (await link.count()) { await link.click(); await p.waitForLoadState("networkidle"); }
  await p.screenshot({ path: `/tmp/shots/attpark-${lang}-${name}.png`, fullPage: true });
  await c.close();
}
await b.close();
