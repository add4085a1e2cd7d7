// Course intakes: staff create, change, close, reopen and cancel them (mounted in the staff-only scope of app.ts),
// and anyone reads the upcoming schedule (publicIntakeRoutes). The rules are in intakes.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
  IntakeChangeSchema,
  IntakeInputSchema,
  IntakeListQuerySchema,
  PublicIntakeListSchema,
  StaffIntakeSchema,
} from "../../shared/training";
import { httpError } from "../plugins/errors";
import { idParam } from "../plugins/route-params";
import { staffAction } from "../plugins/session";
import { readSettings } from "../settings/settings";
import {
  cancelIntake,
  changeIntake,
  closeIntake,
  createIntake,
  type IntakeRow,
  reopenIntake,
} from "./intakes";
import { intakeWithFill, publicSchedule, staffIntakes } from "./schedule";

const noSeats = { held: 0, offered: 0, confirmed: 0, waitlisted: 0, paidCents: 0, dueCents: 0 };
const fresh = (row: IntakeRow) => ({ ...row, ...noSeats });

export const intakeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/intakes",
    { schema: { querystring: IntakeListQuerySchema, response: { 200: z.array(StaffIntakeSchema) } } },
    async (request) =>
      staffIntakes(app.db, { course: request.query.course, all: request.query.all === "true" }),
  );

  app.post(
    "/api/admin/intakes",
    { schema: { body: IntakeInputSchema, response: { 201: StaffIntakeSchema } } },
    async (request, reply) => {
      const settings = await readSettings(app.db);
      const row = await createIntake(app.db, request.body, settings, staffAction(request));
      return reply.status(201).send(fresh(row));
    },
  );

  app.patch(
    "/api/admin/intakes/:id",
    { schema: { params: idParam, body: IntakeChangeSchema, response: { 200: StaffIntakeSchema } } },
    async (request) => {
      await changeIntake(app.db, request.params.id, request.body, staffAction(request), app.env.PUBLIC_URL);
      return withFill(request.params.id);
    },
  );

  const actions = {
    close: closeIntake,
    reopen: reopenIntake,
    cancel: (db: typeof app.db, id: number, by: ReturnType<typeof staffAction>) =>
      cancelIntake(db, id, by, app.env.PUBLIC_URL),
  } as const;
  for (const [name, act] of Object.entries(actions)) {
    app.post(
      `/api/admin/intakes/:id/${name}`,
      { schema: { params: idParam, response: { 200: StaffIntakeSchema } } },
      async (request) => {
        await act(app.db, request.params.id, staffAction(request));
        if (name === "cancel") app.outbox.kick();
        return withFill(request.params.id);
      },
    );
  }

  /** An intake with its seat counts, as the staff list shows it. */
  async function withFill(id: number) {
    const found = await intakeWithFill(app.db, id);
    if (!found) throw httpError(404, "Intake not found.");
    return found;
  }
};

export const publicIntakeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/intakes",
    {
      schema: {
        querystring: z.object({ course: IntakeListQuerySchema.shape.course }),
        response: { 200: PublicIntakeListSchema },
      },
    },
    async (request) => publicSchedule(app.db, request.query.course),
  );
};
