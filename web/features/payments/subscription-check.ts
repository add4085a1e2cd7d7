// The card form's check of the subscriber's details with the server's own schema; loaded apart from the page
// (web/features/payments/card-form-values.ts).
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { SubscriptionRequestSchema } from "@shared/payment";

export const checkDetails = standardSchemaResolver(SubscriptionRequestSchema);
