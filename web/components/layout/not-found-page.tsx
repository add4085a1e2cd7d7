import { AlertCircle } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent } from "@/components/ui/card";

export default function NotFound() {
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex gap-2">
            <AlertCircle className="size-8 text-red-700" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
          <p className="mt-4 text-sm">
            <Link href="/" className="font-semibold text-brand-700 underline underline-offset-4">
              Back to Home
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
