import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

const RUN_DIR_ENV = "CLINIC_TEST_RUN_DIR";

/** Chooses this run's scratch folder (called once, by the global setup). */
export function startRun(): string {
  const dir = path.join(root, ".test-tmp", `run-${process.pid}-${Date.now()}`);
  process.env[RUN_DIR_ENV] = dir;
  return dir;
}

/** Scratch space for this run's data directories (git-ignored, removed at the end). */
export function tmpRoot(): string {
  const dir = process.env[RUN_DIR_ENV];
  if (!dir) throw new Error(`${RUN_DIR_ENV} is not set: the global setup did not run`);
  return dir;
}

export function pgliteTemplateDir(): string {
  return path.join(tmpRoot(), "template-data-dir");
}
