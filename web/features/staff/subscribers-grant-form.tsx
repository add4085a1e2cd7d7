// Grant access by hand, for clients who pay by bank transfer: an e-mail and the last day of access (Fiji time).
import { fijiToday } from "@shared/fiji-time";
import { GrantAccessSchema } from "@shared/portal";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound, LoaderCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { adminApi, httpStatus, invalidate, serverMessage } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";
import { formatFijiDate } from "./format";

const EMAIL_ID = "grant-email";
const UNTIL_ID = "grant-until";

/** The same day next month, or that month's last day (31 Jan -> 28 Feb), as a monthly subscription would run. */
function oneMonthAfter(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const next = new Date(Date.UTC(year, month, Math.min(day, lastDay)));
  return next.toISOString().slice(0, 10);
}

type Errors = Partial<Record<"email" | "until", string>>;

export function GrantAccessForm() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [until, setUntil] = useState(() => oneMonthAfter(fijiToday()));
  const [errors, setErrors] = useState<Errors>({});

  const grant = useMutation({
    mutationFn: adminApi.grantAccess,
    onSuccess: async (granted) => {
      toast({
        title: "Access granted",
        description: `${granted.email} has access until ${formatFijiDate(granted.currentPeriodEnd)} (Fiji time).`,
      });
      setEmail("");
      setUntil(oneMonthAfter(fijiToday()));
      await invalidate.subscribers(queryClient);
    },
    onError: (error) => {
      // A 401 ends the session: the dashboard is already on its way to /admin.
      if (httpStatus(error) === 401) return;
      fail(serverMessage(error) ?? "Failed to grant access");
    },
  });

  function fail(message: string) {
    toast({ title: "Could not grant access", description: message, variant: "destructive" });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (grant.isPending) return;
    // The date rules (a real date, today or later) are the server's alone; the schema checks the shapes.
    const parsed = GrantAccessSchema.safeParse({ email, until });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "email" || field === "until") && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      document.getElementById(found.email ? EMAIL_ID : UNTIL_ID)?.focus();
      fail(found.email ?? found.until ?? "Check the form and try again.");
      return;
    }
    setErrors({});
    grant.mutate(parsed.data);
  }

  return (
    <Card asChild className="p-5">
      <form noValidate onSubmit={handleSubmit} aria-labelledby="grant-title" className="grid gap-4">
        <div>
          <h3 id="grant-title" className="text-lg font-semibold text-slate-900">
            Grant access by hand
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            For clients who paid by bank transfer. Access lasts to the end of the chosen day, Fiji time.
          </p>
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
          <Field id={EMAIL_ID} label="Subscriber email" required>
            <Input
              id={EMAIL_ID}
              type="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${EMAIL_ID}-error` : undefined}
            />
            <FieldError id={`${EMAIL_ID}-error`} message={errors.email} />
          </Field>
          <Field id={UNTIL_ID} label="Access until" required>
            <Input
              id={UNTIL_ID}
              type="date"
              required
              min={fijiToday()}
              value={until}
              onChange={(event) => setUntil(event.target.value)}
              aria-invalid={errors.until ? true : undefined}
              aria-describedby={errors.until ? `${UNTIL_ID}-error` : undefined}
            />
            <FieldError id={`${UNTIL_ID}-error`} message={errors.until} />
          </Field>
          {/* Lined up with the inputs, below their labels. */}
          <Button type="submit" disabled={grant.isPending} className="sm:mt-7">
            {grant.isPending ? (
              <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <KeyRound aria-hidden="true" />
            )}
            {grant.isPending ? "Granting..." : "Grant access"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-800">
      {message}
    </p>
  );
}
