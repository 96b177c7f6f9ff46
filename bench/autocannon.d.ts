// The subset of autocannon's programmatic API used by the benches (the package ships no types).
declare module "autocannon" {
  /** One request of the sequence each connection loops over; `setupRequest` may rewrite it per request. */
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
    /** Requests a second over all connections (unset: as fast as they go). */
    overallRate?: number;
    requests?: Request[];
  }
  interface Histogram {
    average: number;
    mean: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }
  /** A run still going; `stop()` ends it early and its callback gets the results so far. */
  interface Instance {
    stop(): void;
  }
  function autocannon(options: Options): Promise<Result>;
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
