/**
 * Row types of the tables, as Prisma generates them from prisma/models/. Both generated
 * clients produce the same shapes; serializers, seeds and fixtures use these instead of
 * restating the columns.
 */
export type {
  ApiKeyModel as ApiKeyRecord,
  CompanyModel as CompanyRecord,
  DealModel as DealRecord,
  IndicationModel as IndicationRecord,
  TeamModel as TeamRecord,
  TradeModel as TradeRecord,
  UserModel as UserRecord,
  WebhookDeliveryModel as WebhookDeliveryRecord,
  WebhookEndpointModel as WebhookEndpointRecord,
} from "../generated/sqlite/models";
