// Create or edit an intake in a dialog. A new intake's end date follows its start and the course's duration (a
// setting), and its fee the course price, until staff type their own. The server's rules (no date in the past, the
// end not before the start, no fewer seats than places taken) answer with a message shown above the buttons.
import { COURSE_TYPES, type CourseType, MAX_STUDENTS_PER_CLASS } from "@shared/constants";
import { fijiToday } from "@shared/fiji-time";
import { VENUE_ADDRESS_MAX, WHAT_TO_BRING_MAX } from "@shared/joining";
import { formatFjd } from "@shared/money-format";
import { DEFAULT_SETTINGS } from "@shared/settings";
import type { IntakeChange, IntakeInput } from "@shared/training";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus } from "lucide-react";
import { useState } from "react";
import type { ZodMiniType } from "zod/mini";
import { Button } from "@/components/ui/button";
import { DialogActions, DialogFrame } from "@/components/ui/dialog";
import { Field, FormAlert, fieldAria } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { NativeSelect, Textarea } from "@/components/ui/input";
import { PendingButton } from "@/components/ui/pending-button";
import { useSchemaForm } from "@/components/ui/schema-form";
import { TextField } from "@/components/ui/text-field";
import { httpStatus, serverMessage } from "@/features/staff/api";
import { courseTitle } from "@/features/staff/format";
import { toast } from "@/lib/use-toast";
import {
  ChangeIntakeFormSchema,
  CreateIntakeFormSchema,
  coursePrice,
  coursePriceCents,
  courseWhatToBring,
  daysRunning,
  defaultEnd,
  type IntakeFormOutput,
  type IntakeFormValues,
  intakeFormValues,
} from "./intake-form";
import { intakeTitle } from "./intake-text";
import { invalidateTraining, type StaffIntake, trainingApi, trainingQueries } from "./staff-api";

const LOCATIONS = ["Suva", "Nadi", "Lautoka", "On site at the client"];
/** FJD as staff write it ("1,500.00", "FJD 350"): text, read by the shared money rule. */
const MONEY = { inputMode: "decimal", autoComplete: "off" } as const;

