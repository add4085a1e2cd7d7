// /admin/invite (issue 16): the page an invitation e-mail links to. It reads the token from the link (after '#', so
// it never reaches a server log), shows who invited and the role, and creates the account only when its form is
// sent: opening the link does nothing by itself. With two-factor required, its setup comes before the dashboard.
import type { AdminUser } from "@shared/admin-security";
import {
  type AcceptInvite,
  AcceptInviteSchema,
  INVITE_MESSAGES,
  type InviteAccepted,
  type InviteDetails,
} from "@shared/staff-accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, UserPlus } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { AuthForm } from "@/components/ui/auth-form";
import { FormAlert } from "@/components/ui/field";
import { firstError, useSchemaForm } from "@/components/ui/schema-form";
import { TextField, verbatim } from "@/components/ui/text-field";
import { ADMIN_AUTH_KEY, serverMessage } from "@/features/staff/api";
import { SignInCard } from "@/features/staff/sign-in-card";
import { toast } from "@/lib/use-toast";
import { staffAccountApi } from "./api";

// Two-factor setup follows only when the account must have it: loaded then, not with the page.
const MfaSetupStep = lazy(() =>
  import("@/features/staff/login-second-step").then((m) => ({ default: m.MfaSetupStep })),
);

/** The token from `#<token>`, or from `?token=` for mail programs that drop fragments. */
function tokenFromAddress(): string {
  const hash = window.location.hash.replace(/^#/, "");
  return hash || new URLSearchParams(window.location.search).get("token") || "";
}

const card = (children: ReactNode) => (
  <SignInCard icon={<UserPlus className="size-6" aria-hidden="true" />} title="Join the staff dashboard">
    {children}
  </SignInCard>
);

export default function StaffInvitePage() {
  const [token, setToken] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<InviteAccepted | null>(null);
  const details = useMutation({ mutationFn: staffAccountApi.openInvite });
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();

  // Read once in the browser: the prerendered page has no address to read.
  useEffect(() => {
    const found = tokenFromAddress();
    setToken(found);
    if (found) details.mutate(found);
  }, [details.mutate]);

  function finish(user: AdminUser) {
    queryClient.setQueryData<AdminUser | null>(ADMIN_AUTH_KEY, user);
    toast({ title: "Welcome aboard", description: "Your account is ready. Redirecting to the dashboard..." });
    navigate("/admin/dashboard");
  }

  if (accepted?.next === "setup") {
    return (
      <Suspense>
        <MfaSetupStep onSuccess={() => finish({ username: accepted.username, role: accepted.role })} />
      </Suspense>
    );
  }
  if (token === "") return card(<FormAlert boxed className="mt-4" message={INVITE_MESSAGES.unknown} />);
  if (details.isError) return card(<InviteRefused message={serverMessage(details.error)} />);
  if (!details.data || token === null) {
    return card(
      <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-700">
        <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        Checking the invitation...
      </p>,
    );
  }
  return card(
    <AcceptForm
      token={token}
      invite={details.data}
      onAccepted={(account) => (account.next ? setAccepted(account) : finish(account))}
    />,
  );
}

/** Why the link no longer works; a used one says to sign in instead, and "sign in" leads to the sign-in page. */
function InviteRefused({ message }: { message: string | null | undefined }) {
  if (message !== INVITE_MESSAGES.used)
    return <FormAlert boxed className="mt-4" message={message ?? INVITE_MESSAGES.unknown} />;
  const [before, after] = message.split("sign in");
  return (
    <p
      role="alert"
      className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
    >
      {before}
      <Link href="/admin" className="font-semibold underline underline-offset-2 hover:text-red-950">
        sign in
      </Link>
      {after}
    </p>
  );
}

function AcceptForm({
  token,
  invite,
  onAccepted,
}: {
  token: string;
  invite: InviteDetails;
  onAccepted: (account: InviteAccepted) => void;
}) {
  const form = useSchemaForm(
    AcceptInviteSchema,
    { token, username: invite.email, password: "" },
    { focusError: false, formId: "accept-invite-form" },
  );
  const { errors } = form.formState;
  const accept = useMutation({
    mutationFn: (body: AcceptInvite) => staffAccountApi.acceptInvite(body),
    onSuccess: onAccepted,
    onError: (failure) => {
      const message = serverMessage(failure) ?? "Your account could not be created. Please try again.";
      form.setError("root", { message });
    },
  });
  const handleSubmit = form.handleSubmit((body) => {
    if (!accept.isPending) accept.mutate(body);
  });

  return (
    <>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">
        {invite.invitedBy} invited {invite.email} to join as {invite.role === "owner" ? "an owner" : "staff"}.
        Choose a username and a password to finish.
      </p>
      <AuthForm
        id="accept-invite-form"
        onSubmit={handleSubmit}
        alert={
          <FormAlert boxed message={errors.root?.message ?? firstError(errors, ["username", "password"])} />
        }
        pending={accept.isPending}
        pendingText="Creating your account..."
        submitText="Create my account"
      >
        <TextField
          id="invite-username"
          label="Username"
          autoComplete="username"
          {...verbatim}
          {...form.register("username")}
        />
        <TextField
          id="invite-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters, not a common password and not your username."
          {...form.register("password")}
        />
      </AuthForm>
    </>
  );
}
