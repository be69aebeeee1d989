import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ command }) => ({
  resolve: {
    tsconfigPaths: true,
    alias: [
      // Recharts (staff charts only) reads d3-scale as a namespace object (`name in d3Scales`). From
      // the ES build that needs the bundler's namespace helper, which lives in the runtime chunk every
      // public page loads (+127 bytes on each); the CommonJS build of the same code uses the helpers
      // public pages already have. Public pages' JavaScript must not grow (decision 0008).
      {
        find: /^victory-vendor\/d3-scale$/,
        replacement: new URL("./node_modules/victory-vendor/lib/d3-scale.js", import.meta.url).pathname,
      },
    ],
  },
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    ssr: {
      // The server bundle starts at our own entry (env, lock, database,
      // Express) which imports React Router's virtual server build.
      build: { rollupOptions: { input: "./server/main.ts" } },
      // React and everything that renders with it is bundled and compiled for
      // production, so `npm start` renders with React's production build even
      // when the operator leaves NODE_ENV unset (a local install). Packages
      // with native, WASM or worker files stay external.
      resolve:
        command === "build"
          ? {
              noExternal: [
                /^react($|-dom|-router)/,
                /^@react-router\//,
                /^@radix-ui\//,
                /^@tanstack\//,
                /^@dnd-kit\//,
                "lucide-react",
                "scheduler",
              ],
            }
          : undefined,
      define: command === "build" ? { "process.env.NODE_ENV": JSON.stringify("production") } : undefined,
    },
  },
}));
