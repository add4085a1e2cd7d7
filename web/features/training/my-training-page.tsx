// /my-training: an applicant's own applications (docs/product.md, My training). Signed out, it offers the e-mail
// code sign-in (and OIDC when configured); signed in, it lists every application of that e-mail, newest first, and
// the certificates the person holds.
// Loading the list also confirms the person's held seats: signing in proved they read that inbox.
import { LogOut } from "lucide-react";
import { Link } from "wouter";
import { PageIntro } from "@/components/layout/page-intro";
import { BackToHome, PageShell } from "@/components/layout/page-shell";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { MyCertificates } from "@/features/certificates/my-certificates";
import { usePortalUser } from "@/features/portal/use-portal-user";
import { useMyApplications } from "./my-training-api";
import { ApplicationCard } from "./my-training-application";
import { MyTrainingSignIn } from "./my-training-sign-in";

function Applications() {
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

export default function MyTrainingPage() {
  const { user, signedOut } = usePortalUser();
  return (
    <PageShell
      actions={
        user && (
          <a href="/api/logout" className={buttonVariants({ variant: "ghost", size: "sm" })}>
            <LogOut aria-hidden="true" />
            Log out
          </a>
        )
      }
    >
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <BackToHome />
        <PageIntro
          eyebrow="Training"
          title="My training"
          description="Follow your course applications: where each stands, the dates and place, what is paid and due. Add a course to your calendar, pay an offered place, or cancel. Download your certificates."
        />
        {user ? <Applications /> : signedOut ? <MyTrainingSignIn /> : null}
      </div>
    </PageShell>
  );
}