export function IntakeDialog({ intake }: { intake?: StaffIntake }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const saved = useQuery(trainingQueries.settings()).data;
  const settings = saved ?? DEFAULT_SETTINGS;
  const prices = saved?.coursePriceCents;
  const bring = saved?.whatToBring;
  const schema = (intake ? ChangeIntakeFormSchema : CreateIntakeFormSchema) as ZodMiniType<
    IntakeFormOutput,
    IntakeFormValues
  >;
  const form = useSchemaForm(schema, intakeFormValues(intake, prices, bring));
  const { errors } = form.formState;
  const prefix = `intake-${intake?.id ?? "new"}`;
  const id = (name: keyof IntakeFormValues) => `${prefix}-${name}`;
  /** A field's id, inline error and form binding (`onChange` after the form's own). */
  const bind = (name: keyof IntakeFormValues, onChange?: () => void) => ({
    id: id(name),
    error: errors[name]?.message,
    ...form.register(name, onChange ? { onChange } : {}),
  });
  const course = form.watch("courseType");
  const duration = intake ? daysRunning(intake) : settings.courseDurationDays[course];

  const save = useMutation({
    mutationFn: (values: IntakeFormOutput) =>
      intake
        ? trainingApi.changeIntake(intake.id, values as IntakeChange)
        : trainingApi.createIntake(values as IntakeInput),
    onSuccess: async (saved) => {
      setOpen(false);
      toast({ title: intake ? "Intake saved" : "Intake created", description: intakeTitle(saved) });
      await invalidateTraining.intakes(queryClient);
    },
    onError: (error) => {
      if (httpStatus(error) === 401) return;
      form.setError("root", {
        message: serverMessage(error) ?? "The intake could not be saved. Please try again.",
      });
    },
  });

  // Until staff type their own, the end date follows the start and the fee follows the course.
  function followDefaults() {
    const { startDate, courseType } = form.getValues();
    if (!form.getFieldState("endDate").isDirty) {
      const days = intake ? daysRunning(intake) : settings.courseDurationDays[courseType];
      form.setValue("endDate", defaultEnd(startDate, days));
    }
    if (!intake && !form.getFieldState("feeCents").isDirty)
      form.setValue("feeCents", coursePrice(courseType, prices));
    if (!intake && !form.getFieldState("whatToBring").isDirty)
      form.setValue("whatToBring", courseWhatToBring(courseType, bring));
  }

  function openChange(next: boolean) {
    if (save.isPending) return;
    if (next) form.reset(intakeFormValues(intake, prices, bring));
    setOpen(next);
  }

  return (
    <DialogFrame
      open={open}
      onOpenChange={openChange}
      trigger={
        intake ? (
          <Button size="sm" variant="outline">
            <Pencil aria-hidden="true" />
            Edit
            <span className="sr-only"> {intakeTitle(intake)}</span>
          </Button>
        ) : (
          <Button>
            <Plus aria-hidden="true" />
            New intake
          </Button>
        )
      }
      title={intake ? "Edit intake" : "New intake"}
      description={
        intake
          ? `${intakeTitle(intake)}. People holding a place are e-mailed when the dates, hours or venue change.`
          : "Dates are Fiji calendar days. The intake takes applications as soon as it is saved."
      }
      content={{ className: "max-w-xl" }}
    >
      <Form
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => !save.isPending && save.mutate(values))}
      >
        {intake ? (
          <p className="text-sm text-slate-700">
            Course: <span className="font-medium text-slate-900">{courseTitle(intake.courseType)}</span>
          </p>
        ) : (
          <Field id={id("courseType")} label="Course" required error={errors.courseType?.message}>
            <NativeSelect
              id={id("courseType")}
              required
              {...form.register("courseType", { onChange: followDefaults })}
              {...fieldAria(id("courseType"), { error: errors.courseType?.message })}
            >
              {COURSE_TYPES.map((type: CourseType) => (
                <option key={type} value={type}>
                  {courseTitle(type)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Start date"
            type="date"
            required
            min={fijiToday()}
            {...bind("startDate", followDefaults)}
          />
          <TextField
            label="End date"
            type="date"
            required
            hint={`Defaults to ${duration} ${duration === 1 ? "day" : "days"} from the start.`}
            {...bind("endDate")}
          />
        </div>
        <TextField
          label="Location"
          required
          hint="e.g. Suva, Nadi, or on site at a client."
          list={`${prefix}-locations`}
          autoComplete="off"
          {...bind("location")}
        />
        <datalist id={`${prefix}-locations`}>
          {LOCATIONS.map((place) => (
            <option key={place} value={place} />
          ))}
        </datalist>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Seats"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_STUDENTS_PER_CLASS}
            step={1}
            required
            hint={`At most ${MAX_STUDENTS_PER_CLASS}.`}
            {...bind("seats")}
          />
          <TextField
            label="Fee (FJD)"
            {...MONEY}
            required
            hint={intake ? undefined : `The course price is ${formatFjd(coursePriceCents(course, prices))}.`}
            {...bind("feeCents")}
          />
          <TextField
            label="Deposit (FJD)"
            optional
            hint="Less than the fee."
            {...MONEY}
            {...bind("depositCents")}
          />
        </div>
        <fieldset className="grid gap-4">
          <legend className="mb-1 text-sm font-semibold text-slate-900">Joining instructions</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Start time"
              type="time"
              required
              hint="Each day, Fiji time."
              {...bind("dailyStart")}
            />
            <TextField
              label="End time"
              type="time"
              required
              hint="After the start time."
              {...bind("dailyEnd")}
            />
          </div>
          <Field
            id={id("venueAddress")}
            label="Venue address"
            optional
            hint="The building, street and town, on lines of their own."
            error={errors.venueAddress?.message}
          >
            <Textarea
              id={id("venueAddress")}
              rows={3}
              maxLength={VENUE_ADDRESS_MAX}
              {...form.register("venueAddress")}
              {...fieldAria(id("venueAddress"), { hint: true, error: errors.venueAddress?.message })}
            />
          </Field>
          <TextField
            label="Map link"
            type="url"
            optional
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://maps.app.goo.gl/..."
            hint="A web address starting with https://, e.g. from Google Maps' Share button."
            {...bind("mapUrl")}
          />
          <Field
            id={id("whatToBring")}
            label="What to bring"
            optional
            hint={
              intake
                ? "One thing a line. Shown on My training and in the confirmation and reminder e-mails."
                : "One thing a line; starts as the course's default from Settings."
            }
            error={errors.whatToBring?.message}
          >
            <Textarea
              id={id("whatToBring")}
              rows={5}
              maxLength={WHAT_TO_BRING_MAX}
              {...form.register("whatToBring")}
              {...fieldAria(id("whatToBring"), { hint: true, error: errors.whatToBring?.message })}
            />
          </Field>
        </fieldset>
        <FormAlert boxed message={errors.root?.message} />
        <DialogActions closeDisabled={save.isPending}>
          <PendingButton type="submit" pending={save.isPending} pendingText="Saving...">
            {intake ? "Save intake" : "Create intake"}
          </PendingButton>
        </DialogActions>
      </Form>
    </DialogFrame>
  );
}
