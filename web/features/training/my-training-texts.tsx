// "Text messages" in an application's card at /my-training (issue 34): the consent box with its wording and the
// privacy note, SMS or WhatsApp when WhatsApp is offered, and the number's state said plainly. Ticking the box saves
// at once; a number not confirmed yet is texted a code, typed back here (my-training-text-code.tsx).
import type { Application } from "@shared/applicant";
import {
  PRIVACY_NOTE_HREF,
  TEXT_CONSENT_LABEL,
  TEXT_NUMBER_STOPPED_MESSAGE,
  type TextChannel,
  textConsentWording,
  WHATSAPP_FALLBACK_NOTE,
} from "@shared/texts";
import { useState } from "react";
import { serverMessage } from "@/lib/api";
import { toast } from "@/lib/use-toast";
import { type TextsChanged, useTextCalls, useTextOptions } from "./my-training-api";
import { TextCodeForm } from "./my-training-text-code";

type Texts = Application["texts"];

/** Waiting for the code: texts asked for, the number a mobile we may text, not stopped, not confirmed yet. */
export const waitingForCode = (texts: Texts) =>
  texts.wanted && texts.textable && !texts.stopped && !texts.confirmed;

/** Where the application's texts stand, in a sentence. */
function stateText(texts: Texts): string {
  if (texts.stopped) return TEXT_NUMBER_STOPPED_MESSAGE;
  if (!texts.textable) {
    const why = texts.problem ?? "";
    return `Your phone number cannot receive texts: ${why.charAt(0).toLowerCase()}${why.slice(1)}`;
  }
  if (!texts.wanted) return "Texts are off: we e-mail you about this application.";
  if (!texts.confirmed) return `Waiting for the code we texted to ${texts.number}.`;
  return `Texts are on for ${texts.number}.`;
}

function savedToast(done: TextsChanged) {
  toast({ title: done.texts.wanted ? "Texts turned on" : "Texts turned off", description: done.message });
}

function failedToast(title: string, error: unknown) {
  toast({
    title,
    description: serverMessage(error) ?? "Please try again in a moment.",
    variant: "destructive",
  });
}

function ChannelChoice({
  name,
  channel,
  disabled,
  onChange,
}: {
  name: string;
  channel: TextChannel;
  disabled: boolean;
  onChange: (channel: TextChannel) => void;
}) {
  const options: [TextChannel, string][] = [
    ["sms", "SMS"],
    ["whatsapp", "WhatsApp"],
  ];
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" disabled={disabled}>
      <legend className="mb-1 font-medium text-slate-900">Send them by</legend>
      {options.map(([value, label]) => (
        <label key={value} className="flex items-center gap-2 text-slate-800">
          <input
            type="radio"
            name={name}
            value={value}
            checked={channel === value}
            className="size-4 accent-brand-700"
            onChange={() => onChange(value)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

export function ApplicationTexts({ application }: { application: Application }) {
  const { enrollmentId, texts } = application;
  const calls = useTextCalls(enrollmentId);
  const options = useTextOptions();
  const whatsapp = options.data?.whatsapp === true;
  // The box and the channel show the click at once, until the saved value is back (as in attendance-box.tsx).
  const [clicked, setClicked] = useState<boolean | null>(null);
  const [channel, setChannel] = useState<TextChannel>(texts.channel);
  const busy = calls.change.isPending;
  const id = `texts-${enrollmentId}`;
  const checked = clicked ?? texts.wanted;
  // Texts that cannot be turned on are not offered; turning them off always is.
  const canTurnOn = texts.textable && !texts.stopped;

  function save(textMe: boolean, textChannel: TextChannel) {
    if (busy) return;
    setClicked(textMe);
    calls.change.mutate(
      { textMe, textChannel },
      {
        onSuccess: savedToast,
        onError: (error) => failedToast("Could not change your texts", error),
        onSettled: () => setClicked(null),
      },
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-5 grid gap-3 border-t border-slate-200 pt-4">
      <h3 id={`${id}-title`} className="text-base font-semibold text-brand-900">
        Text messages
      </h3>
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">Phone:</span>{" "}
        <span className="break-all">{texts.typed}</span>
      </p>
      <div className="grid gap-1">
        <label htmlFor={id} className="flex items-start gap-2 text-sm font-medium text-slate-900">
          <input
            id={id}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
            checked={checked}
            disabled={busy || (!checked && !canTurnOn)}
            aria-busy={busy}
            aria-describedby={`${id}-wording ${id}-state`}
            onChange={(event) => save(event.target.checked, channel)}
          />
          {TEXT_CONSENT_LABEL}
        </label>
        <p id={`${id}-wording`} className="text-xs leading-relaxed text-slate-600">
          {textConsentWording()}{" "}
          <a href={PRIVACY_NOTE_HREF} className="font-medium text-brand-700 underline underline-offset-2">
            Privacy note
          </a>
        </p>
      </div>
      {whatsapp ? (
        <ChannelChoice
          name={`${id}-channel`}
          channel={channel}
          disabled={busy}
          onChange={(next) => {
            setChannel(next);
            if (texts.wanted) save(true, next);
          }}
        />
      ) : (
        <p className="text-xs text-slate-600">{WHATSAPP_FALLBACK_NOTE}</p>
      )}
      <p id={`${id}-state`} aria-live="polite" className="text-sm font-medium text-slate-900">
        {busy ? "Saving..." : stateText(texts)}
      </p>
      {waitingForCode(texts) && !busy && (
        <TextCodeForm id={id} number={texts.number ?? ""} calls={calls} onFailed={failedToast} />
      )}
    </section>
  );
}
