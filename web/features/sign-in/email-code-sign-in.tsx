// The e-mail sign-in's two steps: an address, then the 6-digit code sent to it (or a fresh one, or another address).
// The sign-in page and /my-training both show it.
import { useState } from "react";
import { CodeStep } from "./code-step";
import { EmailStep } from "./email-step";

interface EmailCodeSignInProps {
  /** Where to land after signing in; by default the page's own ?returnTo=. */
  returnTo?: string;
}

export function EmailCodeSignIn({ returnTo }: EmailCodeSignInProps) {
  const [step, setStep] = useState<"email" | "code">("email");
  const [email, setEmail] = useState("");
  const [returned, setReturned] = useState(false);

  return step === "email" ? (
    <EmailStep
      email={email}
      focusOnMount={returned}
      returnTo={returnTo}
      onSent={(sentTo) => {
        setEmail(sentTo);
        setStep("code");
      }}
    />
  ) : (
    <CodeStep
      email={email}
      returnTo={returnTo}
      onChangeEmail={() => {
        setReturned(true);
        setStep("email");
      }}
    />
  );
}
