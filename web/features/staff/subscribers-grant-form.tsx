// Grant access by hand, for clients who pay by bank transfer: an e-mail and the last day of access (Fiji time).

import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { fijiToday } from "@shared/fiji-time";
import { GrantAccessSchema } from "@shared/portal";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { type FieldErrors, useForm } from "react-hook-form";
import { Card } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { PendingButton } from "@/components/ui/pending-button";
import { TextField, verbatim } from "@/components/ui/text-field";
import { adminApi, invalidate } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";
import { toastFailure } from "./failure-toast";
import { formatFijiDate } from "./format";

/** The same day next month, or that month's last day (31 Jan -> 28 Feb), as a monthly subscription would run. */
function oneMonthAfter(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const next = new Date(Date.UTC(year, month, Math.min(day, lastDay)));
  return next.toISOString().slice(0, 10);
}

type GrantValues = { email: string; until: string };

export function GrantAccessForm() {
  const queryClient = useQueryClient();
  // The date rules (a real date, today or later) are the server's alone; the schema checks the shapes. Errors
  // stay as they are until the next submit.
  const form = useForm<GrantValues>({
    resolver: standardSchemaResolver(GrantAccessSchema),
    defaultValues: { email: "", until: oneMonthAfter(fijiToday()) },
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;

  const grant = useMutation({
    mutationFn: adminApi.grantAccess,
    onSuccess: async (granted) => {
      toast({
        title: "Access granted",
        description: `${granted.email} has access until ${formatFijiDate(granted.currentPeriodEnd)} (Fiji time).`,
      });
      form.reset({ email: "", until: oneMonthAfter(fijiToday()) });
      await invalidate.subscribers(queryClient);
    },
    onError: (error) => toastFailure("Could not grant access", error, "Failed to grant access"),
  });

  function fail(message: string) {
    toast({ title: "Could not grant access", description: message, variant: "destructive" });
  }

  // The first invalid field gets the focus (react-hook-form's own); the toast repeats its message.
  function invalid(found: FieldErrors<GrantValues>) {
    fail(found.email?.message ?? found.until?.message ?? "Check the form and try again.");
  }

  // Both fields are required and show their error under them.
  const field = (name: keyof GrantValues) => ({
    id: `grant-${name}`,
    required: true,
    error: errors[name]?.message,
    ...form.register(name),
  });

  const handleSubmit = form.handleSubmit((values) => {
    if (!grant.isPending) grant.mutate(values);
  }, invalid);

  return (
    <Card asChild className="p-5">
      <Form onSubmit={handleSubmit} aria-labelledby="grant-title" className="grid gap-4">
        <div>
          <h3 id="grant-title" className="text-lg font-semibold text-slate-900">
            Grant access by hand
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            For clients who paid by bank transfer. Access lasts to the end of the chosen day, Fiji time.
          </p>
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
          <TextField
            label="Subscriber email"
            type="email"
            autoComplete="off"
            {...verbatim}
            {...field("email")}
          />
          <TextField label="Access until" type="date" min={fijiToday()} {...field("until")} />
          {/* Lined up with the inputs, below their labels. */}
          <PendingButton
            type="submit"
            pending={grant.isPending}
            className="sm:mt-7"
            icon={<KeyRound aria-hidden="true" />}
            pendingText="Granting..."
          >
            Grant access
          </PendingButton>
        </div>
      </Form>
    </Card>
  );
}
