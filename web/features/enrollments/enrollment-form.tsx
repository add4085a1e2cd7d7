// The enrollment form of SPEC sections 2, 3 and 5: one form for the three courses, validated by the course's shared
// schema (the very one POST /api/enrollment/{course} checks) through zodResolver.
import { zodResolver } from "@hookform/resolvers/zod";
import { type CourseType, REPLY_WITHIN_HOURS } from "@shared/constants";
import { EDUCATION_LABELS, ENROLLMENT_SCHEMAS, HIGHEST_EDUCATION } from "@shared/enrollment";
import { useMutation } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiRequest } from "@/lib/query-client";
import {
  type AntiSpamValues,
  Honeypot,
  idempotencyHeaders,
  newIdempotencyKey,
  serverMessage,
  useAntiSpam,
} from "@/lib/submission";
import { toast } from "@/lib/use-toast";
import { EnrollField, EnrollFieldset, errorIdFor } from "./enroll-field";

/** Every field of the three payloads as the controls hold them; each schema keeps only its own course's fields. */
interface EnrollmentValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  dateOfBirth: string;
  highestEducation: string;
  educationDetails: string;
  hasDroneExperience: boolean;
  droneExperienceDetails: string;
  dronesFlown: string;
  totalFlyingHours: string;
  totalPICHours: string;
  teachingExperience: string;
  aviationQualifications: string;
  additionalInfo: string;
}
type FieldName = keyof EnrollmentValues;
type Payload = Record<string, unknown>;

const EMPTY: EnrollmentValues = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  address: "",
  dateOfBirth: "",
  highestEducation: "",
  educationDetails: "",
  hasDroneExperience: false,
  droneExperienceDetails: "",
  dronesFlown: "",
  totalFlyingHours: "",
  totalPICHours: "",
  teachingExperience: "",
  aviationQualifications: "",
  additionalInfo: "",
};

const LABELS: Record<FieldName, string> = {
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email Address",
  phone: "Phone Number",
  address: "Address",
  dateOfBirth: "Date of Birth",
  highestEducation: "Highest Education",
  educationDetails: "Education Details",
  hasDroneExperience: "I have previous drone flying experience",
  droneExperienceDetails: "Drone Experience Details",
  dronesFlown: "Drones Flown",
  totalFlyingHours: "Total Flying Hours",
  totalPICHours: "Total PIC Hours",
  teachingExperience: "Teaching Experience",
  aviationQualifications: "Aviation Qualifications",
  additionalInfo: "Additional Information",
};

/** SPEC section 5: the fields each course requires. */
const BASIC_REQUIRED: readonly FieldName[] = ["firstName", "lastName", "email", "phone", "highestEducation"];
const REQUIRED: Record<CourseType, readonly FieldName[]> = {
  basic: BASIC_REQUIRED,
  advanced: [...BASIC_REQUIRED, "dronesFlown", "totalFlyingHours", "totalPICHours"],
  instructor: [...BASIC_REQUIRED, "dronesFlown", "totalFlyingHours", "totalPICHours"],
};

const isBlank = (value: unknown) => typeof value !== "boolean" && String(value ?? "").trim() === "";

interface EnrollmentSubmission {
  payload: Payload & AntiSpamValues;
  idempotencyKey: string;
}

