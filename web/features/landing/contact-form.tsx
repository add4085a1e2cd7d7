import { SERVICE_INTERESTS, type ServiceInterest } from "@shared/form-options";

import { useMutation } from "@tanstack/react-query";
import Send from "lucide-react/icons/send";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { apiRequest } from "@/lib/query-client";
import {
  type AntiSpamValues,
  Honeypot,
  idempotencyHeaders,
  newIdempotencyKey,
  useAntiSpam,
} from "@/lib/submission";
import { trimStrings, useFormValues } from "@/lib/use-form-values";
import { toast } from "@/lib/use-toast";

/** The contact message (docs/product.md, Contact form); serviceInterest is "" until the visitor picks one. */
export interface ContactValues {
  firstName: string;
  lastName: string;
  email: string;
  organization: string;
  serviceInterest: ServiceInterest | "";
  message: string;
}

const EMPTY: ContactValues = {
  firstName: "",
  lastName: "",
  email: "",
  organization: "",
  serviceInterest: "",
  message: "",
};

const REQUIRED = ["firstName", "lastName", "email", "serviceInterest", "message"] as const;

interface ContactSubmission {
  values: ContactValues & AntiSpamValues;
  idempotencyKey: string;
}

/** POST /api/contacts: on success a toast and an empty form; on failure the values stay for another try. */
export function ContactForm() {
  const { values, bind, reset } = useFormValues<ContactValues>(EMPTY);
  const { honeypotRef, antiSpamValues, restart } = useAntiSpam();
  const send = useMutation({
    mutationFn: ({ values, idempotencyKey }: ContactSubmission) =>
      apiRequest("POST", "/api/contacts", values, idempotencyHeaders(idempotencyKey)),
    onSuccess: () => {
      toast({
        title: "Success",
        description: "Your message has been sent successfully! We'll get back to you soon.",
      });
      reset();
      restart();
    },
    onError: () => {
      toast({
        title: "Error",
        description: "Failed to send message. Please try again.",
        variant: "destructive",
      });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = trimStrings(values);
    if (REQUIRED.some((key) => !trimmed[key])) {
      toast({ title: "Please fill in all required fields.", variant: "destructive" });
      return;
    }
    send.mutate({ values: { ...trimmed, ...antiSpamValues() }, idempotencyKey: newIdempotencyKey() });
  }

  const submitting = send.isPending;

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-labelledby="contact-form-title"
      className="relative grid gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-first-name" label="First Name" required>
          <Input id="contact-first-name" autoComplete="given-name" required {...bind("firstName")} />
        </Field>
        <Field id="contact-last-name" label="Last Name" required>
          <Input id="contact-last-name" autoComplete="family-name" required {...bind("lastName")} />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-email" label="Email" required>
          <Input id="contact-email" type="email" autoComplete="email" required {...bind("email")} />
        </Field>
        <Field id="contact-organization" label="Organization" optional>
          <Input id="contact-organization" autoComplete="organization" {...bind("organization")} />
        </Field>
      </div>
      <Field id="contact-service-interest" label="Service Interest" required>
        <NativeSelect id="contact-service-interest" required {...bind("serviceInterest")}>
          <option value="" disabled>
            Select a service
          </option>
          {SERVICE_INTERESTS.map((interest) => (
            <option key={interest} value={interest}>
              {interest}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="contact-message" label="Message" required>
        <Textarea
          id="contact-message"
          rows={6}
          required
          placeholder="Tell us about your project, your team or the course you are interested in."
          {...bind("message")}
        />
      </Field>
      <Honeypot id="contact-website" inputRef={honeypotRef} />
      <div>
        <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {submitting ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </form>
  );
}
