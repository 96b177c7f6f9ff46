import type { z } from "zod";
import { bodyWithoutQuery, noBody, parseBody, readJsonBody } from "../schema/body";
import { ApiError } from "../schema/errors";
import { noQuery, parseQuery } from "../schema/params";
import { apiRoute, type ApiContext } from "./handler";
import { errorStatusesOf, type Operation } from "./operations";

/** `{ id: string; delivery_id: string }` of `/my/webhooks/{id}/deliveries/{delivery_id}/redeliver`. */
type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
type ParamsOf<Path extends string> = { [Name in ParamNames<Path>]: string };

/** What the handler is given as `input`: the parsed query, the parsed body, or nothing. */
export type InputOf<O extends Operation> = O extends { query: z.ZodType } ? z.output<O["query"]> : O extends { body: { schema: z.ZodType } } ? z.output<O["body"]["schema"]> : void;

type Context<O extends Operation> = ApiContext<ParamsOf<O["path"]>> & { input: InputOf<O> };

/** The declared input, read as declared: the query, the JSON body, or neither (a parameter or a body is then a 400). */
function readerOf(operation: Operation): (ctx: { request: Request; url: URL }) => unknown {
  const { query, body } = operation;
  if (query) {
    return ({ url }) => {
      const parsed = parseQuery(query, url.searchParams);
      if (!parsed.ok) throw parsed.error;
      return parsed.value;
    };
  }
  if (body) {
    const options = { optional: body.optional, mergePatch: body.mergePatch };
    return ({ request, url }) => bodyWithoutQuery(url, async () => parseBody(body.schema, await readJsonBody(request, options), body.refused));
  }
  return operation.method === "GET" ? ({ url }) => noQuery(url) : noBody;
}

/**
 * The route of a declared operation (lib/http/operations.ts): apiRoute with its permission and its
 * input read as declared, the handler given the parsed input. An ApiError of the handler's whose
 * status the declaration does not give it is a bug of ours, answered as one (a 500, logged with
 * what is missing): the OpenAPI document lists every error the operation answers.
 */
export function operationRoute<const O extends Operation>(operation: O, handler: (ctx: Context<O>) => Promise<unknown>) {
  const read = readerOf(operation);
  const statuses = new Set(errorStatusesOf(operation));
  const run = async (ctx: Context<O>) => {
    try {
      return await handler(ctx);
    } catch (error) {
      if (!(error instanceof ApiError) || statuses.has(error.status)) throw error;
      throw new Error(`${operation.method} ${operation.path} answered ${error.code} (${error.status}), which lib/http/operations.ts does not declare for it`, { cause: error });
    }
  };
  type Params = ParamsOf<O["path"]>;
  const route = operation.requires
    ? apiRoute<Params, InputOf<O>>({ requires: operation.requires, input: read as (ctx: ApiContext<Params>) => InputOf<O> }, run)
    : apiRoute<Params>(async (ctx) => {
        // Awaited only when pending (docs/performance-decisions.md, "Promises per request").
        const input = read(ctx);
        return run({ ...ctx, input: (input instanceof Promise ? await input : input) as InputOf<O> });
      });
  return Object.assign(route, { operation });
}

/** A route served outside apiRoute (the public document), marked with its declaration all the same. */
export function publicRoute<F extends (request: Request) => Promise<Response>>(operation: Operation & { public: true }, route: F): F & { operation: Operation } {
  return Object.assign(route, { operation });
}
