import "server-only";
import { ApiError } from "../schema/errors";
import { columnOf } from "../schema/fields";
import { pageWindow, parsePage, type JsonPage, type Page } from "../schema/pagination";
import { readPage } from "../query/read-page";
import { companyIdOf } from "../schema/params";
import { requirePermission, type Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import { getDb, getEngine } from "../db/client";
import { findRow, type ListQuery, type RowQuery } from "../db/page";
import type { Company, CompanyListQuery, CompanySummary } from "./schema";
import { companySearchTerm, matchCompanies, planCompanySearch } from "./search";
import { COMPANY_ROW_COLUMNS, COMPANY_SUMMARY_FIELDS, serializeCompany, type CompanyRow } from "./serializer";

/**
 * The list behind GET /companies and the directory: companies by name, optionally searched
 * (lib/companies/search.ts) and filtered by HQ. Pure, so the benchmark's floor runs the same
 * statement (bench/floor.ts).
 */
export function companyList(query: CompanyListQuery): ListQuery<CompanySummary> {
  const page = pageWindow(query);
  const term = query.q ? companySearchTerm(query.q) : undefined;
  return {
    table: "companies",
    fields: COMPANY_SUMMARY_FIELDS,
    // A small table: reading whole rows in name order beats choosing ids first (lateLookup).
    lateLookup: false,
    where: (w) => {
      matchCompanies(w, term);
      // An empty value (`?country=`) means no filter, as an absent one.
      w.equals("t.country", query.country || undefined);
      w.equals("t.region", query.region || undefined);
    },
    plan: (w, knownCount) => planCompanySearch(w, term, knownCount, page),
    order: { column: "name", direction: "asc" },
    ...page,
  };
}

/** GET /companies: any signed-in caller may list names (spec 2.1). */
export async function listCompanies(caller: Caller, query: CompanyListQuery): Promise<JsonPage<CompanySummary>> {
  return readPage(companyList(query), query);
}

/** The dashboard's directory: the same filters and order, with every detail (needs `companies`). */
export async function listCompanyDirectory(caller: Caller, query: CompanyListQuery, origin = ""): Promise<Page<Company>> {
  requirePermission(caller, REQUIRES.viewCompany);
  // The list's own page (same filters, order and count), then the details of its rows.
  const page = parsePage(await listCompanies(caller, query));
  const rows = await getDb().company.findMany({ where: { id: { in: page.items.map((c) => c.id) } }, select: COMPANY_ROW_COLUMNS });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = page.items.flatMap((c) => {
    const row = byId.get(c.id);
    return row ? [serializeCompany(row, origin)] : [];
  });
  return { ...page, items };
}

/** The statement behind GET /companies/{company_id}: the company's detail columns. */
export function companyRow(companyId: string): RowQuery {
  const columns = Object.fromEntries(Object.keys(COMPANY_ROW_COLUMNS).map((field) => [field, columnOf(field)]));
  return { table: "companies", columns, id: companyId.toLowerCase() };
}

/** GET /companies/{company_id}. */
export async function getCompany(caller: Caller, companyId: string, origin = ""): Promise<Company> {
  companyIdOf(companyId);
  requirePermission(caller, REQUIRES.viewCompany);
  const row = await findRow<CompanyRow>(getEngine(), companyRow(companyId));
  if (!row) throw ApiError.notFound(`No company with id ${companyId}.`);
  return serializeCompany(row, origin);
}

/** Distinct HQ countries and regions, for the directory's filter menus. */
export async function listCompanyLocations(): Promise<{ country: string; region: string }[]> {
  return getDb().company.findMany({
    distinct: ["country", "region"],
    select: { country: true, region: true },
    orderBy: [{ country: "asc" }, { region: "asc" }],
  });
}
