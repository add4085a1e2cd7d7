// /my-training's list for a signed-in person: every application of that e-mail, newest first, and their
// certificates. Loaded apart from the page (my-training-page.tsx): a signed-out visitor never needs it.
import { Link } from "wouter";
import { Card } from "@/components/ui/card";
import { MyCertificates } from "@/features/certificates/my-certificates";
import { useMyApplications } from "./my-training-api";
import { ApplicationCard } from "./my-training-application";
import { MyTrainingSignIn } from "./my-training-sign-in";

export function Applications() {
  const list = useMyApplications(true);
  if (list.isPending) return <p className="mt-8 text-slate-600">Loading your applications...</p>;
  if (list.isError) {
    return (
      <p role="alert" className="mt-8 text-red-700">
        We could not load your applications. Please reload the page in a moment.
      </p>
    );
  }
  if (list.data === null) return <MyTrainingSignIn />;
  const { email, applications } = list.data;
  return (
    <>
      <section aria-label="Your applications" className="mt-8 grid max-w-3xl gap-4">
        <p className="text-sm text-slate-600">
          Applications made with <strong className="break-all text-slate-900">{email}</strong>.
        </p>
        {applications.length === 0 ? (
          <Card className="p-6 text-slate-700">
            No applications yet.{" "}
            <Link href="/schedule" className="font-semibold text-brand-700 underline underline-offset-4">
              See the course dates
            </Link>{" "}
            and apply for the one that suits you.
          </Card>
        ) : (
          applications.map((application) => (
            <ApplicationCard key={application.enrollmentId} application={application} />
          ))
        )}
      </section>
      <MyCertificates />
    </>
  );
}
