import { spawnSync } from "node:child_process";
import path from "node:path";
import baseSetup from "./global-setup";
import { root } from "./paths";

/** The e2e run tests the production build: build once, then prepare databases. */
export default async function setup() {
  if (!process.env.SKIP_BUILD) {
    const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) throw new Error("the production build failed");
  }
  return baseSetup();
}
