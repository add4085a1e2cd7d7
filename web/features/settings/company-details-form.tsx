// The Settings view's company details and course prices (ADR 036): what every public page, e-mail and certificate
// shows. The server checks each field with the same schema (an e-mail must be one, a phone needs its country code)
// and only an owner may save; the pages show the new values at once. Prices are typed in FJD (shared/money.ts); a
// changed price is confirmed first, saying what the public pages will show and asking whether the open intakes with
// no payment take it too (ADR 045).
import { CompanySettingsSchema, coursePriceSchema } from "@shared/company-settings";
import { COURSE_TYPES, type CourseType } from "@shared/constants";
import { type CoursePrices, changedCourses } from "@shared/course-prices";
import { fjdAmount, formatFjdInput, parseFjdToCents } from "@shared/money";
import { formatFjd } from "@shared/money-format";
import type { Settings } from "@shared/settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FieldPath } from "react-hook-form";
import * as z from "zod/mini";
import { Card } from "@/components/ui/card";
import { Fieldset } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { useSchemaForm } from "@/components/ui/schema-form";
import { TextField } from "@/components/ui/text-field";
import { SaveRow } from "@/features/settings/save-row";
import { httpStatus, serverMessage } from "@/features/staff/api";
import { courseTitle } from "@/features/staff/format";
import { invalidateTraining, trainingApi } from "@/features/training/staff-api";
import { toast } from "@/lib/use-toast";
import { invalidateAfterPrices, saveCoursePrices } from "./course-prices-api";
import { type OpenIntakesAnswer, PriceChangeDialog } from "./price-change-dialog";

/** A course's price typed in FJD, then checked as the settings check its cents. */
const priceField = (type: CourseType) =>
  z.pipe(fjdAmount(`${courseTitle(type)} price`), coursePriceSchema(type));

const DetailsSchema = z.object({
  company: CompanySettingsSchema,
  coursePriceCents: z.object(
    Object.fromEntries(COURSE_TYPES.map((type) => [type, priceField(type)])) as Record<
      CourseType,
      ReturnType<typeof priceField>
    >,
  ),
});
type Details = z.output<typeof DetailsSchema>;
type Name = FieldPath<z.input<typeof DetailsSchema>>;

/** The price fields' values: "2,800.50" for 280050 cents. */
const priceTexts = (prices: CoursePrices) =>
  Object.fromEntries(COURSE_TYPES.map((type) => [type, formatFjdInput(prices[type])])) as Record<
    CourseType,
    string
  >;

/** Under a price field: what the public pages will show for what is typed. */
function priceHint(typed: string | undefined): string {
  const cents = parseFjdToCents(typed ?? "");
  return cents === null
    ? "In FJD, e.g. 350 or 1,500.00."
    : `In FJD. The public pages will show ${formatFjd(cents, "public")}.`;
}

interface Entry {
  name: Name;
  label: string;
  type?: "email" | "tel" | "url";
  hint?: string;
  /** An amount in FJD: its hint says what the public pages will show. */
  money?: true;
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
      label: `${courseTitle(type)} price (FJD)`,
      money: true as const,
    })),
  },
];

/** The form's heading, which the dashboard's "Open Settings" takes the person to. */
export const COMPANY_DETAILS_TITLE_ID = "company-details-title";

/** A save: the details, and the answer about open intakes when the prices changed (null: they did not). */
type SaveCall = { details: Details; openIntakes: OpenIntakesAnswer | null };

export function CompanyDetailsForm({ current }: { current: Settings }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(DetailsSchema, {
    company: current.company,
    coursePriceCents: priceTexts(current.coursePriceCents),
  });
  const { errors } = form.formState;
  const typedPrices = form.watch("coursePriceCents");
  /** Details whose new prices wait for the owner's confirmation. */
  const [confirming, setConfirming] = useState<Details | null>(null);
  const save = useMutation({
    // The company's details first: when they are refused, nothing is saved. Prices go to their own call with the
    // answer about open intakes; unchanged prices are not sent, so another owner's change is never undone.
    mutationFn: async ({ details, openIntakes }: SaveCall) => {
      const saved = await trainingApi.saveSettings({ company: details.company });
      if (!openIntakes) return { saved, updated: null };
      const priced = await saveCoursePrices({ coursePriceCents: details.coursePriceCents, openIntakes });
      return {
        saved: { ...saved, coursePriceCents: priced.coursePriceCents },
        updated: priced.updatedIntakes.length,
      };
    },
    onSuccess: async ({ saved, updated }) => {
      setConfirming(null);
      form.reset({ company: saved.company, coursePriceCents: priceTexts(saved.coursePriceCents) });
      const prices = COURSE_TYPES.map((type) => formatFjd(saved.coursePriceCents[type], "public")).join(", ");
      const intakes = updated
        ? ` ${updated} open ${updated === 1 ? "intake charges" : "intakes charge"} the new price.`
        : "";
      toast({
        title: "Company details saved",
        description: `Every page shows them now (prices ${prices}).${intakes}`,
      });
      await invalidateTraining.settings(queryClient);
      if (updated !== null) await invalidateAfterPrices(queryClient);
    },
    onError: (error) => {
      setConfirming(null);
      if (httpStatus(error) === 401) return;
      form.setError("root", {
        message: serverMessage(error) ?? "The company details could not be saved. Please try again.",
      });
    },
  });
  const errorOf = (name: Name) => form.getFieldState(name, form.formState).error?.message;
  /** Changed prices are confirmed first; otherwise the details are saved at once. */
  function submit(details: Details) {
    if (save.isPending) return;
    if (changedCourses(current.coursePriceCents, details.coursePriceCents).length > 0) setConfirming(details);
    else save.mutate({ details, openIntakes: null });
  }

  return (
    <>
      <Card asChild className="p-5 sm:p-6">
        <Form
          aria-labelledby={COMPANY_DETAILS_TITLE_ID}
          className="grid gap-6"
          onSubmit={form.handleSubmit(submit)}
        >
          {/* "Open Settings" of the example-details banner scrolls here and focuses it (tabIndex -1). */}
          <h3 id={COMPANY_DETAILS_TITLE_ID} tabIndex={-1} className="text-lg font-semibold text-brand-950">
            Company details
          </h3>
          {GROUPS.map(({ legend, entries }) => (
            <Fieldset key={legend} legend={legend}>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {entries.map((entry) => (
                  <TextField
                    key={entry.name}
                    id={`company-${entry.name.replaceAll(".", "-")}`}
                    label={entry.label}
                    type={entry.type ?? "text"}
                    inputMode={entry.money ? "decimal" : undefined}
                    autoComplete={entry.money ? "off" : undefined}
                    required={!entry.name.endsWith(".href")}
                    hint={
                      entry.money
                        ? priceHint(typedPrices[entry.name.split(".")[1] as CourseType])
                        : entry.hint
                    }
                    error={errorOf(entry.name)}
                    {...form.register(entry.name)}
                  />
                ))}
              </div>
            </Fieldset>
          ))}
          <SaveRow
            error={errors.root?.message}
            pending={save.isPending}
            ownerOnly="Only the owner can change company details."
          >
            Save company details
          </SaveRow>
        </Form>
      </Card>
      <PriceChangeDialog
        before={current.coursePriceCents}
        after={confirming?.coursePriceCents ?? null}
        pending={save.isPending}
        onConfirm={(openIntakes) => confirming && save.mutate({ details: confirming, openIntakes })}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
