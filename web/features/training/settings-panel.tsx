// The dashboard's Settings view: the business settings in one plain form (course durations, each course's "what to
// bring" a new intake starts with, how long certificates
// stay valid, VAT, how long holds and offers wait, when a balance is due, the refund rules, the prefix of new
// certificate numbers and payment references), each field with its default. Saving changes only what differs from before (the server compares) and is audited.
import { COURSE_TYPES } from "@shared/constants";
import { WHAT_TO_BRING_MAX } from "@shared/joining";
import { DEFAULT_SETTINGS, type Settings, SettingsSchema } from "@shared/settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FieldPath } from "react-hook-form";
import { Card } from "@/components/ui/card";
import { Field, Fieldset, fieldAria } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Textarea } from "@/components/ui/input";
import { useSchemaForm } from "@/components/ui/schema-form";
import { TextField } from "@/components/ui/text-field";
import { BrandForm } from "@/features/settings/brand-form";
import { CompanyDetailsForm } from "@/features/settings/company-details-form";
import { SaveRow } from "@/features/settings/save-row";
import { StaffEmailForm } from "@/features/settings/staff-email-form";
import { httpStatus, serverMessage } from "@/features/staff/api";
import { courseTitle } from "@/features/staff/format";
import { ListStatus } from "@/features/staff/list-status";
import { StaffSection } from "@/features/staff/staff-section";
import { toast } from "@/lib/use-toast";
import { invalidateTraining, trainingApi, trainingQueries } from "./staff-api";

interface SettingField {
  name: FieldPath<Settings>;
  label: string;
  /** After the number in the default, e.g. "days". */
  unit: string;
  /** What the setting does, before its default. */
  about?: string;
  fallback: number;
}

const GROUPS: { legend: string; fields: SettingField[] }[] = [
  {
    legend: "Course durations",
    fields: COURSE_TYPES.map((type) => ({
      name: `courseDurationDays.${type}` as const,
      label: `${courseTitle(type)} (days)`,
      unit: "days",
      about: "A new intake's end date follows from it.",
      fallback: DEFAULT_SETTINGS.courseDurationDays[type],
    })),
  },
  {
    legend: "Certificates",
    fields: COURSE_TYPES.map((type) => ({
      name: `certificateValidityMonths.${type}` as const,
      label: `${courseTitle(type)} certificate validity (months)`,
      unit: "months",
      about: "How long a certificate stays valid from its issue; 0 = does not expire.",
      fallback: DEFAULT_SETTINGS.certificateValidityMonths[type],
    })),
  },
  {
    legend: "Seats and offers",
    fields: [
      {
        name: "seatHoldHours",
        label: "Seat hold (hours)",
        unit: "hours",
        about:
          "How long an application holds a seat unless the applicant confirms their address or staff accept it.",
        fallback: DEFAULT_SETTINGS.seatHoldHours,
      },
      {
        name: "unreviewedHoldDays",
        label: "Unreviewed hold (days)",
        unit: "days",
        about:
          "A hold whose applicant confirmed their address lapses after this long unless staff accept or decline it; the applicant and staff are told 48 hours before.",
        fallback: DEFAULT_SETTINGS.unreviewedHoldDays,
      },
      {
        name: "placesPerMailbox",
        label: "Places per mailbox",
        unit: "places",
        about:
          "How many held, offered or waitlisted places one mailbox can take in one intake (x+1@ and x+2@ count as one); staff can place more by hand.",
        fallback: DEFAULT_SETTINGS.placesPerMailbox,
      },
      {
        name: "offerDays",
        label: "Offer time (days)",
        unit: "days",
        about: "How long an accepted application's offer waits for payment.",
        fallback: DEFAULT_SETTINGS.offerDays,
      },
      {
        name: "waitlistOfferDays",
        label: "Waitlist offer time (days)",
        unit: "days",
        about: "How long a freed seat offered to the waitlist waits.",
        fallback: DEFAULT_SETTINGS.waitlistOfferDays,
      },
    ],
  },
  {
    legend: "Payments and refunds",
    fields: [
      {
        name: "vatPercent",
        label: "VAT rate (%)",
        unit: "%",
        about: "Shown on receipts.",
        fallback: DEFAULT_SETTINGS.vatPercent,
      },
      {
        name: "balanceDueDaysBeforeStart",
        label: "Balance due (days before the start)",
        unit: "days",
        about: "After a deposit, the rest of the fee is due this many days before the course starts.",
        fallback: DEFAULT_SETTINGS.balanceDueDaysBeforeStart,
      },
      {
        name: "fullRefundDaysBefore",
        label: "Full refund (days before the start)",
        unit: "days",
        about: "Cancelling at least this early refunds everything paid.",
        fallback: DEFAULT_SETTINGS.fullRefundDaysBefore,
      },
      {
        name: "partialRefundDaysBefore",
        label: "Partial refund (days before the start)",
        unit: "days",
        about: "Cancelling later, but at least this early, refunds the partial share; later still, nothing.",
        fallback: DEFAULT_SETTINGS.partialRefundDaysBefore,
      },
      {
        name: "partialRefundPercent",
        label: "Partial refund share (%)",
        unit: "%",
        fallback: DEFAULT_SETTINGS.partialRefundPercent,
      },
    ],
  },
];

