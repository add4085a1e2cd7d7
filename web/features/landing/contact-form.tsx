import { SERVICE_INTERESTS, type ServiceInterest } from "@shared/form-options";

import type { FormEvent } from "react";
import { LongTextField, PublicForm, SendRow } from "@/components/forms/public-form-parts";
import { Field } from "@/components/ui/field";
import { Input, NativeSelect } from "@/components/ui/input";
import { useFormDraft, valuesDraft } from "@/lib/form-draft";
import { savedOnDevice, usePublicSubmission } from "@/lib/public-submission";
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

/** The form element's id (web/lib/typed-values.ts). */
const FORM_ID = "contact-form";

const EMPTY: ContactValues = {
  firstName: "",
  lastName: "",
  email: "",
  organization: "",
  serviceInterest: "",
  message: "",
};

const REQUIRED = ["firstName", "lastName", "email", "serviceInterest", "message"] as const;

/**
 * POST /api/contacts: on success a toast and an empty form; on failure the values stay for another try. The draft
 * stays on this device until the message is stored; sent without a connection, it is kept and sent again later.
 */
export function ContactForm() {
  const { values, bind, reset, restore } = useFormValues<ContactValues>(EMPTY, FORM_ID);
  const { honeypotRef, restart, clock, pending, send } = usePublicSubmission<ContactValues>("/api/contacts", {
    queue: { noun: "message", draft: "contact" },
    onSuccess: () => {
      toast({
        title: "Success",
        description: "Your message has been sent successfully! We'll get back to you soon.",
      });
      draft.clear();
    },
    onError: (_error, saved) => {
      toast({
        title: "Error",
        description: "Failed to send message. Please try again.",
        note: saved ? savedOnDevice("message") : undefined,
        variant: "destructive",
      });
    },
  });
  const draft = useFormDraft("contact", valuesDraft(EMPTY, { values, restore, reset }, { restart, clock }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = trimStrings(values);
    if (REQUIRED.some((key) => !trimmed[key])) {
      toast({ title: "Please fill in all required fields.", variant: "destructive" });
      return;
    }
    send(trimmed);
  }

  return (
    <PublicForm
      id={FORM_ID}
      labelledBy="contact-form-title"
      native="contact"
      onSubmit={handleSubmit}
      onInput={draft.changed}
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
      <LongTextField
        id="contact-message"
        label="Message"
        rows={6}
        placeholder="Tell us about your project, your team or the course you are interested in."
        {...bind("message")}
      />
      <SendRow honeypotId="contact-website" honeypotRef={honeypotRef} disabled={pending} draft={draft}>
        {pending ? "Sending..." : "Send Message"}
      </SendRow>
    </PublicForm>
  );
}
