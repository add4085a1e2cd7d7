// /my-training: an applicant's own applications (signed in with the e-mail code or OIDC).
import { PageShell } from "@/components/layout/page-shell";

export default function MyTrainingPage() {
  return (
    <PageShell>
      <h1 className="text-2xl font-bold">My training</h1>
    </PageShell>
  );
}
