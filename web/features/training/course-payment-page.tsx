// /course-payment?place=<id>&token=<pay token>: an applicant pays the course fee of the place they were offered.
import { PageShell } from "@/components/layout/page-shell";

export default function CoursePaymentPage() {
  return (
    <PageShell>
      <h1 className="text-2xl font-bold">Pay your course fee</h1>
    </PageShell>
  );
}
