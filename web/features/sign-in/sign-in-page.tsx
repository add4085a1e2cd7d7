// Subscribers' e-mail sign-in (GET /api/login without an OIDC provider): an address, then the 6-digit code sent to
// it. The same e-mail also carries a link to /sign-in/confirm for those who would rather click.
import { SIGN_IN_CODE } from "@shared/portal";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { CodeStep } from "@/features/sign-in/code-step";
import { EmailStep } from "@/features/sign-in/email-step";
import { SignInFrame } from "@/features/sign-in/sign-in-frame";

export default function SignInPage() {
  const [step, setStep] = useState<"email" | "code">("email");
  const [email, setEmail] = useState("");
  const [returned, setReturned] = useState(false);

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
      {step === "email" ? (
        <EmailStep
          email={email}
          focusOnMount={returned}
          onSent={(sentTo) => {
            setEmail(sentTo);
            setStep("code");
          }}
        />
      ) : (
        <CodeStep
          email={email}
          onChangeEmail={() => {
            setReturned(true);
            setStep("email");
          }}
        />
      )}
    </SignInFrame>
  );
}
