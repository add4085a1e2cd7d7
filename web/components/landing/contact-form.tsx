import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { SERVICE_INTERESTS, type ServiceInterest } from "@/content/landing";
import { trimStrings, useFormValues } from "@/lib/use-form-values";
import { toast } from "@/lib/use-toast";

/** The contact message of SPEC section 3; serviceInterest is "" until the visitor picks one. */
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

interface ContactFormProps {
  /**
   * Called with trimmed values once every required field is filled. The form shows 'Sending...' while it runs and
   * resets when it resolves; on rejection the values stay so the visitor can retry (the caller shows the toast).
   */
  onValidSubmit?: (values: ContactValues) => void | Promise<void>;
}

export function ContactForm({ onValidSubmit }: ContactFormProps) {
  const { values, bind, reset } = useFormValues<ContactValues>(EMPTY);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = trimStrings(values);
    if (REQUIRED.some((key) => !trimmed[key])) {
      toast({ title: "Please fill in all required fields.", variant: "destructive" });
      return;
    }
    if (!onValidSubmit) return;
    setSubmitting(true);
    try {
      await onValidSubmit(trimmed);
      reset();
    } catch {
      // The caller reports the failure; keeping the values lets the visitor try again.
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="contact-form-title" className="grid gap-5">
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
      <div>
        <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {submitting ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </form>
  );
}
