/** The command line of `npm run bench`; bench/run.ts's header says what each option does. */

export interface Options {
  smoke: boolean;
  duration: number;
  connections: number[];
  build: boolean;
  /** Copy the checkout's own `.next` into the staging copy instead of building (--reuse-build). */
  reuseBuild: boolean;
  /** Measure the floor beside ours and the ceiling (--no-floor: A/B runs, where only ours/ceiling counts). */
  floor: boolean;
  /** How many times ours and the ceiling are measured per read row, alternating (--pairs). */
  pairs: number;
  pages: boolean;
  writes: boolean;
  exports: boolean;
  exportsOnly: boolean;
  only: RegExp | null;
  /** Live streams held open through the reads (--streams; bench/streams.ts). */
  streams: number;
  /** Audit events delivered to a local webhook receiver after the reads (--webhooks; bench/webhooks.ts). */
  webhooks: number;
  port: number;
  out: string | null;
}

export function parseOptions(argv: string[]): Options {
  const smoke = argv.includes("--smoke");
  const options: Options = {
    smoke,
    duration: smoke ? 0.5 : 8,
    // A smoke run checks that every endpoint answers, under load: the single-connection row is the full run's.
    connections: smoke ? [32] : [1, 32],
    build: true,
    reuseBuild: false,
    floor: true,
    pairs: 1,
    pages: true,
    writes: true,
    exports: true,
    exportsOnly: false,
    only: null,
    streams: smoke ? 20 : 500,
    webhooks: smoke ? 500 : 10_000,
    port: 3900,
    out: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === "--smoke") continue;
    else if (arg === "--duration") options.duration = Number(value());
    else if (arg === "--connections") options.connections = value().split(",").map(Number);
    else if (arg === "--no-build") options.build = false;
    else if (arg === "--reuse-build") options.reuseBuild = true;
    else if (arg === "--no-floor") options.floor = false;
    else if (arg === "--pairs") options.pairs = Number(value());
    else if (arg === "--no-pages") options.pages = false;
    else if (arg === "--no-writes") options.writes = false;
    else if (arg === "--no-exports") options.exports = false;
    else if (arg === "--exports-only") options.exportsOnly = true;
    else if (arg === "--only") options.only = new RegExp(value());
    else if (arg === "--streams") options.streams = Number(value());
    else if (arg === "--webhooks") options.webhooks = Number(value());
    else if (arg === "--port") options.port = Number(value());
    else if (arg === "--out") options.out = value();
    else throw new Error(`unknown option ${arg} (see the header of bench/run.ts)`);
  }
  if (options.reuseBuild && !options.build) throw new Error("--reuse-build and --no-build: choose one");
  if (!Number.isInteger(options.pairs) || options.pairs < 1) throw new Error("--pairs must be a positive integer");
  if (!Number.isInteger(options.streams) || options.streams < 0) throw new Error("--streams must be a whole number");
  if (!Number.isInteger(options.webhooks) || options.webhooks < 0) throw new Error("--webhooks must be a whole number");
  return options;
}
