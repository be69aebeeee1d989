#!/usr/bin/env node
/* global document */
/**
 * Regenerates the raster brand assets in public/ from SVG/HTML sources.
 *
 *   node scripts/make-images.mjs
 *
 * Requires playwright-core (a devDependency) and a Chromium binary. By default
 * /usr/bin/chromium is used; set CHROMIUM_PATH to point somewhere else.
 * Nothing is downloaded: the OG image uses Figtree from
 * @fontsource-variable/figtree when installed, otherwise a system sans-serif.
 *
 * Inputs:  public/logo.svg, public/favicon.svg (hand-written sources)
 * Outputs: public/favicon.ico          16, 32 and 48 px PNGs in an ICO container
 *          public/apple-touch-icon.png 180x180, mark on the off-white background
 *          public/og-default.png       1200x630 social share image
 */
import { readFileSync, writeFileSync } from "node:fs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.js";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = fileURLToPath(new URL("..", import.meta.url));
const pub = (...p) => join(root, "public", ...p);

const BRAND = {
  teal: "#0e6b66",
  tealDark: "#0b4f4b",
  bg: "#fbf8f4",
  text: "#1f2a2e",
  accent: "#b4461f",
  muted: "#55656a",
};

const logoSvg = readFileSync(pub("logo.svg"), "utf8");
const faviconSvg = readFileSync(pub("favicon.svg"), "utf8");
/**
 * 16 px variant of the mark for the smallest ICO frame: pixel-snapped, no vein,
 * flat ground line (favicon.svg's details turn to mush at this size).
 */
const favicon16Svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" width="16" height="16">
  <rect width="16" height="16" rx="3.5" fill="#0e6b66"/>
  <path d="M8 1.5c2.2 2.4 3.4 5.6 3 8.6-.3 1.7-1.4 2.4-3 2.4s-2.7-.7-3-2.4c-.4-3 .8-6.2 3-8.6Z" fill="#fbf8f4"/>
  <rect x="7" y="11" width="2" height="3" fill="#fbf8f4"/>
  <rect x="3" y="13" width="10" height="1" rx=".5" fill="#fbf8f4"/>
</svg>`;
const dataUri = (svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

/** @font-face rule embedding Figtree (variable), or '' when the package is not installed. */
function figtreeFontFace() {
  try {
    const url = import.meta.resolve("@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2");
    const b64 = readFileSync(fileURLToPath(url)).toString("base64");
    return `@font-face{font-family:"Figtree";font-weight:100 900;font-style:normal;src:url(data:font/woff2;base64,${b64}) format("woff2");}`;
  } catch {
    console.warn("! @fontsource-variable/figtree not found; OG image falls back to a system font");
    return "";
  }
}

const page0 = (body, css = "") => `<!doctype html><html><head><meta charset="utf-8"><style>
  html,body{margin:0;padding:0}
  ${css}
</style></head><body>${body}</body></html>`;

/** A full-bleed image of an SVG at size x size, transparent around it. */
const svgPage = (svg, size) =>
  page0(
    `<img src="${dataUri(svg)}" width="${size}" height="${size}" style="display:block">`,
    "html,body{background:transparent}",
  );

const appleTouchPage = () =>
  page0(
    `<div class="wrap"><img src="${dataUri(logoSvg)}" width="132" height="132"></div>`,
    `html,body{background:${BRAND.bg}}
     .wrap{width:180px;height:180px;display:grid;place-items:center}
     img{display:block}`,
  );

/** Decorative cypress grove for the right-hand side of the OG image. */
const grove = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 420 630" width="420" height="630" aria-hidden="true">
  <circle cx="230" cy="300" r="190" fill="#e6f0ee"/>
  <g fill="${BRAND.teal}">
    <path d="M150 170c30 36 48 86 41 134-4 24-21 37-41 37s-37-13-41-37c-7-48 11-98 41-134Z" opacity=".35"/>
    <path d="M232 92c40 48 64 114 55 177-5 31-27 49-55 49s-50-18-55-49c-9-63 15-129 55-177Z"/>
    <path d="M318 196c25 30 40 71 34 110-3 20-17 30-34 30s-31-10-34-30c-6-39 9-80 34-110Z" opacity=".6"/>
  </g>
  <g stroke="${BRAND.bg}" stroke-width="7" stroke-linecap="round" fill="none">
    <path d="M232 150v200M232 205l26-23M232 250l-31-28M232 292l31-28"/>
  </g>
  <g stroke="${BRAND.teal}" stroke-width="8" stroke-linecap="round">
    <path d="M150 341v30" opacity=".35"/><path d="M232 318v52"/><path d="M318 336v32" opacity=".6"/>
  </g>
  <path d="M70 392c55-22 108-31 162-31s107 9 162 31" fill="none" stroke="${BRAND.accent}" stroke-width="7" stroke-linecap="round"/>
  <path d="M120 424c38-12 75-17 112-17s74 5 112 17" fill="none" stroke="${BRAND.accent}" stroke-width="5" stroke-linecap="round" opacity=".45"/>
</svg>`;

