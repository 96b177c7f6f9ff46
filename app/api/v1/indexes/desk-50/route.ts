import { readOnly } from "@/lib/http/handler";
import { etagResponse } from "@/lib/http/list-response";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { deskIndex } from "@/lib/marks/desk50-queries";

export const GET = operationRoute(OPERATIONS.getDeskIndex, async ({ request, input }) => etagResponse(request, await deskIndex(input)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
