import { otherMethods } from "@/lib/http/handler";

// Liveness: the process answers. It never touches the database, so a slow database cannot
// make a load balancer kill a healthy process.
export function GET() {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
