import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { Label, RequiredMark } from "@/components/ui/label";
import { SERVICE_INTERESTS, type ServiceInterest } from "@/content/landing";
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
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [submitting, setSubmitting] = useState(false);

  function set<K extends keyof ContactValues>(key: K, value: ContactValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed: ContactValues = {
      ...values,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      organization: values.organization.trim(),
      message: values.message.trim(),
    };
    if (REQUIRED.some((key) => !trimmed[key])) {
      toast({ title: "Please fill in all required fields.", variant: "destructive" });
      return;
    }
    if (!onValidSubmit) return;
    setSubmitting(true);
    try {
      await onValidSubmit(trimmed);
      setValues(EMPTY);
    } catch {
      // The caller reports the failure; keeping the values lets the visitor try again.
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="contact-form-title" className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="contact-first-name">
            First Name
            <RequiredMark />
          </Label>
          <Input
            id="contact-first-name"
            name="firstName"
            autoComplete="given-name"
            required
            value={values.firstName}
            onChange={(e) => set("firstName", e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="contact-last-name">
            Last Name
            <RequiredMark />
          </Label>
          <Input
            id="contact-last-name"
            name="lastName"
            autoComplete="family-name"
            required
            value={values.lastName}
            onChange={(e) => set("lastName", e.target.value)}
          />
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="contact-email">
            Email
            <RequiredMark />
          </Label>
          <Input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(e) => set("email", e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="contact-organization">
            Organization <span className="font-normal text-slate-600">(optional)</span>
          </Label>
          <Input
            id="contact-organization"
            name="organization"
            autoComplete="organization"
            value={values.organization}
            onChange={(e) => set("organization", e.target.value)}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="contact-service-interest">
          Service Interest
          <RequiredMark />
        </Label>
        <NativeSelect
          id="contact-service-interest"
          name="serviceInterest"
          required
          value={values.serviceInterest}
          onChange={(e) => set("serviceInterest", e.target.value as ServiceInterest)}
        >
          <option value="" disabled>
            Select a service
          </option>
          {SERVICE_INTERESTS.map((interest) => (
            <option key={interest} value={interest}>
              {interest}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="contact-message">
          Message
          <RequiredMark />
        </Label>
        <Textarea
          id="contact-message"
          name="message"
          rows={6}
          required
          placeholder="Tell us about your project, your team or the course you are interested in."
          value={values.message}
          onChange={(e) => set("message", e.target.value)}
        />
      </div>
      <div>
        <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {submitting ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </form>
  );
}
