// The owner's invitation form: an e-mail address and a role. The e-mail's link lets that person choose a username and
// password (/admin/invite); nothing else is needed from the owner.
import { type InviteStaff, InviteStaffSchema, ROLE_LABELS, STAFF_ROLES } from "@shared/staff-accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { NativeSelect } from "@/components/ui/input";
import { PendingButton } from "@/components/ui/pending-button";
import { useSchemaForm } from "@/components/ui/schema-form";
import { TextField, verbatim } from "@/components/ui/text-field";
import { toastFailure } from "@/features/staff/failure-toast";
import { toast } from "@/lib/use-toast";
import { refreshStaffAccounts, staffAccountApi } from "./api";

export function InviteForm() {
  const queryClient = useQueryClient();
  const form = useSchemaForm(InviteStaffSchema, { email: "", role: "staff" });
  const { errors } = form.formState;
  const invite = useMutation({
    mutationFn: (values: InviteStaff) => staffAccountApi.invite(values),
    onSuccess: async (_, values) => {
      toast({
        title: "Invitation sent",
        description: `${values.email} has a link to set up their account. It works for 72 hours.`,
      });
      form.reset({ email: "", role: values.role });
      await refreshStaffAccounts(queryClient);
    },
    onError: (error) => toastFailure("Could not send the invitation", error),
  });

  const handleSubmit = form.handleSubmit((values) => {
    if (!invite.isPending) invite.mutate(values);
  });

  return (
    <Card asChild className="p-5">
      <Form onSubmit={handleSubmit} aria-labelledby="invite-title" className="grid gap-4">
        <div>
          <h3 id="invite-title" className="text-lg font-semibold text-slate-900">
            Invite someone
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            They get an e-mail with a link to choose their username and password. Owners also manage staff
            accounts, settings and refunds.
          </p>
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
          <TextField
            id="invite-email"
            label="Email"
            type="email"
            autoComplete="off"
            required
            error={errors.email?.message}
            {...verbatim}
            {...form.register("email")}
          />
          <Field id="invite-role" label="Role" required>
            <NativeSelect id="invite-role" className="w-auto min-w-32" {...form.register("role")}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <PendingButton
            type="submit"
            className="sm:mt-7"
            pending={invite.isPending}
            icon={<Send aria-hidden="true" />}
            pendingText="Sending..."
          >
            Send invitation
          </PendingButton>
        </div>
      </Form>
    </Card>
  );
}
