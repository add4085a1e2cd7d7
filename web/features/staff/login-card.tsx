// /admin's card (docs/product.md, Staff sign-in; the page is web/features/staff/login-page.tsx): staff sign-in with a username and password that can be revealed; then, for
// staff with two-factor on, the code from their authenticator app (or a recovery code), or its setup when it is
// required.
import { type AdminLogin, AdminLoginSchema, INVALID_CREDENTIALS } from "@shared/admin";
import type { AdminLoginResponse } from "@shared/admin-security";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Eye, EyeOff, KeyRound, LogIn } from "lucide-react";
import { useEffect, useState } from "react";
import type { FieldErrors } from "react-hook-form";
import { useLocation } from "wouter";
import { AuthForm } from "@/components/ui/auth-form";
import { Field, FormAlert } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { firstError, useSchemaForm } from "@/components/ui/schema-form";
import { verbatim } from "@/components/ui/text-field";
import { COMPANY } from "@/content/company";
import {
  ADMIN_AUTH_KEY,
  type AdminUser,
  adminApi,
  adminQueries,
  httpStatus,
  serverMessage,
} from "@/features/staff/api";
import { MfaCodeStep, MfaSetupStep } from "@/features/staff/login-second-step";
import { CAPTURE_ATTRIBUTE, markHydrated } from "@/lib/early-input";
import { toast } from "@/lib/use-toast";
import { showLoginToast } from "./login-toast";
import { SignInCard } from "./sign-in-card";

const LOGIN_FAILED = { title: "Login Failed", description: "Please check your credentials and try again." };

/** The inline message for a refused sign-in: 'Invalid username or password' for bad credentials, the server's for the rest. */
function failureMessage(error: unknown): string {
  const status = httpStatus(error);
  if (status === 401) return INVALID_CREDENTIALS;
  if (status === 429 || status === 400) return serverMessage(error) ?? INVALID_CREDENTIALS;
  return "Sign-in is not available right now. Please try again in a moment.";
}

export function LoginCard() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  // The password goes to the server exactly as typed; only the username is trimmed (by the schema). The one
  // message sits above the button, so a missing field does not take the focus.
  const form = useSchemaForm(
    AdminLoginSchema,
    { username: "", password: "" },
    { focusError: false, formId: "staff-sign-in-form" },
  );
  const { errors } = form.formState;
  const [showPassword, setShowPassword] = useState(false);
  const [step, setStep] = useState<"password" | "mfa" | "setup">("password");
  const status = useQuery(adminQueries.status());

  // Back from the dashboard in this tab: the session is still known, so there is nothing to sign in to. A fresh
  // visit does not ask the server, since a 401 there would be the normal case.
  const knownUser = queryClient.getQueryData<AdminUser | null>(ADMIN_AUTH_KEY);
  useEffect(() => {
    if (knownUser) navigate("/admin/dashboard", { replace: true });
  }, [knownUser, navigate]);

  function finish(user: AdminUser) {
    // Only the username: a login answer's other fields are not the session's.
    const signedIn: AdminUser = { username: user.username };
    queryClient.setQueryData<AdminUser | null>(ADMIN_AUTH_KEY, signedIn);
    showLoginToast();
    navigate("/admin/dashboard");
  }

  const login = useMutation({
    mutationFn: (credentials: { username: string; password: string }) =>
      adminApi.login(credentials) as Promise<AdminLoginResponse>,
    onSuccess: (user) => {
      // The password alone opens no dashboard when a second step follows.
      if (user.next) {
        form.setValue("password", "");
        setStep(user.next);
        return;
      }
      finish(user);
    },
    onError: (failure) => {
      const message = failureMessage(failure);
      form.setError("root", { message });
      toast({
        ...(httpStatus(failure) === 429 ? { title: LOGIN_FAILED.title, description: message } : LOGIN_FAILED),
        variant: "destructive",
      });
    },
  });

  function invalid(found: FieldErrors<AdminLogin>) {
    const message = firstError(found, ["username", "password"]) ?? INVALID_CREDENTIALS;
    toast({ title: "Missing Information", description: message, variant: "destructive" });
  }

  const handleSubmit = form.handleSubmit((credentials) => {
    if (!login.isPending) login.mutate(credentials);
  }, invalid);

  // After a refused submit, a field is marked while it is still empty (watched, so typing clears the mark).
  const values = form.watch();
  const empty = (name: keyof AdminLogin) => (errors[name] && !values[name].trim() ? true : undefined);

  if (status.data?.hasAdmin === false) return <NoStaffAccount />;
  if (step === "mfa") return <MfaCodeStep onSuccess={finish} onRestart={() => setStep("password")} />;
  if (step === "setup")
    return (
      <MfaSetupStep onSuccess={() => finish({ username: form.getValues("username").trim().toLowerCase() })} />
    );

  return (
    <SignInCard icon={<KeyRound className="size-6" aria-hidden="true" />} title="Staff Sign In">
      <p className="mt-2 text-sm leading-relaxed text-slate-600">
        This area is for {COMPANY.name} staff only. Sign in with the username and password issued to you to
        review course enrollments.
      </p>
      <AuthForm
        id="staff-sign-in-form"
        onSubmit={handleSubmit}
        alert={
          <FormAlert boxed message={errors.root?.message ?? firstError(errors, ["username", "password"])} />
        }
        pending={login.isPending}
        icon={<LogIn aria-hidden="true" />}
        pendingText="Signing in..."
        submitText="Sign In"
      >
        <Field id="admin-username" label="Username">
          <Input
            id="admin-username"
            autoComplete="username"
            {...verbatim}
            required
            {...form.register("username")}
            aria-invalid={empty("username")}
          />
        </Field>
        <Field id="admin-password" label="Password">
          <div className="relative">
            <Input
              id="admin-password"
              type={showPassword ? "text" : "password"}
              autoComplete="current-password"
              required
              {...form.register("password")}
              className="pr-11"
              aria-invalid={empty("password")}
            />
            <button
              type="button"
              // Alive from the first paint: a click before the page's script is kept (web/lib/early-input.ts).
              ref={markHydrated}
              {...{ [CAPTURE_ATTRIBUTE]: "" }}
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
      </AuthForm>
    </SignInCard>
  );
}

/** Shown instead of the form while no staff account exists: signing in could only fail. */
function NoStaffAccount() {
  return (
    <SignInCard icon={<KeyRound className="size-6" aria-hidden="true" />} title="Staff Sign In">
      <p className="mt-2 text-sm leading-relaxed text-slate-700">
        No staff account exists yet. On the server, run{" "}
        <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.8125rem] text-slate-900">
          npm run admin -- create USERNAME
        </code>
        , or set <code className="font-mono text-[0.8125rem] text-slate-900">ADMIN_USERNAME</code> and{" "}
        <code className="font-mono text-[0.8125rem] text-slate-900">ADMIN_PASSWORD</code> and restart.
      </p>
    </SignInCard>
  );
}
