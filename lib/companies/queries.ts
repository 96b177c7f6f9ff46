import { ApiError } from "../api/errors";
import { buildJsonPage, parsePage, type JsonPage, type Page } from "../api/pagination";
import { isUuid } from "../api/params";
import { confirmCaller, requirePermission, type Caller } from "../auth/caller";
import { getDb, getDbKind, sqlRunner } from "../db/client";
import { companyDetailSql, companyPageInput, listCacheFor, runPage } from "../db/list-sql";
import type { Company, CompanyListQuery, CompanySummary } from "./schema";
import { companySearchTerm } from "./search";
import { COMPANY_ROW_COLUMNS, serializeCompany, type CompanyRow } from "./serializer";

/**
 * GET /companies: any signed-in caller may list names (spec 2.1). One SQL statement per page with a
 * version-checked cached count (lib/db/list-sql.ts; why: docs/performance.md).
 */
export async function listCompanies(caller: Caller, query: CompanyListQuery): Promise<JsonPage<CompanySummary>> {
  const db = getDb();
  const term = query.q ? companySearchTerm(query.q) : undefined;
  const page = await runPage(sqlRunner(db), listCacheFor(db), companyPageInput(getDbKind(), query, term));
  confirmCaller(caller, page.authVersion);
  return buildJsonPage(page.itemsJson, query, page.total);
}

/** The dashboard's directory: the same filters and order, with every detail (needs `companies`). */
export async function listCompanyDirectory(caller: Caller, query: CompanyListQuery, origin = ""): Promise<Page<Company>> {
  requirePermission(caller, "companies", "Viewing company details");
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

/**
 * GET /companies/{company_id} (spec 5.1: needs the companies permission). One statement that also
 * reads the auth version, which confirms a cached API caller (lib/auth/key-cache.ts): the row of
 * table_versions always exists, so an unknown id still answers one row, with null columns.
 */
export async function getCompany(caller: Caller, companyId: string, origin = ""): Promise<Company> {
  if (!isUuid(companyId)) throw ApiError.invalid("company_id", "company_id must be a UUID.");
  requirePermission(caller, "companies", "Viewing company details");
  const [row] = await sqlRunner(getDb())<CompanyRow & { authVersion: unknown }>(companyDetailSql(getDbKind(), companyId.toLowerCase()));
  confirmCaller(caller, String(row.authVersion));
  if (row.id === null) throw ApiError.notFound(`No company with id ${companyId}.`);
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
