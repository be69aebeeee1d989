// `npm run staff -- <command>`: staff accounts from the command line (first
// administrator, getting back in). `npm run staff -- --help` lists the commands.
// Runs from the production server bundle, built first when stale; the build's
// messages go to stderr so stdout carries only the command's answer.
import { buildIfStale, loadDotEnv, serverBuild } from "./production-build.js";

loadDotEnv();
if (!(await buildIfStale({ output: "stderr" }))) process.exit(1);
const { runStaffCli } = await import(serverBuild);
const code = await runStaffCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
// PGlite and a paused standard input may keep the event loop alive: the answer is written, so end here.
process.exit(code);
