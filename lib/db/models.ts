/**
 * Row types of the tables, as Prisma generates them from prisma/models.prisma. Both generated
 * clients produce the same shapes; serializers, seeds and fixtures use these instead of
 * restating the columns.
 */
export type {
  CompanyModel as CompanyRecord,
  IndicationModel as IndicationRecord,
  TradeModel as TradeRecord,
  WebhookDeliveryModel as WebhookDeliveryRecord,
  WebhookEndpointModel as WebhookEndpointRecord,
} from "../generated/sqlite/models";
