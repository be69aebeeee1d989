// Entry point. `npm start` serves the production build (building it first when
// it is missing or older than the sources); `npm run dev` runs Vite with HMR.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));

// A .env file next to this one is read when present (variables already set win).
if (fs.existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
const serverBuild = path.join(root, "build", "server", "index.js");

function newestMtime(target) {
  let newest = 0;
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function buildIsStale() {
  const built = fs.statSync(serverBuild, { throwIfNoEntry: false });
  if (!built) return true;
  const sources = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];
  return sources.some((source) => newestMtime(path.join(root, source)) > built.mtimeMs);
}

if (process.env.NODE_ENV === "development") {
  const vite = await import("vite");
  const devServer = await vite.createServer({ root, server: { middlewareMode: true } });
  const { start } = await devServer.ssrLoadModule("/server/main.ts");
  await start({
    vite: {
      middleware: devServer.middlewares,
      loadBuild: () => devServer.ssrLoadModule("virtual:react-router/server-build"),
    },
  });
} else {
  if (buildIsStale()) {
    console.log("Building the site (the build is missing or older than the sources)…");
    const result = spawnSync(
      process.execPath,
      [path.join(root, "node_modules", "@react-router", "dev", "bin.js"), "build"],
      {
        cwd: root,
        stdio: "inherit",
        env: { ...process.env, NODE_ENV: "production" },
      },
    );
    if (result.status !== 0) {
      console.error("The build failed; see the messages above.");
      process.exit(1);
    }
  }
  const { start } = await import(serverBuild);
  await start();
}
