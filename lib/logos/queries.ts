import type { Db } from "../db/client";

/** What a company's generated logo is drawn from; null for an unknown company. */
export async function getCompanyLogoSource(
  db: Db,
  companyId: string,
): Promise<{ name: string; logoColor: string } | null> {
  return db.company.findUnique({ where: { id: companyId }, select: { name: true, logoColor: true } });
}
