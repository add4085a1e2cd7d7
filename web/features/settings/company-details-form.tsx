// The Settings view's company details and course prices (ADR 036): what every public page, e-mail and certificate
// shows. The server checks each field with the same schema (an e-mail must be one, a phone needs its country code)
// and only an owner may save; the pages show the new values at once.
import { CompanySettingsSchema } from "@shared/company-settings";
import { COURSE_TYPES, formatCoursePrice } from "@shared/constants";
import { type Settings, SettingsSchema } from "@shared/settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Save } from "lucide-react";
import type { FieldPath } from "react-hook-form";
import * as z from "zod/mini";
import { Card } from "@/components/ui/card";
import { Fieldset, FormAlert } from "@/components/ui/field";
import { PendingButton } from "@/components/ui/pending-button";
import { useSchemaForm } from "@/components/ui/schema-form";
import { TextField } from "@/components/ui/text-field";
import { httpStatus, serverMessage } from "@/features/staff/api";
import { courseTitle } from "@/features/staff/format";
import { invalidateTraining, trainingApi } from "@/features/training/staff-api";
import { toast } from "@/lib/use-toast";

const DetailsSchema = z.object({
  company: CompanySettingsSchema,
  coursePriceCents: SettingsSchema.shape.coursePriceCents,
});
type Details = z.output<typeof DetailsSchema>;
type Name = FieldPath<Details>;

interface Entry {
  name: Name;
  label: string;
  type?: "email" | "tel" | "url" | "number";
  hint?: string;
}

const ordinal = ["First", "Second", "Third"] as const;

const GROUPS: { legend: string; entries: Entry[] }[] = [
  {
    legend: "Company",
    entries: [
      { name: "company.name", label: "Company name" },
      { name: "company.legalName", label: "Legal name", hint: "On certificates, receipts and the footer." },
      { name: "company.address.street", label: "Street address" },
      { name: "company.address.city", label: "City" },
      { name: "company.address.region", label: "Region" },
      { name: "company.address.poBox", label: "PO box" },
    ],
  },
  {
    legend: "Phones and e-mails",
    entries: [
      ...[0, 1].flatMap((index) => [
        { name: `company.phones.${index as 0 | 1}.label` as Name, label: `${ordinal[index]} phone label` },
        {
          name: `company.phones.${index as 0 | 1}.number` as Name,
          label: `${ordinal[index]} phone number`,
          type: "tel" as const,
          hint: "With the country code, e.g. +679 330 1234.",
        },
      ]),
      { name: "company.emails.general", label: "General e-mail", type: "email" },
      { name: "company.emails.training", label: "Training e-mail", type: "email" },
      { name: "company.emails.support", label: "Support e-mail", type: "email" },
    ],
  },
  {
    legend: "Business hours",
    entries: [0, 1, 2].flatMap((index) => [
      { name: `company.hours.${index as 0 | 1 | 2}.days` as Name, label: `${ordinal[index]} row: days` },
      { name: `company.hours.${index as 0 | 1 | 2}.hours` as Name, label: `${ordinal[index]} row: hours` },
    ]),
  },
  {
    legend: "Social links",
    entries: [0, 1, 2].flatMap((index) => [
      { name: `company.social.${index as 0 | 1 | 2}.name` as Name, label: `${ordinal[index]} social name` },
      {
        name: `company.social.${index as 0 | 1 | 2}.href` as Name,
        label: `${ordinal[index]} social link`,
        type: "url" as const,
        hint: "An https:// address; empty hides it.",
      },
    ]),
  },
  {
    legend: "Payments",
    entries: [
      { name: "company.mpaisa.merchantName", label: "M-PAiSA merchant name" },
      { name: "company.mpaisa.merchantNumber", label: "M-PAiSA merchant number" },
      { name: "company.bank.bank", label: "Bank" },
      { name: "company.bank.accountName", label: "Account name" },
      { name: "company.bank.accountNumber", label: "Account number" },
      { name: "company.bank.branch", label: "Branch or BSB" },
      { name: "company.bank.swift", label: "SWIFT code" },
    ],
  },
  {
    legend: "Course prices",
    entries: COURSE_TYPES.map((type) => ({
      name: `coursePriceCents.${type}` as Name,
      label: `${courseTitle(type)} price (FJD cents)`,
      type: "number" as const,
      hint: "In cents: 30000 is FJD 300.",
    })),
  },
];

export function CompanyDetailsForm({ current }: { current: Settings }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(DetailsSchema, {
    company: current.company,
    coursePriceCents: current.coursePriceCents,
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (details: Details) => trainingApi.saveSettings(details),
    onSuccess: async (saved) => {
      form.reset({ company: saved.company, coursePriceCents: saved.coursePriceCents });
      const prices = COURSE_TYPES.map((type) => formatCoursePrice(saved.coursePriceCents[type])).join(", ");
      toast({ title: "Company details saved", description: `Every page shows them now (prices ${prices}).` });
      await invalidateTraining.settings(queryClient);
    },
    onError: (error) => {
      if (httpStatus(error) === 401) return;
      form.setError("root", {
        message: serverMessage(error) ?? "The company details could not be saved. Please try again.",
      });
    },
  });
  const errorOf = (name: Name) => form.getFieldState(name, form.formState).error?.message;

  return (
    <Card asChild className="p-5 sm:p-6">
      <form
        noValidate
        aria-label="Company details"
        className="grid gap-6"
        onSubmit={form.handleSubmit((values) => !save.isPending && save.mutate(values))}
      >
        {GROUPS.map(({ legend, entries }) => (
          <Fieldset key={legend} legend={legend}>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {entries.map((entry) => (
                <TextField
                  key={entry.name}
                  id={`company-${entry.name.replaceAll(".", "-")}`}
                  label={entry.label}
                  type={entry.type ?? "text"}
                  inputMode={entry.type === "number" ? "numeric" : undefined}
                  required={!entry.name.endsWith(".href")}
                  hint={entry.hint}
                  error={errorOf(entry.name)}
                  {...form.register(entry.name, entry.type === "number" ? { valueAsNumber: true } : {})}
                />
              ))}
            </div>
          </Fieldset>
        ))}
        <FormAlert boxed message={errors.root?.message} />
        <PendingButton
          type="submit"
          pending={save.isPending}
          icon={<Save aria-hidden="true" />}
          pendingText="Saving..."
          className="justify-self-start"
        >
          Save company details
        </PendingButton>
      </form>
    </Card>
  );
}
