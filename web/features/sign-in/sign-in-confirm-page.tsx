// The link in the sign-in e-mail lands here. It signs in only when the visitor presses the button: mail scanners
// open links on their own, and a link they followed would otherwise be spent before its owner clicks it.
import { LINK_INVALID_MESSAGE, VerifyLinkSchema } from "@shared/portal";
import { useMutation } from "@tanstack/react-query";
import { LogIn, MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { LinkActionButton } from "@/components/ui/link-action-button";
import { failureMessage, signInApi, useFinishSignIn } from "@/features/sign-in/sign-in-api";
import { FormAlert, SignInFrame } from "@/features/sign-in/sign-in-frame";
import { httpStatus } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";

/** The token of ?token=, or null when the address has none that could be valid. */
function tokenFromAddress(): string | null {
  const parsed = VerifyLinkSchema.safeParse({
    token: new URLSearchParams(window.location.search).get("token"),
  });
  return parsed.success ? parsed.data.token : null;
}

export default function SignInConfirmPage() {
  // undefined until hydrated: the prerendered page cannot know the address it will be opened with.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState("");
  const [spent, setSpent] = useState(false);
  const finish = useFinishSignIn();

  useEffect(() => {
    setToken(tokenFromAddress());
  }, []);

  const confirm = useMutation({
    mutationFn: signInApi.confirmLink,
    onSuccess: finish,
    onError: (failure) => {
      const status = httpStatus(failure);
      // Unknown, expired or used: only a new link helps. Anything else (too many tries, an outage) may pass.
      const invalid = status === 400 || status === 401;
      const message = invalid ? LINK_INVALID_MESSAGE : failureMessage(failure, LINK_INVALID_MESSAGE);
      setSpent(invalid);
      setError(message);
      toast({ title: "Sign-in failed", description: message, variant: "destructive" });
    },
  });

  const invalid = token === null || spent;

  return (
    <SignInFrame
      icon={MailCheck}
      title="Finish signing in"
      description={
        <>
          <p>Confirm to finish signing in to the Document Portal.</p>
          <p className="mt-2">
            We ask for this click so that e-mail security scanners, which open links by themselves, cannot use
            your sign-in link before you do.
          </p>
        </>
      }
    >
      <div className="mt-6 space-y-5">
        <FormAlert message={token === null ? LINK_INVALID_MESSAGE : error} />
        {invalid ? (
          <Link href="/sign-in" className={buttonVariants({ size: "lg", className: "w-full" })}>
            <LogIn aria-hidden="true" />
            Request a new sign-in code
          </Link>
        ) : (
          <LinkActionButton
            pending={confirm.isPending}
            icon={<LogIn aria-hidden="true" />}
            onAct={() => token && confirm.mutate(token)}
          >
            Confirm sign-in
          </LinkActionButton>
        )}
      </div>
    </SignInFrame>
  );
}
