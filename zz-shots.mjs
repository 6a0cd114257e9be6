import { chromium } from "@playwright/test";
const base = process.env.BASE ?? "http://127.0.0.1:3254";
const pages = JSON.parse(process.env.PAGES);
const out = process.env.OUT ?? "/tmp/shots";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
for (const theme of (process.env.THEMES ?? "dark,light").split(",")) {
  for (const width of (process.env.WIDTHS ?? "1440,390").split(",").map(Number)) {
    const ctx = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 }, javaScriptEnabled: process.env.NOJS !== "1" });
    await ctx.addCookies([{ name: "kubex_theme", value: theme, url: base }]);
    const p = await ctx.newPage();
    await p.goto(base + "/login");
    await p.getByLabel("User name").fill("admin");
    await p.getByLabel("Password").fill("kubex-admin");
    await p.getByRole("button", { name: /sign in/i }).click();
    await p.waitForURL(/kubex/);
    for (const [name, url] of Object.entries(pages)) {
      await p.goto(base + url);
      if (process.env.NOJS !== "1") await p.locator("html[data-hydrated=true]").waitFor({ state: "attached" }).catch(() => {});
      await p.screenshot({ path: `${out}/${name}-${theme}-${width}.png`, fullPage: process.env.FULL === "1" });
    }
    await ctx.close();
  }
}
await browser.close();
