// SPEC section 2, /admin/dashboard. The dashboard arrives with the staff work; until there is an admin session API
// nobody has a session, so the page sends visitors to the sign-in screen instead of leaving them here.
import { LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { PageShell } from "@/components/layout/page-shell";

export default function AdminDashboardPage() {
  const [, navigate] = useLocation();

  useEffect(() => {
    navigate("/admin", { replace: true });
  }, [navigate]);

  return (
    <PageShell mainClassName="flex items-center justify-center px-4 py-16">
      <h1 className="sr-only">Admin Dashboard</h1>
      <p role="status" className="flex items-center gap-3 text-base font-medium text-slate-700">
        <LoaderCircle
          className="size-5 animate-spin text-brand-700 motion-reduce:animate-none"
          aria-hidden="true"
        />
        Verifying access...
      </p>
    </PageShell>
  );
}
