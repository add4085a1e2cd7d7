// /my-training: an applicant's own applications (docs/product.md, My training). Signed out, it offers the e-mail
// code sign-in (and OIDC when configured); signed in, it lists every application of that e-mail, newest first, and
// the certificates the person holds.
// Loading the list also confirms the person's held seats: signing in proved they read that inbox.
import { LogOut } from "lucide-react";
import { lazy, Suspense } from "react";
import { PageIntro } from "@/components/layout/page-intro";
import { BackToHome, PageShell } from "@/components/layout/page-shell";
import { buttonVariants } from "@/components/ui/button";
import { usePortalUser } from "@/features/portal/use-portal-user";

// What the page shows once it knows who is there: each loaded on its own (ADR 047), so a signed-out visitor loads
// the sign-in and not the list, and the other way round.
const Applications = lazy(() => import("./my-training-list").then((m) => ({ default: m.Applications })));
const MyTrainingSignIn = lazy(() =>
  import("./my-training-sign-in").then((m) => ({ default: m.MyTrainingSignIn })),
);

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
        <Suspense>{user ? <Applications /> : signedOut ? <MyTrainingSignIn /> : null}</Suspense>
      </div>
    </PageShell>
  );
}
