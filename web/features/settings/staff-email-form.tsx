// The Settings view's staff notification e-mail (ADR 044): where new enquiries, applications, reviews awaiting
// approval and payment problems are sent. Empty falls back to the server's STAFF_EMAIL, else an owner account's
// e-mail; the hint says where they go now. The server checks it with the same schema; only an owner may save.
import type { SettingsAnswer } from "@shared/settings";
import { STAFF_EMAIL_LABEL, type StaffNotifications, staffEmailSetting } from "@shared/staff-notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import * as z from "zod/mini";
import { Card } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { useSchemaForm } from "@/components/ui/schema-form";
import { TextField, verbatim } from "@/components/ui/text-field";
import { SaveRow } from "@/features/settings/save-row";
import { httpStatus, serverMessage } from "@/features/staff/api";
import { invalidateTraining, trainingApi } from "@/features/training/staff-api";
import { toast } from "@/lib/use-toast";

export const STAFF_EMAIL_FIELD_ID = "staff-notification-email";

const StaffEmailSchema = z.object({ staffNotificationEmail: staffEmailSetting });
type StaffEmail = z.output<typeof StaffEmailSchema>;

/** Where notifications go while the field is empty, as the last answer of the server said. */
function fallbackText(now: StaffNotifications): string {
  if (!now) return "Empty now: nobody is told.";
  if (now.source === "environment") return `Empty now: they go to ${now.address} (the server's STAFF_EMAIL).`;
  if (now.source === "owner") return `Empty now: they go to ${now.address}, an owner account's e-mail.`;
  return "Empty: the server's STAFF_EMAIL, else an owner account's e-mail.";
}

export function StaffEmailForm({ current }: { current: SettingsAnswer }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(StaffEmailSchema, { staffNotificationEmail: current.staffNotificationEmail });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (values: StaffEmail) => trainingApi.saveSettings(values),
    onSuccess: async (saved) => {
      form.reset({ staffNotificationEmail: saved.staffNotificationEmail });
      toast({
        title: "Staff notification e-mail saved",
        description: saved.staffNotificationEmail
          ? `New enquiries and applications go to ${saved.staffNotificationEmail}.`
          : "Notifications go to the fallback address, if there is one.",
      });
      await invalidateTraining.settings(queryClient);
    },
    onError: (error) => {
      if (httpStatus(error) === 401) return;
      const message = serverMessage(error) ?? "The e-mail could not be saved. Please try again.";
      form.setError(httpStatus(error) === 400 ? "staffNotificationEmail" : "root", { message });
    },
  });

  return (
    <Card asChild className="p-5 sm:p-6">
      <Form
        aria-label="Staff notifications"
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => !save.isPending && save.mutate(values))}
      >
        <TextField
          id={STAFF_EMAIL_FIELD_ID}
          label={STAFF_EMAIL_LABEL}
          type="email"
          {...verbatim}
          fieldClassName="max-w-md"
          hint={`New enquiries, applications, reviews awaiting approval and payment problems are sent here. ${fallbackText(current.staffNotifications)}`}
          error={errors.staffNotificationEmail?.message}
          {...form.register("staffNotificationEmail")}
        />
        <SaveRow
          error={errors.root?.message}
          pending={save.isPending}
          ownerOnly="Only the owner can change the notification e-mail."
        >
          Save notification e-mail
        </SaveRow>
      </Form>
    </Card>
  );
}
