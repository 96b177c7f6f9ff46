import "server-only";
import { pageWindow, parsePage, type JsonPage, type Page } from "../schema/pagination";
import { readPage } from "../schema/read-page";
import { companyIdOf, noSuchCompany } from "../schema/params";
import { requirePermission, type Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import { getDb, getEngine } from "../db/client";
import { readItem, type ItemKey, type ItemSource } from "../db/item";
import type { ApiFields } from "../db/json-sql";
import type { ListQuery, OrderBy } from "../db/list-query";
import { ApiError } from "../schema/errors";
import { col, type Filters } from "../db/sql";
import type { Company as CompanyRow } from "../generated/kysely/tables";
import { sql, type SqlBool } from "kysely";
import { detailParamOf, HQ_PARAMS, markParamOf, type Company, type CompanyDirectoryItem, type CompanyListQuery, type CompanySummary } from "./schema";
import { companySearchTerm, matchCompanies, planCompanySearch } from "./search";
import { COMPANY_FIELDS, COMPANY_LOGOS, COMPANY_SUMMARY_FIELDS, DIRECTORY_COMPUTED, DIRECTORY_FIELDS } from "./serializer";

/**
 * The `following` filter: the ids the caller follows (lib/watchlist/), given as values, so the
 * count and the pages are cached under the followed set itself and a follow changes their key.
 */
function matchFollowing(w: Filters<CompanyRow>, following: boolean | undefined, followed: readonly string[]): void {
  if (following === undefined) return;
  const test = following ? "IN" : "NOT IN";
  w.add(`id ${test} followed ${followed.length}`, followed, (ids) =>
    // No company is among none, every company is outside none.
    ids.length === 0 ? sql<SqlBool>`${sql.raw(following ? "FALSE" : "TRUE")}` : sql<SqlBool>`${col("id")} ${sql.raw(test)} (${sql.join(ids)})`,
  );
}

/** The columns the mark sorts read (lib/companies/mark-columns.ts): nullable, companies without a mark last either way. */
const MARK_SORT_COLUMNS = { mark: "mark_price", change_30d: "mark_ratio_30d" } as const;

function orderOf(sort: CompanyListQuery["sort"]): OrderBy {
  if (sort.field === "name") return { column: "name", direction: sort.direction };
  return { column: MARK_SORT_COLUMNS[sort.field], direction: sort.direction, nullable: true, field: sort.field };
}

/** The directory's rows, whichever fields a page shows of them; `followed`: the caller's followed ids. */
function directory<T>(query: CompanyListQuery, fields: ApiFields<T>, followed: readonly string[]): ListQuery<T, "companies"> {
  const page = pageWindow(query);
  const term = query.q ? companySearchTerm(query.q) : undefined;
  return {
    table: "companies",
    fields,
    // The mark columns' writes bump `company_marks` alone (lib/marks/current.ts): a list that
    // reads them keeps its count and page starts under it, so a moved mark is never sorted stale.
    ...(markParamOf(query) !== undefined && { counter: "company_marks" as const }),
    // A small table: reading whole rows in name order beats choosing ids first (lateLookup).
    lateLookup: false,
    where: (w) => {
      matchCompanies(w, term);
      // An empty value (`?country=`) means no filter, as an absent one.
      w.equals("country", query.country || undefined);
      w.equals("region", query.region || undefined);
      matchFollowing(w, query.following, followed);
      w.between("mark_price", query.mark_min, query.mark_max);
      w.between("mark_ratio_30d", query.change_30d_min, query.change_30d_max);
    },
    plan: (w, knownCount) => planCompanySearch(w, term, knownCount, page),
    // Either direction reads the (name, id) index (a search's candidates are sorted: few); a mark
    // sort its own index per direction (migration 20261206000000_company_marks).
    order: orderOf(query.sort),
    ...page,
  };
}

/**
 * The list behind GET /companies: companies by name (A to Z unless sorted), optionally searched (lib/companies/search.ts)
 * and filtered by HQ. Pure, so the benchmark's floor runs the same statement (bench/floor.ts).
 */
export function companyList(query: CompanyListQuery, followed: readonly string[] = []): ListQuery<CompanySummary, "companies"> {
  return directory(query, COMPANY_SUMMARY_FIELDS, followed);
}

/**
 * Any signed-in caller may list names (spec 2.1), but only one with `companies` may filter them by
 * their headquarters or sort or filter them by their marks, which would tell those details (403
 * naming the parameter).
 */
export function requireDetailsAllowed(caller: Caller, query: CompanyListQuery): void {
  const param = detailParamOf(query);
  if (param === undefined || caller.permissions.includes(REQUIRES.viewCompany.permission)) return;
  if ((HQ_PARAMS as readonly string[]).includes(param)) {
    throw new ApiError("forbidden", `Filtering companies by their headquarters (${param}) requires the "${REQUIRES.viewCompany.permission}" permission.`, param);
  }
  const what = param === "sort" ? `sort=${query.sort.direction === "desc" ? "-" : ""}${query.sort.field}` : param;
  throw new ApiError("forbidden", `Sorting or filtering companies by their marks (${what}) requires the "${REQUIRES.viewMarket.permission}" permission.`, param);
}

/** GET /companies: any signed-in caller may list names (spec 2.1); by details, see requireDetailsAllowed. */
export async function listCompanies(caller: Caller, query: CompanyListQuery, followed: readonly string[] = []): Promise<JsonPage<CompanySummary>> {
  requireDetailsAllowed(caller, query);
  return readPage(companyList(query, followed), query);
}

/** The dashboard's directory: the same list with every detail of a company and its mark (needs `companies`). */
export async function listCompanyDirectory(caller: Caller, query: CompanyListQuery, followed: readonly string[] = [], origin = ""): Promise<Page<CompanyDirectoryItem>> {
  requirePermission(caller, REQUIRES.viewCompany);
  const list = { ...directory(query, DIRECTORY_FIELDS, followed), computed: DIRECTORY_COMPUTED, values: { origin }, viewer: `origin ${origin}` };
  return parsePage(await readPage(list, query));
}

/** Where GET /companies/{company_id} reads a company: as a directory row shows it. */
export const COMPANY_ITEM: ItemSource<Company> = { table: "companies", fields: COMPANY_FIELDS, computed: COMPANY_LOGOS };

/** The company `companyId` with its logos' URLs under `origin`. */
export function companyKey(companyId: string, origin: string): ItemKey {
  return { id: companyId.toLowerCase(), values: { origin } };
}

/** GET /companies/{company_id}. */
export async function getCompany(caller: Caller, companyId: string, origin = ""): Promise<Company> {
  requirePermission(caller, REQUIRES.viewCompany);
  const engine = getEngine();
  const found = await readItem(engine.run, engine.dialect, COMPANY_ITEM, companyKey(companyIdOf(companyId), origin));
  if (!found) throw noSuchCompany(companyId);
  return found.item;
}

/** Distinct HQ countries and regions, for the directory's filter menus. */
export async function listCompanyLocations(): Promise<{ country: string; region: string }[]> {
  return getDb().company.findMany({
    distinct: ["country", "region"],
    select: { country: true, region: true },
    orderBy: [{ country: "asc" }, { region: "asc" }],
  });
}
