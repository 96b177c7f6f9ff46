import "server-only";
import { getDb } from "../db/client";

/** What a company's generated logo is drawn from; null for an unknown company. */
export async function getCompanyLogoSource(companyId: string): Promise<{ name: string; logoColor: string } | null> {
  return getDb().company.findUnique({ where: { id: companyId }, select: { name: true, logoColor: true } });
}

/** The logo colours of some companies (the issuers of a table page), by id: one query for the page. */
export async function getLogoColors(companyIds: readonly string[]): Promise<Record<string, string>> {
  if (companyIds.length === 0) return {};
  const rows = await getDb().company.findMany({ where: { id: { in: [...new Set(companyIds)] } }, select: { id: true, logoColor: true } });
  return Object.fromEntries(rows.map((r) => [r.id, r.logoColor]));
}
