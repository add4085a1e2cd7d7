// SPEC section 2, /admin: staff sign-in with a username and password that can be revealed.
import { Eye, EyeOff, KeyRound, LogIn } from "lucide-react";
import { type FormEvent, useState } from "react";
import { PageShell } from "@/components/layout/page-shell";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { COMPANY } from "@/content/company";
import { toast } from "@/lib/use-toast";

const MISSING_CREDENTIALS = "Please enter both username and password";

interface Credentials {
  username: string;
  password: string;
}

/**
 * The one place that talks to the server. POST /api/admin/login arrives with the staff work and replaces this body
 * (success navigates to /admin/dashboard); until then every valid attempt gets the same answer.
 */
async function signInStaff(_credentials: Credentials): Promise<{ error: string }> {
  return { error: "Staff sign-in is not available yet. Please contact the site administrator." };
}

export default function AdminLoginPage() {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState("");

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const credentials = { username: username.trim(), password: password.trim() };
    if (!credentials.username || !credentials.password) {
      setError(MISSING_CREDENTIALS);
      toast({ title: "Missing Information", description: MISSING_CREDENTIALS, variant: "destructive" });
      return;
    }
    setError("");
    const result = await signInStaff(credentials);
    setError(result.error);
  }

  return (
    <PageShell mainClassName="flex items-center justify-center px-4 py-12 sm:py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <KeyRound className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-brand-900">Staff Sign In</h1>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">
          This area is for {COMPANY.name} staff only. Sign in with the username and password issued to you to
          review course enrollments.
        </p>
        <form noValidate onSubmit={handleSubmit} className="mt-6 space-y-5">
          <Field id="admin-username" label="Username">
            <Input
              id="admin-username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              aria-invalid={error === MISSING_CREDENTIALS && !username.trim() ? true : undefined}
            />
          </Field>
          <Field id="admin-password" label="Password">
            <div className="relative">
              <Input
                id="admin-password"
                type={showPassword ? "text" : "password"}
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                className="pr-11"
                aria-invalid={error === MISSING_CREDENTIALS && !password.trim() ? true : undefined}
              />
              <button
                type="button"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-label={showPassword ? "Hide password" : "Show password"}
                aria-controls="admin-password"
                className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-slate-600 hover:text-slate-900"
              >
                {showPassword ? (
                  <EyeOff className="size-4" aria-hidden="true" />
                ) : (
                  <Eye className="size-4" aria-hidden="true" />
                )}
              </button>
            </div>
          </Field>
          {error && (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
            >
              {error}
            </p>
          )}
          <Button type="submit" size="lg" className="w-full">
            <LogIn aria-hidden="true" />
            Sign In
          </Button>
        </form>
      </Card>
    </PageShell>
  );
}
