// Loaded into a benchmarked server with `node --import ./bench/stall-probe.js`: records each time this
// process's event loop came back more than 3 ms late to a 1 ms timer (a stretch in which nothing else,
// a visitor's request included, could run), as "<epoch ms> <ms late>" lines in
// $BENCH_STALL_DIR/stalls-<pid>.log, written once a second. Child processes inherit the flag and the
// setting, and write their own files. Costs one timer a millisecond.
import fs from "node:fs";
import path from "node:path";

const dir = process.env.BENCH_STALL_DIR;
if (dir) {
  const file = path.join(dir, `stalls-${process.pid}.log`);
  const found = [];
  let last = performance.now();
  const tick = () => {
    const now = performance.now();
    const late = now - last - 1;
    if (late > 3) found.push(`${Date.now()} ${late.toFixed(1)}`);
    last = now;
    setTimeout(tick, 1).unref();
  };
  setTimeout(tick, 1).unref();
  const flush = () => {
    if (found.length > 0) fs.appendFileSync(file, found.splice(0).join("\n") + "\n");
  };
  setInterval(flush, 1000).unref();
  process.once("exit", flush);
}