const ogPage = () =>
  page0(
    `<main>
      <section>
        <img class="mark" src="${dataUri(logoSvg)}" width="96" height="96" alt="">
        <h1>Cypress Lane<br>Behavioral Health</h1>
        <div class="rule"></div>
        <p class="tag">Psychiatry, Therapy &amp; Counseling<br>in Winter&nbsp;Park,&nbsp;FL</p>
        <p class="demo">Demo site — fictional clinic</p>
      </section>
      <div class="grove">${grove}</div>
      <div class="band"></div>
    </main>`,
    `${figtreeFontFace()}
     html,body{background:${BRAND.bg};width:1200px;height:630px;overflow:hidden}
     main{position:relative;width:1200px;height:630px;font-family:Figtree,system-ui,"Segoe UI",Roboto,"Liberation Sans",sans-serif;color:${BRAND.text}}
     section{position:absolute;left:88px;top:72px;width:720px}
     .mark{display:block;margin-bottom:30px}
     h1{margin:0;font-size:78px;line-height:1.04;font-weight:750;letter-spacing:-0.015em;color:${BRAND.tealDark}}
     .rule{width:84px;height:6px;border-radius:3px;background:${BRAND.accent};margin:30px 0 26px}
     .tag{margin:0;font-size:33px;line-height:1.3;font-weight:500;color:${BRAND.text}}
     .demo{margin:34px 0 0;font-size:22px;font-weight:500;color:${BRAND.muted}}
     .grove{position:absolute;right:24px;top:0}
     .band{position:absolute;left:0;right:0;bottom:0;height:14px;background:${BRAND.teal}}`,
  );

/** Builds an ICO file holding the given PNG images (PNG-in-ICO, Vista+). */
function buildIco(images /* [{ size, png }] */) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0); // width
    e.writeUInt8(size >= 256 ? 0 : size, 1); // height
    e.writeUInt8(0, 2); // palette colours
    e.writeUInt8(0, 3); // reserved
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(png.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(e);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});

try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });

  async function render(html, width, height, { transparent = false } = {}) {
    await page.setViewportSize({ width, height });
    await page.setContent(html, { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    return page.screenshot({
      type: "png",
      omitBackground: transparent,
      clip: { x: 0, y: 0, width, height },
    });
  }

  const icoImages = [];
  for (const size of [16, 32, 48]) {
    const svg = size === 16 ? favicon16Svg : faviconSvg;
    icoImages.push({ size, png: await render(svgPage(svg, size), size, size, { transparent: true }) });
  }
  write("favicon.ico", buildIco(icoImages));
  write("apple-touch-icon.png", await render(appleTouchPage(), 180, 180));
  write("og-default.png", await render(ogPage(), 1200, 630));
} finally {
  await browser.close();
}

function write(name, buf) {
  writeFileSync(pub(name), buf);
  console.log(`wrote public/${name} (${(buf.length / 1024).toFixed(1)} KB)`);
}
