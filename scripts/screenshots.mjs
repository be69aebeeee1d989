#!/usr/bin/env node
/* global window, document */
/**
 * Screenshots of the public site for reviews (issue 20), into docs/screenshots/.
 *
 *   node scripts/screenshots.mjs                         # starts the production build on a fresh demo database
 *   node scripts/screenshots.mjs --url http://localhost:3000   # or reads a server already running
 *
 * Each page at 375 px (a phone) and 1280 px (a laptop), in Chromium through
 * playwright-core (/usr/bin/chromium, or CHROMIUM_PATH). Each image is the top
 * SCREENS windows of the page at 1x, so it stays small (well under 300 KB),
 * not the whole long page. The started server builds first when the build is
 * missing or stale (server.js), uses a temporary data directory and is
 * stopped at the end.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = join(root, "docs", "screenshots");

export const PAGES = [
  { name: "home", path: "/" },
  { name: "clinician", path: "/team/maya-ellison" },
  { name: "insurance", path: "/insurance" },
  { name: "location", path: "/locations/winter-park" },
];
export const WIDTHS = [
  { name: "375", width: 375, height: 812 },
  { name: "1280", width: 1280, height: 800 },
];
/** How many windows of the page each image shows. */
const SCREENS = 2;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "screenshots-"));
  const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(root, "server.js")], { cwd: root, env, stdio: "inherit" });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000; // a first build can take a few minutes
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("server did not start within 5 minutes");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const urlArg = process.argv.indexOf("--url");
  const server = urlArg > 0 ? { url: process.argv[urlArg + 1], stop: async () => {} } : await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  mkdirSync(outDir, { recursive: true });
  try {
    for (const size of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        deviceScaleFactor: 1,
        reducedMotion: "reduce",
      });
      const page = await context.newPage();
      // The site's font is font-display: optional (a first visit may show the fallback): visit once to cache it.
      await page.goto(server.url, { waitUntil: "networkidle" });
      for (const { name, path } of PAGES) {
        await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
        await page.evaluate(() => document.fonts.ready);
        // Sections below the first screen are laid out when near it (decision 0019): scroll through, then back.
        for (let screen = 1; screen < SCREENS; screen++) {
          await page.evaluate((y) => window.scrollTo(0, y), screen * size.height);
          await page.waitForTimeout(150);
        }
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(150);
        const file = join(outDir, `${name}-${size.name}.png`);
        await page.screenshot({
          path: file,
          fullPage: true,
          clip: { x: 0, y: 0, width: size.width, height: size.height * SCREENS },
        });
        console.log(`wrote ${file}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
