import { ApiError } from "../api/errors";
import { buildPage, pageOffset, type Page } from "../api/pagination";
import { isUuid } from "../api/params";
import { requirePermission, type Caller } from "../auth/caller";
import { getDb, getDbKind } from "../db/client";
import { companyPageInput, countCacheFor, prismaRunner, runPage } from "../db/list-sql";
import type { Company, CompanyListQuery, CompanySummary } from "./schema";
import { companySearchTerm } from "./search";
import { serializeCompany, serializeCompanySummary } from "./serializer";

const COMPANY_COLUMNS = {
  id: true,
  name: true,
  legalName: true,
  country: true,
  region: true,
  url: true,
  platformUrl: true,
  description: true,
  leadInvestors: true,
} as const;

function whereOf(query: CompanyListQuery) {
  return {
    ...(query.q ? { searchText: { contains: companySearchTerm(query.q) } } : {}),
    ...(query.country ? { country: query.country } : {}),
    ...(query.region ? { region: query.region } : {}),
  };
}

const ORDER = [{ name: "asc" as const }, { id: "asc" as const }];

/** GET /companies: any signed-in caller may list names (spec 2.1). */
// The same filters and order as whereOf() + ORDER, as one SQL statement per page with a
// version-checked cached count (lib/db/list-sql.ts; why: docs/performance.md).
export async function listCompanies(_caller: Caller, query: CompanyListQuery): Promise<Page<CompanySummary>> {
  const db = getDb();
  const term = query.q ? companySearchTerm(query.q) : undefined;
  const page = await runPage<{ id: string; name: string }>(prismaRunner(db), countCacheFor(db), companyPageInput(getDbKind(), query, term));
  return buildPage(page.rows.map(serializeCompanySummary), query, page.total);
}

/** The dashboard's directory: the same filters and order, with every detail (needs `companies`). */
export async function listCompanyDirectory(caller: Caller, query: CompanyListQuery, origin = ""): Promise<Page<Company>> {
  requirePermission(caller, "companies", "Viewing company details");
  const db = getDb();
  const where = whereOf(query);
  const [rows, total] = await Promise.all([
    db.company.findMany({ where, orderBy: ORDER, skip: pageOffset(query), take: query.per_page, select: COMPANY_COLUMNS }),
    db.company.count({ where }),
  ]);
  return buildPage(rows.map((row) => serializeCompany(row, origin)), query, total);
}

/** GET /companies/{company_id} (spec 5.1: needs the companies permission). */
export async function getCompany(caller: Caller, companyId: string, origin = ""): Promise<Company> {
  if (!isUuid(companyId)) throw ApiError.invalid("company_id", "company_id must be a UUID.");
  requirePermission(caller, "companies", "Viewing company details");
  const row = await getDb().company.findUnique({ where: { id: companyId.toLowerCase() }, select: COMPANY_COLUMNS });
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
