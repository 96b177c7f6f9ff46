import { z } from "zod";

// In the browser zod's JIT first probes `new Function("")`, which our CSP (no 'unsafe-eval',
// lib/security/headers.ts) refuses with a console warning; jitless parses the same way without
// the probe. The server keeps the JIT. Imported by every schema block below lib/schema.
if (typeof window !== "undefined") z.config({ jitless: true });
