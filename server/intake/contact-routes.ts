// POST /api/contacts: a visitor's message for staff (docs/product.md, Forms and validation > Contact form). The same
// contract takes the form posted without script (server/platform/native-posts.ts).
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { REPLY_WITHIN_HOURS } from "../../shared/constants";
import { ContactSchema } from "../../shared/contact";
import { ContactCreatedSchema } from "../../shared/contracts/intake";
import { contactMessages } from "../db/schema";
import { staffEmailAddress } from "../settings/staff-notifications";
import { contactNotification } from "./emails";
import { type PublicFormContract, publicForm } from "./submissions";

export function contactContract(app: FastifyInstance): PublicFormContract<typeof ContactSchema> {
  return {
    url: "/api/contacts",
    form: ContactSchema,
    created: ContactCreatedSchema,
    write: async (tx, contact, spam) => {
      const [row] = await tx
        .insert(contactMessages)
        .values({ ...contact, organization: contact.organization ?? null, ...spam })
        .returning({ id: contactMessages.id });
      const id = row?.id ?? 0;
      const staff = spam.isSpam ? null : await staffEmailAddress(tx, app.env);
      return {
        status: 201,
        body: {
          message: `Thank you, ${contact.firstName}. We will reply within ${REPLY_WITHIN_HOURS} hours.`,
        },
        emails: staff ? [contactNotification(contact, staff, id)] : [],
      };
    },
  };
}

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  publicForm(app, contactContract(app));
};
