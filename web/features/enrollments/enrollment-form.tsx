// The enrollment form: one form for the three courses, its fields taken from the catalogue
// (shared/enrollment-fields.ts) and validated by the course's shared schema (the very one
// POST /api/enrollment/{course} checks) through zodResolver. See docs/product.md, Enrollment forms.
import { zodResolver } from "@hookform/resolvers/zod";
import { type CourseType, REPLY_WITHIN_HOURS } from "@shared/constants";
import { ENROLLMENT_SCHEMAS, type EnrollmentCreated } from "@shared/enrollment";
import {
  ENROLLMENT_FIELDS,
  ENROLLMENT_SECTIONS,
  type EnrollmentField,
  fieldsFor,
} from "@shared/enrollment-fields";
import type { TextChannel } from "@shared/texts";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { PublicForm, SendRow } from "@/components/forms/public-form-parts";
import { Fieldset } from "@/components/ui/field";
import { ApiError } from "@/lib/api";
import { useFormDraft } from "@/lib/form-draft";
import { HydrateLater } from "@/lib/hydrate-later";
import { savedOnDevice, usePublicSubmission } from "@/lib/public-submission";
import { serverMessage } from "@/lib/submission";
import { useTypedFormValues } from "@/lib/typed-form-values";
import { useTypedValues } from "@/lib/typed-values";
import { toast } from "@/lib/use-toast";
import { EnrollmentControl } from "./enrollment-control";
import { enrollmentDraftTemplate } from "./enrollment-draft";
import { ANY_DATE, IntakeChoice, intakesQuery, PlaceNote } from "./intake-choice";
import { PhoneCheckStep } from "./phone-check-step";
import { TextConsent, useTextOptions } from "./text-consent";

/** The controls' values: text for every field, a boolean for a checkbox. */
type EnrollmentValues = Record<string, string | boolean>;
type Payload = Record<string, unknown>;

/** Kinds laid out two to a row; the others take the whole row. */
const GRIDDED = new Set<EnrollmentField["kind"]>(["text", "email", "tel", "date", "hours"]);

const isBlank = (value: unknown) => typeof value !== "boolean" && String(value ?? "").trim() === "";

/** Consecutive two-to-a-row fields share one grid, as the page lays them out. */
function rowsOf(fields: readonly EnrollmentField[]): EnrollmentField[][] {
  const rows: EnrollmentField[][] = [];
  for (const field of fields) {
    const last = rows.at(-1);
    if (last && GRIDDED.has(field.kind) && GRIDDED.has(last[0]?.kind ?? "checkbox")) last.push(field);
    else rows.push([field]);
  }
  return rows;
}

/** The section whose fields include the phone number: "Text me" sits at its end. */
const PHONE_SECTION = ENROLLMENT_SECTIONS.find((section) =>
  ENROLLMENT_FIELDS.some((field) => field.name === "phone" && field.section === section),
);

/** The form element's id (web/lib/typed-values.ts). */
const FORM_ID = "enrollment-application";

