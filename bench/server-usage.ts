/**
 * What a server costs the machine while the bench (bench/run.ts) drives it: the resident memory
 * and CPU time of the processes its launcher (`npm run serve`) started, read from Linux /proc.
 */
import fs from "node:fs";

/** The processes a launcher started, at any depth (Linux /proc): the server that `npm run serve` starts, and the shell between them. */
function descendants(launcher: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // gone
    }
  }
  const found: number[] = [];
  const stack = [...(children.get(launcher) ?? [])];
  while (stack.length) {
    const p = stack.pop()!;
    found.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return found;
}

/** Resident memory of a launcher's descendants, in bytes (not npm itself, which only waits). */
export function descendantsRss(launcher: number): number {
  let total = 0;
  for (const p of descendants(launcher)) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"));
      if (match) total += Number(match[1]) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

/** CPU time (user + system) a launcher's descendants have used, in ms (/proc/<pid>/stat, in clock ticks of 10 ms). */
export function descendantsCpuMs(launcher: number): number {
  let ticks = 0;
  for (const p of descendants(launcher)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks * 10;
}

export class RssSampler {
  peak = 0;
  windowPeak = 0;
  private timer: NodeJS.Timeout;
  constructor(private readonly launcher: number) {
    this.timer = setInterval(() => this.sample(), 200);
    this.timer.unref();
  }
  sample() {
    const rss = descendantsRss(this.launcher);
    this.peak = Math.max(this.peak, rss);
    this.windowPeak = Math.max(this.windowPeak, rss);
  }
  resetWindow() {
    this.windowPeak = 0;
  }
  stop() {
    clearInterval(this.timer);
  }
}

/** Bytes as the tables show them. */
export const mb = (bytes: number) => Math.round(bytes / 1048576);
