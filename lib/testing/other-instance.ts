/**
 * A second instance of the app for the live stream's tests (app/api/v1/live-stream.test.ts): in a
 * process of its own, creates one indication as the API key's owner through the same command the
 * API calls, waits until the change is announced to the other instances, and exits.
 * Usage: tsx --conditions=react-server lib/testing/other-instance.ts <api key> <json body>
 */
import { resolveCaller } from "@/lib/auth/caller";
import { createIndication } from "@/lib/indications/commands";
import { indicationCreateSchema } from "@/lib/indications/write-schema";
import { parseBody } from "@/lib/schema/body";
import { announced } from "@/lib/live/bus";

async function main(): Promise<void> {
  const [key, body] = process.argv.slice(2);
  const caller = await resolveCaller(new Request("http://localhost/", { headers: { authorization: `Bearer ${key}` } }));
  await createIndication(caller, parseBody(indicationCreateSchema, JSON.parse(body)));
  await announced();
}

void main().then(() => process.exit(0));
