import { fromStoredDecimal, fromStoredDecimalOrNull } from "../domain/decimal";
import type { StockClassType, StockType, Structure } from "../domain/enums";
import type { Trade } from "./schema";
import type { TradeRecord } from "../db/models";
import type { Issuer } from "../domain/issuer";

export type TradeRow = Omit<TradeRecord, "teamId" | "userId" | "issuerId"> & { issuer: Issuer };

// Enumerated columns are written only through validated paths; see the indication serializer.
export function serializeTrade(row: TradeRow): Trade {
  return {
    id: row.id,
    attributed_to_owner: row.attributedToOwner,
    carried_interest_fee_percent: fromStoredDecimalOrNull(row.carriedInterestFeePercent),
    client_id: row.clientId,
    created_at: row.createdAt.toISOString(),
    details: row.details,
    issuer: { id: row.issuer.id, name: row.issuer.name },
    is_verified: row.isVerified,
    management_fee_percent: fromStoredDecimalOrNull(row.managementFeePercent),
    permalink_id: row.permalinkId,
    price_per_share: fromStoredDecimal(row.pricePerShare),
    sign_date: row.signDate,
    stock_class: row.stockClass,
    stock_class_type: row.stockClassType as StockClassType,
    stock_type: row.stockType as StockType,
    structure: row.structure as Structure,
    third_party_id: row.thirdPartyId,
    updated_at: row.updatedAt.toISOString(),
    verification_officer_email: row.verificationOfficerEmail,
    verification_officer_name: row.verificationOfficerName,
    volume: fromStoredDecimal(row.volume),
    won_date: row.wonDate,
  };
}
