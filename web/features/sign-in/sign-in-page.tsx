// Subscribers' e-mail sign-in (GET /api/login without an OIDC provider): an address, then the 6-digit code sent to
// it. The same e-mail also carries a link to /sign-in/confirm for those who would rather click.
import { SIGN_IN_CODE } from "@shared/portal";
import { KeyRound } from "lucide-react";
import { EmailCodeSignIn } from "@/features/sign-in/email-code-sign-in";
import { SignInFrame } from "@/features/sign-in/sign-in-frame";

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
