// Entry point. `npm start` serves the production build (building it first when
// it is missing or older than the sources); `npm run dev` runs Vite with HMR.
import { buildIfStale, loadDotEnv, projectRoot, serverBuild } from "./scripts/production-build.js";

loadDotEnv();

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
  if (!buildIfStale()) process.exit(1);
  const { start } = await import(serverBuild);
  await start();
}
