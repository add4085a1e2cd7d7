// Staff see the texts beside the e-mail queue (issue 34): every text newest first with where it stands, the number
// masked and a code's body blank, and whether today's cap on SMS parts was reached. Nothing here sends or resends:
// a failed text's facts are in its e-mail, which staff can resend.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { TEXT_CAP_PATH, TextCapSchema, textList } from "../../shared/contracts/texts";
import { staffList } from "../plugins/staff-list";
import { listTexts, textCapState } from "../sms/staff-texts";

export const adminTextRoutes: FastifyPluginAsyncZod = async (app) => {
  staffList(app, textList, (query) => listTexts(app.db, query));
  app.get(TEXT_CAP_PATH, { schema: { response: { 200: TextCapSchema } } }, () =>
    textCapState(app.db, app.env.SMS_DAILY_SEGMENT_CAP),
  );
};
