// /my-training/confirm?token=…: the application e-mail's link to confirm the applicant's address.
import { PageShell } from "@/components/layout/page-shell";

export default function MyTrainingConfirmPage() {
  return (
    <PageShell>
      <h1 className="text-2xl font-bold">Confirm your address</h1>
    </PageShell>
  );
}
