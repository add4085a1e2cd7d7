// Subscribers' e-mail sign-in (GET /api/login without an OIDC provider): an address, then the 6-digit code sent to
// it. The same e-mail also carries a link to /sign-in/confirm for those who would rather click.
import { SIGN_IN_CODE } from "@shared/portal-access";
import { KeyRound } from "lucide-react";
import { SignInFrame } from "@/features/sign-in/sign-in-frame";
import { hydrateOnTouch } from "@/lib/hydrate-on-touch";

// The form's libraries and schema load when a person first reaches into it (web/lib/hydrate-on-touch.tsx, ADR 047);
// before that it posts without script (ADR 048).
const EmailCodeSignIn = hydrateOnTouch("sign-in", () =>
  import("@/features/sign-in/email-code-sign-in").then((m) => m.EmailCodeSignIn),
);

export default function SignInPage() {
  return (
    <SignInFrame
      icon={KeyRound}
      title="Sign in to the Document Portal"
      description={
        <p>
          No password needed: we e-mail you a sign-in link and a {SIGN_IN_CODE.digits}-digit code, valid for{" "}
          {SIGN_IN_CODE.validMinutes} minutes. Your first sign-in creates your account.
        </p>
      }
    >
      <EmailCodeSignIn />
    </SignInFrame>
  );
}
