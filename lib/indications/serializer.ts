import { fromStoredDecimal, fromStoredDecimalOrNull } from "../domain/decimal";
import type { Side, Stage, StockClassType, StockType, Structure, Visibility } from "../domain/enums";
import { parseStringList } from "../domain/json-list";
import type { Indication } from "./schema";
import type { IndicationRecord } from "../db/models";
import type { Issuer } from "../domain/issuer";

export type IndicationRow = Omit<IndicationRecord, "teamId" | "userId" | "issuerId"> & { issuer: Issuer };

// Enumerated columns are written only through validated paths (seed, fixtures); the casts name
// the type the database guarantees rather than re-validating every row on the hot path.
export function serializeIndication(row: IndicationRow): Indication {
  return {
    id: row.id,
    acceptable_structures: parseStringList(row.acceptableStructures) as Structure[],
    carried_interest_fee_percent: fromStoredDecimalOrNull(row.carriedInterestFeePercent),
    client_id: row.clientId,
    created_at: row.createdAt.toISOString(),
    details: row.details,
    issuer: { id: row.issuer.id, name: row.issuer.name },
    last_refreshed_at: row.lastRefreshedAt.toISOString(),
    management_fee_percent: fromStoredDecimalOrNull(row.managementFeePercent),
    minimum_volume: fromStoredDecimalOrNull(row.minimumVolume),
    opened_at: row.openedAt.toISOString(),
    permalink_id: row.permalinkId,
    price_per_share: fromStoredDecimal(row.pricePerShare),
    private_recipients: parseStringList(row.privateRecipients),
    side: row.side as Side,
    stage: row.stage as Stage,
    stock_class: row.stockClass,
    stock_class_type: row.stockClassType as StockClassType,
    stock_type: row.stockType as StockType,
    structure: row.structure as Structure | null,
    third_party_id: row.thirdPartyId,
    updated_at: row.updatedAt.toISOString(),
    visibility: row.visibility as Visibility,
    volume: fromStoredDecimal(row.volume),
  };
}
