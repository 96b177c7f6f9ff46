import { z } from "zod";
import { zodMessage } from "./messages";

// Every message zod writes is ours (lib/schema/messages.ts): a field's own wording where its
// schema gives one, else these plain words for the generic cases, never zod's English (issue 30).
// Imported by every schema block below lib/schema, in the server and in the browser alike.
z.config({ customError: zodMessage });

// In the browser zod's JIT first probes `new Function("")`, which our CSP (no 'unsafe-eval',
// lib/security/headers.ts) refuses with a console warning; jitless parses the same way without
// the probe. The server keeps the JIT.
if (typeof window !== "undefined") z.config({ jitless: true });
