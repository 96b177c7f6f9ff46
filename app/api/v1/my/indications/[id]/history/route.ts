import { apiRoute, readOnly } from "@/lib/api/handler";
import { buildJsonPage, toListBody } from "@/lib/api/pagination";
import { historyParamsSchema, parseQuery } from "@/lib/api/params";
import { resourceHistory } from "@/lib/audit/events";
import { getDb } from "@/lib/db/client";
import { getIndication } from "@/lib/indications/commands";

export const GET = apiRoute<{ id: string }>(async ({ url, caller, params }) => {
  const query = parseQuery(historyParamsSchema, url.searchParams);
  if (!query.ok) throw query.error;
  // 404 for an unknown or another team's indication, before anything of its history.
  const { resource } = await getIndication(caller, params.id);
  const page = await resourceHistory(getDb(), caller.teamId, resource.id, query.value);
  return toListBody("events", buildJsonPage(JSON.stringify(page.items), query.value, page.total));
});

export const { POST, PUT, PATCH, DELETE } = readOnly;