const defaultText = ({ fallback, unit }: SettingField) =>
  `Default: ${fallback}${unit === "%" ? "%" : ` ${fallback === 1 ? unit.replace(/s$/, "") : unit}`}.`;

export function SettingsPanel() {
  const settings = useQuery(trainingQueries.settings());
  return (
    <StaffSection
      id="settings"
      title="Settings"
      intro="The company's details and course prices every page shows, and the business rules of intakes, offers, course fees and certificates. A change applies from now on; only an owner can save."
    >
      <ListStatus
        isPending={settings.isPending}
        isError={settings.isError}
        isEmpty={false}
        noun="settings"
        emptyText=""
        onRetry={() => settings.refetch()}
      />
      {settings.data && <CompanyDetailsForm current={settings.data} />}
      {settings.data && <SettingsForm current={settings.data} />}
      {settings.data && <StaffEmailForm current={settings.data} />}
      {settings.data && <BrandForm current={settings.data} />}
    </StaffSection>
  );
}

function SettingsForm({ current }: { current: Settings }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(SettingsSchema, current);
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: trainingApi.saveSettings,
    onSuccess: async (saved) => {
      form.reset(saved);
      toast({ title: "Settings saved", description: "The new values apply from now on." });
      await invalidateTraining.settings(queryClient);
    },
    onError: (error) => {
      if (httpStatus(error) === 401) return;
      form.setError("root", {
        message: serverMessage(error) ?? "The settings could not be saved. Please try again.",
      });
    },
  });
  const errorOf = (name: SettingField["name"]) => form.getFieldState(name, form.formState).error?.message;

  return (
    <Card asChild className="p-5 sm:p-6">
      <Form
        aria-label="Business settings"
        className="grid gap-6"
        onSubmit={form.handleSubmit(
          // The company's details, prices and staff e-mail have their own forms: this one sends only its rules.
          ({
            company: _company,
            coursePriceCents: _prices,
            staffNotificationEmail: _staff,
            brand: _brand,
            ...rules
          }) => !save.isPending && save.mutate(rules),
        )}
      >
        {GROUPS.map(({ legend, fields }) => (
          <Fieldset key={legend} legend={legend}>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {fields.map((field) => (
                <TextField
                  key={field.name}
                  id={`setting-${field.name.replace(".", "-")}`}
                  label={field.label}
                  type="number"
                  inputMode="numeric"
                  step={1}
                  required
                  hint={[field.about, defaultText(field)].filter(Boolean).join(" ")}
                  error={errorOf(field.name)}
                  {...form.register(field.name, { valueAsNumber: true })}
                />
              ))}
            </div>
          </Fieldset>
        ))}
        <Fieldset legend="What to bring">
          <p className="text-sm text-slate-700">
            Each course's list, one thing a line: a new intake starts with it, and staff can change an
            intake's own. It shows on My training and in the confirmation and reminder e-mails.
          </p>
          <div className="grid gap-4 lg:grid-cols-3">
            {COURSE_TYPES.map((type) => {
              const fieldId = `setting-whatToBring-${type}`;
              const error = errorOf(`whatToBring.${type}`);
              return (
                <Field key={type} id={fieldId} label={`${courseTitle(type)}: what to bring`} error={error}>
                  <Textarea
                    id={fieldId}
                    rows={7}
                    maxLength={WHAT_TO_BRING_MAX}
                    {...form.register(`whatToBring.${type}`)}
                    {...fieldAria(fieldId, { error })}
                  />
                </Field>
              );
            })}
          </div>
        </Fieldset>
        <Fieldset legend="Reference numbers">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <TextField
              id="setting-referencePrefix"
              label="Reference prefix"
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={6}
              required
              hint={`2 to 6 capital letters, before new certificate numbers (${current.referencePrefix}-B-2026-0042) and wallet payment references. Numbers already given keep theirs and still verify. Default: ${DEFAULT_SETTINGS.referencePrefix}.`}
              error={errorOf("referencePrefix")}
              {...form.register("referencePrefix")}
            />
          </div>
        </Fieldset>
        <SaveRow
          error={errors.root?.message}
          pending={save.isPending}
          ownerOnly="Only the owner can change these settings."
        >
          Save settings
        </SaveRow>
      </Form>
    </Card>
  );
}
