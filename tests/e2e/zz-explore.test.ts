import { it } from "vitest";
import { launchBrowser, openPage } from "../setup/browser";
import { startServer } from "../setup/server";
it("explore", async () => {
  const server = await startServer(); const browser = await launchBrowser();
  const { page } = await openPage(browser);
  await page.goto(server.url + "/");
  await page.waitForFunction(() => Object.keys(document.querySelector("h1")!).some(k => k.startsWith("__reactFiber")));
  await page.getByLabel("Full name").fill("   "); await page.getByLabel("Email", {exact:true}).fill("a@b.co"); await page.getByLabel("Phone").fill("  ");
  await page.getByLabel("Phone").press("Enter");
  await page.waitForTimeout(500);
  console.log(await page.evaluate(() => document.querySelector('[aria-label^="Notifications"]')?.outerHTML));
  console.log(await page.evaluate(() => [...document.querySelectorAll('[role=status]')].map(e => e.outerHTML.slice(0,300))));
  console.log(await page.locator('body').ariaSnapshot());
  await browser.close(); await server.stop();
}, 60000);
