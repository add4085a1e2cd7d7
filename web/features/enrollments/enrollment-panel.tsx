import type { CourseType } from "@shared/constants";
import { Panel } from "@/components/ui/panel";
import { EnrollmentForm } from "@/features/enrollments/enrollment-form";

/** The application form in its panel; its code (the form's libraries and schemas) loads on the first touch. */
export function EnrollmentPanel({ course }: { course: CourseType }) {
  return (
    <Panel id="enrollment-form" headingId="enrollment-form-heading" heading="Application Form">
      <div className="mt-4">
        <EnrollmentForm key={course} course={course} />
      </div>
    </Panel>
  );
}
