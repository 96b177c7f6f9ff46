import pino from "pino";

/**
 * The process's one logger: JSON lines on stdout (pino), at LOG_LEVEL (trace, debug, info, warn,
 * error, fatal, silent; default info). server/main.mjs writes the same fields for the requests it
 * refuses before Next.js. Never log headers, bodies or query strings: they may carry secrets.
 */
export const logger = pino(
  { level: process.env.LOG_LEVEL ?? "info", base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime },
  // Each line written as it is logged (pino's blocking mode): its default hands every line to a
  // worker thread, which cost more than the line itself (docs/performance-decisions.md, "Request log"), and a
  // crash loses nothing.
  pino.destination({ dest: 1, sync: true }),
);

export interface RequestLogFields {
  id: string;
  method: string;
  route: string;
  status: number;
  duration_ms: number;
  caller?: string;
  via?: string;
}

/** The one line per API request: a 5xx at level error, everything else at info. */
export function logRequest(fields: RequestLogFields): void {
  if (fields.status >= 500) logger.error(fields, "request");
  else logger.info(fields, "request");
}
