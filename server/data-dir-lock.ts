import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no cross-process lock: a second process on the same directory
 * silently loses writes. We hold a lock file with our pid, created with
 * O_EXCL; a lock left by a process that no longer runs (crash, SIGKILL) is
 * taken over.
 */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    message: string,
    /** The process holding the lock, when known. */
    readonly holderPid?: number,
  ) {
    super(message);
  }
}

export interface DataDirLock {
  path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(path.resolve(dataDir), ".server.lock");

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx", 0o600);
      fs.writeSync(fd, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }));
      fs.closeSync(fd);
      let released = false;
      return {
        path: lockPath,
        release() {
          if (released) return;
          released = true;
          try {
            const owner = JSON.parse(fs.readFileSync(lockPath, "utf8"));
            if (owner.pid === process.pid) fs.unlinkSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }

    let owner: { pid?: number } = {};
    try {
      owner = JSON.parse(fs.readFileSync(lockPath, "utf8"));
    } catch {
      // Unreadable or half-written: treat as stale.
    }
    if (owner.pid && owner.pid !== process.pid && isAlive(owner.pid)) {
      throw new DataDirLockedError(
        `The data directory ${path.resolve(dataDir)} is in use by another server process (pid ${owner.pid}). ` +
          `Stop that process first, or start this one with a different DATA_DIR (or DATABASE_URL).`,
        owner.pid,
      );
    }
    fs.rmSync(lockPath, { force: true });
  }
  throw new DataDirLockedError(`Could not take the lock on ${path.resolve(dataDir)}; try again.`);
}