export function EnrollmentForm({ course }: { course: CourseType }) {
  const required = REQUIRED[course];
  const {
    register,
    handleSubmit,
    reset,
    watch,
    getValues,
    setFocus,
    formState: { errors },
  } = useForm<EnrollmentValues, unknown, Payload>({
    defaultValues: EMPTY,
    // react-hook-form focuses in its own field order; onInvalid focuses the first invalid field on the page.
    shouldFocusError: false,
    // The three schemas differ in shape, so the resolver is typed by what the form holds and what it sends.
    resolver: zodResolver(ENROLLMENT_SCHEMAS[course]) as unknown as Resolver<
      EnrollmentValues,
      unknown,
      Payload
    >,
  });
  const { honeypotRef, antiSpamValues, restart } = useAntiSpam();
  const hasDroneExperience = watch("hasDroneExperience");

  const submit = useMutation({
    mutationFn: async ({ payload, idempotencyKey }: EnrollmentSubmission) => {
      const res = await apiRequest(
        "POST",
        `/api/enrollment/${course}`,
        payload,
        idempotencyHeaders(idempotencyKey),
      );
      return (await res.json()) as { message?: string };
    },
    onSuccess: (data) => {
      toast({
        title: "Enrollment Submitted Successfully!",
        description: data.message || `We will contact you within ${REPLY_WITHIN_HOURS} hours`,
      });
      reset(EMPTY);
      restart();
    },
    onError: (error) => {
      toast({
        title: "Submission Failed",
        description:
          serverMessage(error) ??
          "There was an error submitting your enrollment. Please try again or contact us directly.",
        variant: "destructive",
      });
    },
  });

  function onValid(payload: Payload) {
    // The details belong to the experience box: once it is unticked they are no longer the visitor's answer.
    const body =
      course === "basic" && !payload.hasDroneExperience
        ? { ...payload, droneExperienceDetails: undefined }
        : payload;
    submit.mutate({ payload: { ...body, ...antiSpamValues() }, idempotencyKey: newIdempotencyKey() });
  }

  function onInvalid(invalid: FieldErrors<EnrollmentValues>) {
    // EMPTY lists the fields in page order.
    const first = (Object.keys(EMPTY) as FieldName[]).find((name) => invalid[name]);
    if (first) setFocus(first);
    const values = getValues();
    const missing = required.some((name) => isBlank(values[name]));
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
  function errorOf(name: FieldName): string | undefined {
    const error = errors[name];
    if (!error) return undefined;
    if (required.includes(name) && isBlank(getValues(name))) return `${LABELS[name]} is required`;
    return error.message;
  }

  function field(name: FieldName, options: { type?: string; autoComplete?: string } = {}) {
    const id = `enroll-${name}`;
    const isRequired = required.includes(name);
    const error = errorOf(name);
    return {
      label: LABELS[name],
      required: isRequired,
      error,
      id,
      control: {
        id,
        ...register(name),
        ...options,
        ...(isRequired ? { required: true, "aria-required": true } : {}),
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorIdFor(id) : undefined,
      },
    };
  }

  function text(name: FieldName, options: { type?: string; autoComplete?: string } = {}, className?: string) {
    const { control, ...rest } = field(name, options);
    return (
      <EnrollField {...rest} className={className}>
        <Input {...control} />
      </EnrollField>
    );
  }

  function longText(name: FieldName, rows = 3) {
    const { control, ...rest } = field(name);
    return (
      <EnrollField {...rest}>
        <Textarea rows={rows} {...control} />
      </EnrollField>
    );
  }

  function hours(name: "totalFlyingHours" | "totalPICHours") {
    const { control, ...rest } = field(name);
    return (
      <EnrollField {...rest}>
        <Input type="number" min={0} step={0.1} inputMode="decimal" {...control} />
      </EnrollField>
    );
  }

  const education = field("highestEducation");
  const isPending = submit.isPending;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      aria-labelledby="enrollment-form-heading"
      className="relative grid gap-8"
    >
      <p className="text-sm text-slate-600">
        Fields marked <span className="text-red-700">*</span> are required.
      </p>

      <EnrollFieldset legend="Personal Details">
        <div className="grid gap-5 sm:grid-cols-2">
          {text("firstName", { autoComplete: "given-name" })}
          {text("lastName", { autoComplete: "family-name" })}
          {text("email", { type: "email", autoComplete: "email" })}
          {text("phone", { type: "tel", autoComplete: "tel" })}
          {text("address", { autoComplete: "street-address" }, "sm:col-span-2")}
          {text("dateOfBirth", { type: "date", autoComplete: "bday" })}
        </div>
      </EnrollFieldset>

      <EnrollFieldset legend="Education">
        <EnrollField {...education} className="sm:max-w-sm">
          <NativeSelect {...education.control}>
            <option value="" disabled>
              Select your highest education
            </option>
            {HIGHEST_EDUCATION.map((level) => (
              <option key={level} value={level}>
                {EDUCATION_LABELS[level]}
              </option>
            ))}
          </NativeSelect>
        </EnrollField>
        {longText("educationDetails")}
      </EnrollFieldset>

      <EnrollFieldset legend="Flying Experience">
        {course === "basic" ? (
          <>
            <div className="flex items-center gap-3">
              <input
                id="enroll-hasDroneExperience"
                type="checkbox"
                className="size-5 shrink-0 rounded border-slate-400 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                {...register("hasDroneExperience")}
              />
              <Label htmlFor="enroll-hasDroneExperience">{LABELS.hasDroneExperience}</Label>
            </div>
            {hasDroneExperience && longText("droneExperienceDetails", 4)}
          </>
        ) : (
          <>
            {longText("dronesFlown")}
            <div className="grid gap-5 sm:grid-cols-2">
              {hours("totalFlyingHours")}
              {hours("totalPICHours")}
            </div>
            {course === "instructor" && longText("teachingExperience", 4)}
          </>
        )}
      </EnrollFieldset>

      <EnrollFieldset legend="Additional Information">
        {longText("aviationQualifications")}
        {longText("additionalInfo", 4)}
      </EnrollFieldset>

      <Honeypot id="enroll-website" inputRef={honeypotRef} />
      <div>
        <Button type="submit" size="lg" disabled={isPending} className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {isPending ? "Submitting..." : "Submit Enrollment"}
        </Button>
      </div>
    </form>
  );
}
