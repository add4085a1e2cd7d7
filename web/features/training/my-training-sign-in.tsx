// /my-training for someone not signed in: the e-mail code (always: applicants apply with any address) and, when the
// site has an OpenID Connect provider, that sign-in too. Both come back to /my-training.
import { SIGN_IN_CODE } from "@shared/portal-access";
import { LogIn } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmailCodeSignIn } from "@/features/sign-in/email-code-sign-in";
import { useSignInOptions } from "./my-training-api";

const RETURN_TO = "/my-training";

export function MyTrainingSignIn() {
  const options = useSignInOptions(true);
  return (
    <Card className="mt-8 max-w-md p-6 sm:p-8">
      <h2 className="text-xl font-bold text-brand-900">Sign in to see your applications</h2>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">
        Use the e-mail address you applied with. We e-mail you a {SIGN_IN_CODE.digits}-digit code and a link,
        valid for {SIGN_IN_CODE.validMinutes} minutes; no password needed.
      </p>
      <EmailCodeSignIn returnTo={RETURN_TO} />
      {options.data?.oidc && (
        <div className="mt-6 border-t border-slate-200 pt-6">
          <a
            href={`/api/login?returnTo=${encodeURIComponent(RETURN_TO)}`}
            className={buttonVariants({ variant: "outline", size: "lg", className: "w-full" })}
          >
            <LogIn aria-hidden="true" />
            Sign in with your account
          </a>
        </div>
      )}
    </Card>
  );
}
