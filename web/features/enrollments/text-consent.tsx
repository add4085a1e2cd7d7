// "Text me about my application" (issue 34, docs/product.md Enrollment forms): unticked by default, with who texts,
// about what and how to stop under it, and the privacy note. It is not a field of the catalogue, so the device's
// draft never keeps it (web/lib/form-draft.ts) and a reload never ticks it. Posted without script it sends "on",
// which the server reads as the JSON route's `textMe: true`.
import {
  PRIVACY_NOTE_HREF,
  TEXT_CONSENT_LABEL,
  type TextChannel,
  type TextOptions,
  textConsentWording,
  WHATSAPP_FALLBACK_NOTE,
} from "@shared/texts";
import { useQuery } from "@tanstack/react-query";
import { Label } from "@/components/ui/label";

export const TEXT_ME_ID = "enroll-textMe";
const WORDING_ID = "enroll-textMe-wording";

/**
 * Whether WhatsApp is offered beside SMS; SMS only while that cannot be known (no answer, or an error). Asked once
 * the box is ticked: the choice means nothing before, and most applicants never tick it.
 */
export function useTextOptions(enabled: boolean): TextOptions {
  const options = useQuery({
    enabled,
    queryKey: ["/api/texts/options"],
    queryFn: async (): Promise<TextOptions> => {
      const response = await fetch("/api/texts/options", { credentials: "same-origin" });
      if (!response.ok) return { whatsapp: false };
      const body = (await response.json()) as Partial<TextOptions>;
      return { whatsapp: body.whatsapp === true };
    },
    retry: false,
    staleTime: 5 * 60 * 1000,
  });
  return options.data ?? { whatsapp: false };
}

const CHANNEL_LABELS: Record<TextChannel, string> = { sms: "SMS", whatsapp: "WhatsApp" };

export function TextConsent({
  ticked,
  onTick,
  channel,
  onChannel,
  whatsapp,
}: {
  ticked: boolean;
  onTick: (ticked: boolean) => void;
  channel: TextChannel;
  onChannel: (channel: TextChannel) => void;
  whatsapp: boolean;
}) {
  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 p-4">
      <div className="flex items-center gap-3">
        <input
          id={TEXT_ME_ID}
          name="textMe"
          type="checkbox"
          checked={ticked}
          onChange={(event) => onTick(event.target.checked)}
          aria-describedby={WORDING_ID}
          className="size-5 shrink-0 rounded border-slate-400 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
        <Label htmlFor={TEXT_ME_ID}>{TEXT_CONSENT_LABEL}</Label>
      </div>
      <p id={WORDING_ID} className="text-sm text-slate-600">
        {textConsentWording()}{" "}
        <a href={PRIVACY_NOTE_HREF} className="font-semibold underline underline-offset-4">
          Privacy note
        </a>
      </p>
      {whatsapp ? (
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1 text-sm font-medium text-slate-800">Send them by</legend>
          {(["sms", "whatsapp"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="textChannel"
                value={value}
                checked={channel === value}
                onChange={() => onChannel(value)}
                className="size-4 accent-brand-700"
              />
              {CHANNEL_LABELS[value]}
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="text-sm text-slate-600">{WHATSAPP_FALLBACK_NOTE}</p>
      )}
    </div>
  );
}
