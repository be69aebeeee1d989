// Entry point. `npm start` serves the production build (building it first when
// it is missing or older than the sources); `npm run dev` runs Vite with HMR.
import { buildIfStale, loadDotEnv, projectRoot, serverBuild } from "./scripts/production-build.js";

loadDotEnv();

// Under `npm start` (or `npm run dev`) npm is our parent (its script runs us with `exec`): npm passes
// Ctrl-C and SIGTERM on to us, but npm killed outright passes nothing on. Then this process is
// handed to another parent, and stops as on SIGTERM (finishing its requests and releasing the data
// directory's lock) instead of running on unseen. Only once the server listens for SIGTERM, and only
// while nothing has stopped it yet (a second SIGTERM would cut its shutdown short).
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent || process.listenerCount("SIGTERM") === 0) return;
    clearInterval(watch);
    process.kill(process.pid, "SIGTERM");
  }, 500);
  watch.unref();
}

if (process.env.NODE_ENV === "development") {
  const vite = await import("vite");
  const devServer = await vite.createServer({ root: projectRoot, server: { middlewareMode: true } });
  const { start } = await devServer.ssrLoadModule("/server/main.ts");
  await start({
    vite: {
      middleware: devServer.middlewares,
      loadBuild: () => devServer.ssrLoadModule("virtual:react-router/server-build"),
    },
  });
} else {
  if (!(await buildIfStale())) process.exit(1);
  const { start } = await import(serverBuild);
  await start();
}