export function EnrollmentForm({ course }: { course: CourseType }) {
  const fields = fieldsFor(course);
  const empty = enrollmentDraftTemplate(course);
  const form = useForm<EnrollmentValues, unknown, Payload>({
    defaultValues: empty,
    // react-hook-form focuses in its own field order; onInvalid focuses the first invalid field on the page.
    shouldFocusError: false,
    // The three schemas differ in shape, so the resolver is typed by what the form holds and what it sends.
    resolver: zodResolver(ENROLLMENT_SCHEMAS[course]) as unknown as Resolver<
      EnrollmentValues,
      unknown,
      Payload
    >,
  });
  const {
    register,
    handleSubmit,
    reset,
    watch,
    getValues,
    setFocus,
    formState: { errors },
  } = form;
  // Only the boxes other fields depend on are watched, so typing does not re-render the whole form.
  const toggles = [...new Set(fields.flatMap((field) => (field.shownWhen ? [field.shownWhen] : [])))];
  const states = watch(toggles);
  const ticked = new Set(toggles.filter((_, index) => states[index]));

  // What was typed before the page's script ran (web/lib/typed-values.ts): the answers, and the intake chosen.
  useTypedFormValues(form, FORM_ID, empty);
  const [intake, setIntake] = useState(ANY_DATE);
  // "Text me" and its channel live beside the form's values, never in them: the draft keeps only those.
  const [textMe, setTextMe] = useState(false);
  const [channel, setChannel] = useState<TextChannel>("sms");
  const { whatsapp } = useTextOptions(textMe);
  useTypedValues(FORM_ID, { intakeId: ANY_DATE, textMe: false, textChannel: "sms" }, (typed) => {
    if (typeof typed.intakeId === "string") setIntake(typed.intakeId);
    if (typeof typed.textMe === "boolean") setTextMe(typed.textMe);
    if (typed.textChannel === "whatsapp" || typed.textChannel === "sms") setChannel(typed.textChannel);
  });
  // What the last accepted application's intake choice came to (a held seat, a waitlist place, or neither).
  const [placed, setPlaced] = useState<Partial<EnrollmentCreated> | null>(null);
  const queryClient = useQueryClient();
  const submit = usePublicSubmission<Payload, Partial<EnrollmentCreated>>(`/api/enrollment/${course}`, {
    queue: { noun: "enrollment", draft: `enroll-${course}` },
    read: (response) => response.json(),
    onSuccess: (data) => {
      setPlaced(data);
      setIntake(ANY_DATE);
      setTextMe(false);
      void queryClient.invalidateQueries(intakesQuery(course));
      toast({
        title: "Enrollment Submitted Successfully!",
        description: data.message || `We will contact you within ${REPLY_WITHIN_HOURS} hours`,
      });
      draft.clear();
    },
    onError: (error, saved) => {
      // A number we cannot text, with "Text me" ticked: the message goes beside the phone field.
      if (error instanceof ApiError && error.body?.field === "phone") {
        form.setError("phone", { message: serverMessage(error) });
        setFocus("phone");
      }
      toast({
        title: "Submission Failed",
        description:
          serverMessage(error) ??
          "There was an error submitting your enrollment. Please try again or contact us directly.",
        note: saved ? savedOnDevice("enrollment") : undefined,
        variant: "destructive",
      });
    },
  });
  // The answers (not the intake choice, whose seats change) are kept on this device until they are stored.
  const draft = useFormDraft(`enroll-${course}`, {
    template: empty,
    read: () => getValues(),
    restore: (values) => reset({ ...getValues(), ...(values as EnrollmentValues) }),
    reset: () => {
      reset(empty);
      submit.restart();
    },
    clock: submit.clock,
  });

  const shown = (field: EnrollmentField) => !field.shownWhen || ticked.has(field.shownWhen);

  function onValid(payload: Payload) {
    // A field that depends on a box belongs to it: once the box is unticked it is no longer the visitor's answer.
    const body = Object.fromEntries(
      Object.entries(payload).filter(([name]) => {
        const field = fields.find((candidate) => candidate.name === name);
        return !field || shown(field);
      }),
    );
    setPlaced(null);
    submit.send({
      ...body,
      intakeId: intake === ANY_DATE ? null : Number(intake),
      textMe,
      ...(textMe && whatsapp ? { textChannel: channel } : {}),
    } as Payload);
  }

  function onInvalid(invalid: FieldErrors<EnrollmentValues>) {
    const first = fields.find((field) => invalid[field.name]);
    if (first) setFocus(first.name);
    const missing = fields.some((field) => field.required && isBlank(getValues(field.name)));
    toast(
      missing
        ? {
            title: "Required fields missing",
            description: "Please fill in all required fields marked with *",
            variant: "destructive",
          }
        : {
            title: "Please check your details",
            description: `${Object.keys(invalid).length === 1 ? "One answer needs" : "Some answers need"} correcting: see the highlighted fields.`,
            variant: "destructive",
          },
    );
  }

  /** The inline error: a blank required field says so plainly; anything else shows the schema's message. */
  function errorOf(field: EnrollmentField): string | undefined {
    const error = errors[field.name];
    if (!error) return undefined;
    if (field.required && isBlank(getValues(field.name))) return `${field.label} is required`;
    return error.message;
  }

  const control = (field: EnrollmentField) => (
    <EnrollmentControl
      key={field.name}
      field={field}
      registered={register(field.name)}
      error={errorOf(field)}
    />
  );

  return (
    <>
      <PublicForm
        id={FORM_ID}
        labelledBy="enrollment-form-heading"
        native="enrollment"
        onSubmit={handleSubmit(onValid, onInvalid)}
        onInput={draft.changed}
        gap="gap-8"
      >
        <p className="text-sm text-slate-600">
          Fields marked <span className="text-red-700">*</span> are required.
        </p>

        {/* Each fieldset hydrates in a task of its own (web/lib/hydrate-later.tsx): the whole form was one long task. */}
        <HydrateLater name="enroll-intake">
          <IntakeChoice course={course} value={intake} onChange={setIntake} />
        </HydrateLater>

        {ENROLLMENT_SECTIONS.map((section) => (
          <HydrateLater key={section} name={`enroll-${section}`}>
            <Fieldset legend={section}>
              {rowsOf(fields.filter((field) => field.section === section && shown(field))).map((row) =>
                row.length > 1 || GRIDDED.has(row[0]?.kind ?? "checkbox") ? (
                  <div key={row[0]?.name} className="grid gap-5 sm:grid-cols-2">
                    {row.map(control)}
                  </div>
                ) : (
                  row.map(control)
                ),
              )}
              {/* Below the phone number it is about. */}
              {section === PHONE_SECTION && (
                <TextConsent
                  ticked={textMe}
                  onTick={setTextMe}
                  channel={channel}
                  onChannel={setChannel}
                  whatsapp={whatsapp}
                />
              )}
            </Fieldset>
          </HydrateLater>
        ))}

        <SendRow
          honeypotId="enroll-website"
          honeypotRef={submit.honeypotRef}
          disabled={submit.pending}
          draft={draft}
        >
          {submit.pending ? "Submitting..." : "Submit Enrollment"}
        </SendRow>
        {placed && <PlaceNote place={placed.place} />}
        {placed?.textNote && (
          <p role="status" className="rounded-lg bg-ocean-50 p-4 text-sm text-ocean-700">
            {placed.textNote}
          </p>
        )}
      </PublicForm>
      {/* Its own form, so outside the application's. */}
      {placed?.phoneCheck && (
        <div className="mt-6">
          <PhoneCheckStep
            key={placed.phoneCheck.token}
            check={placed.phoneCheck}
            action={`/enroll/${course}`}
          />
        </div>
      )}
    </>
  );
}
