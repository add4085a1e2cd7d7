// The contact message (docs/product.md, Contact form): one schema for the landing-page form and POST /api/contacts.
import * as z from "zod/mini";
import { emailField, optionalText, requiredEnum, requiredText } from "./fields";
import { SERVICE_INTERESTS } from "./form-options";

export { SERVICE_INTERESTS, type ServiceInterest } from "./form-options";

export const CONTACT_LIMITS = { name: 100, organization: 200, message: 5000 } as const;

export const ContactSchema = z.object({
  firstName: requiredText(CONTACT_LIMITS.name, "First name"),
  lastName: requiredText(CONTACT_LIMITS.name, "Last name"),
  email: emailField(),
  organization: optionalText(CONTACT_LIMITS.organization, "Organization"),
  serviceInterest: requiredEnum(SERVICE_INTERESTS, "Service interest"),
  message: requiredText(CONTACT_LIMITS.message, "Message"),
});
export type Contact = z.output<typeof ContactSchema>;
