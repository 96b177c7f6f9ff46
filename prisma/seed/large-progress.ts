/** A progress bar on stderr for each table the large seed loads (a line per update when not a TTY). */

export class Progress {
  private readonly started = Date.now();
  private lastPrint = 0;
  private lastDone = -1;
  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly quiet: boolean,
  ) {}

  update(done: number, force = false) {
    if (this.quiet || (force && this.lastDone === done)) return;
    const now = Date.now();
    if (!force && now - this.lastPrint < 200) return;
    this.lastPrint = now;
    this.lastDone = done;
    const width = 30;
    const filled = Math.round((done / this.total) * width);
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    const line = `  ${this.label.padEnd(12)} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done.toLocaleString("en-US").padStart(9)}/${this.total.toLocaleString("en-US")}  ${rate.toLocaleString("en-US").padStart(8)} rows/s  ${seconds.toFixed(1)}s`;
    process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
  }

  done() {
    this.update(this.total, true);
    if (!this.quiet && process.stderr.isTTY) process.stderr.write("\n");
  }
}
