// /my-training/confirm?token=…: the application e-mail's link lands here. Opening it only shows what it confirms;
// the button confirms, since e-mail security scanners open links by themselves.
import {
  type AddressConfirmation,
  CONFIRM_LINK_INVALID_MESSAGE,
  ConfirmTokenSchema,
  STATUS_LABELS,
} from "@shared/applicant";
import { formatIntakeDates } from "@shared/training";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ListChecks, MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { LinkActionButton } from "@/components/ui/link-action-button";
import { FormAlert, SignInFrame } from "@/features/sign-in/sign-in-frame";
import { serverMessage } from "@/lib/api";
import { confirmApi } from "./my-training-api";

/** The token of ?token=, or null when the address has none that could be valid. */
function tokenFromAddress(): string | null {
  const parsed = ConfirmTokenSchema.safeParse({
    token: new URLSearchParams(window.location.search).get("token"),
  });
  return parsed.success ? parsed.data.token : null;
}

/** "text" when the page was opened from a text's "confirm by phone" link (?via=text). */
function viaFromAddress(): "text" | undefined {
  return new URLSearchParams(window.location.search).get("via") === "text" ? "text" : undefined;
}

const failure = (error: unknown) => serverMessage(error) ?? "Please try again in a moment.";

function Details({ shown }: { shown: AddressConfirmation }) {
  return (
    <dl className="mt-6 grid gap-2 rounded-lg bg-slate-50 p-4 text-sm">
      <div>
        <dt className="font-semibold text-slate-900">Course</dt>
        <dd className="text-slate-700">{shown.courseTitle} course</dd>
      </div>
      {shown.intake && (
        <div>
          <dt className="font-semibold text-slate-900">Dates and place</dt>
          <dd className="text-slate-700">
            {formatIntakeDates(shown.intake)}, {shown.intake.location}
          </dd>
        </div>
      )}
      <div>
        <dt className="font-semibold text-slate-900">Status</dt>
        <dd className="text-slate-700">{STATUS_LABELS[shown.status]}</dd>
      </div>
    </dl>
  );
}

export default function MyTrainingConfirmPage() {
  // undefined until hydrated: the prerendered page cannot know the address it will be opened with.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  // Opened from a text's "confirm by phone" link: the same confirmation, said as a text's reader expects it.
  const [viaText, setViaText] = useState(false);
  useEffect(() => {
    setToken(tokenFromAddress());
    setViaText(viaFromAddress() === "text");
  }, []);
  const shown = useQuery({
    queryKey: ["/api/training/confirm", token],
    queryFn: () => confirmApi.show(token ?? ""),
    enabled: Boolean(token),
  });
  const confirm = useMutation({ mutationFn: confirmApi.confirm });
  const current = confirm.data ?? shown.data;
  const error =
    token === null
      ? CONFIRM_LINK_INVALID_MESSAGE
      : shown.isError
        ? failure(shown.error)
        : confirm.isError
          ? failure(confirm.error)
          : "";

  return (
    <SignInFrame
      icon={MailCheck}
      title={viaText ? "Keep your held seat" : "Confirm your e-mail address"}
      back={{ href: "/my-training", label: "My training" }}
      description={
        viaText ? (
          <p>
            Confirming by phone tells us you still want the seat, so we keep it held for your application
            while we review it.
          </p>
        ) : (
          <p>
            Confirming tells us this address is yours, so we keep the seat held for your application while we
            review it. We ask for this click because e-mail security scanners open links by themselves.
          </p>
        )
      }
    >
      {current && <Details shown={current} />}
      <div className="mt-6 space-y-5">
        <FormAlert message={error} />
        {current?.addressConfirmed ? (
          <p
            role="status"
            className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900"
          >
            {viaText
              ? "Thank you: your held seat is confirmed."
              : "Thank you: your e-mail address is confirmed."}
          </p>
        ) : (
          current && (
            <LinkActionButton
              pending={confirm.isPending}
              icon={<MailCheck aria-hidden="true" />}
              onAct={() => token && confirm.mutate({ token, via: viaText ? "text" : undefined })}
            >
              {viaText ? "Confirm my seat" : "Confirm my address"}
            </LinkActionButton>
          )
        )}
        {(current?.addressConfirmed || error) && (
          <Link
            href="/my-training"
            className={buttonVariants({ variant: "outline", size: "lg", className: "w-full" })}
          >
            <ListChecks aria-hidden="true" />
            See my applications
          </Link>
        )}
      </div>
    </SignInFrame>
  );
}
