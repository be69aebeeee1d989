import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Scratch space for test data directories (git-ignored, wiped per run). */
export const tmpRoot = path.join(root, ".test-tmp");
export const pgliteTemplateDir = path.join(tmpRoot, "template-data-dir");
