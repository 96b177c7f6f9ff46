import { otherMethods } from "@/lib/http/handler";
import { readiness } from "@/lib/health/readiness";

export const dynamic = "force-dynamic";

// Readiness: 200 when the database answers and every migration is applied, else 503.
export async function GET() {
  const state = await readiness();
  return Response.json(state, { status: state.ready ? 200 : 503, headers: { "cache-control": "no-store" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
