// Debian Chromium and the flags that work on our machines (running as root:
// no sandbox; no background network, which the closed network refuses).
// Shared by the browser tests, the benchmarks and scripts/make-images.mjs.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
