// Right after a card payment (after-payment.ts): the portal asks for the sign-in code of the address paid for, once,
// and holds the code field ready; the buyer types the code from their inbox and is signed in where they are.
// Loaded only when a payment left its address, so the sign-in steps stay off every other portal visit.
import { useMutation } from "@tanstack/react-query";
import { MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { Panel } from "@/components/ui/panel";
import { CodeStep } from "@/features/sign-in/code-step";
import { EmailStep } from "@/features/sign-in/email-step";
import { failureMessage, signInApi } from "@/features/sign-in/sign-in-api";
import { toast } from "@/lib/use-toast";
import { type AfterPayment, markCodeSent } from "./after-payment";

const RETURN_TO = "/portal";

export function AfterPaymentSignIn({ paid }: { paid: AfterPayment }) {
  const [email, setEmail] = useState(paid.email);
  const [step, setStep] = useState<"sending" | "code" | "email">(paid.codeSent ? "code" : "sending");

  const send = useMutation({
    mutationFn: () => signInApi.requestCode({ email: paid.email, returnTo: RETURN_TO }),
    onSuccess: () => {
      markCodeSent(paid.email);
      setStep("code");
    },
    onError: (failure) => {
      // The address as typed, to correct or send again.
      setStep("email");
      toast({
        title: "Could not send the code",
        description: failureMessage(failure, "Please check the address and try again."),
        variant: "destructive",
      });
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, when the portal opens after the payment.
  useEffect(() => {
    if (!paid.codeSent) send.mutate();
  }, []);

  return (
    <Panel
      headingId="after-payment-heading"
      heading={
        <span className="flex items-center gap-2">
          <MailCheck className="size-5 text-brand-700" aria-hidden="true" />
          Check your e-mail for your sign-in code
        </span>
      }
      className="mx-auto max-w-xl"
    >
      <p className="mt-2 text-sm leading-relaxed text-slate-700">
        Thank you for your payment. Your receipt and a 6-digit sign-in code are on their way to your inbox:
        enter the code here to open your documents.
      </p>
      {step === "sending" && (
        <p role="status" className="mt-4 text-sm text-slate-600">
          Sending your sign-in code to {paid.email}...
        </p>
      )}
      {step === "code" && (
        <CodeStep email={email} returnTo={RETURN_TO} onChangeEmail={() => setStep("email")} />
      )}
      {step === "email" && (
        <EmailStep
          email={email}
          focusOnMount
          returnTo={RETURN_TO}
          onSent={(sentTo) => {
            setEmail(sentTo);
            markCodeSent(sentTo);
            setStep("code");
          }}
        />
      )}
    </Panel>
  );
}
