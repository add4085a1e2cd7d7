// "Send a text" on a place in the intake's places list (issue 34): staff write one SMS to the applicant, who asked
// for texts and confirmed the number. The count of characters and SMS parts is live and includes the stop link every
// text ends with; over 2 parts, or with characters an SMS cannot carry simply, it is refused before it is sent. At
// night in Fiji the dialog says the text waits for 08:00. Otherwise the action is shown disabled, with the reason.
import {
  inQuietHours,
  NOT_TEXTABLE_TEXT,
  ONE_OFF_EMPTY_MESSAGE,
  ONE_OFF_MAX_PARTS,
  ONE_OFF_NOT_GSM_MESSAGE,
  ONE_OFF_TOO_LONG_MESSAGE,
  oneOffSize,
  STOP_LINE_ROOM,
} from "@shared/one-off-text";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MessageSquareText } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogActions, DialogFrame } from "@/components/ui/dialog";
import { errorIdFor, Field, FormAlert } from "@/components/ui/field";
import { IconLabel } from "@/components/ui/icon-label";
import { Textarea } from "@/components/ui/input";
import { PendingButton } from "@/components/ui/pending-button";
import { invalidate } from "@/features/staff/api";
import { formatFijiDateTime } from "@/features/staff/format";
import { serverMessage } from "@/lib/api";
import { toast } from "@/lib/use-toast";
import type { PlaceRow } from "./place-state";
import { trainingApi } from "./staff-api";

const NIGHT_NOTE = "It is night in Fiji: this text waits and goes at 8:00 am Fiji time.";

/** What is wrong with the text as written, or null when it may be sent. */
function problemOf(message: string, size: ReturnType<typeof oneOffSize>): string | null {
  if (message.trim() === "") return ONE_OFF_EMPTY_MESSAGE;
  if (size.encoding !== "GSM-7") return ONE_OFF_NOT_GSM_MESSAGE;
  if (size.segments > ONE_OFF_MAX_PARTS) return ONE_OFF_TOO_LONG_MESSAGE;
  return null;
}

export function PlaceTextAction({ place }: { place: PlaceRow }) {
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  if (place.notTextable) {
    // Disabled with its reason beside it, so staff know why (and a screen reader reads it with the button).
    return (
      <span className="inline-flex items-center gap-2">
        <Button size="sm" variant="outline" disabled aria-describedby={reasonId}>
          <IconLabel icon={MessageSquareText} detail={` ${place.name}`}>
            Send a text
          </IconLabel>
        </Button>
        <span id={reasonId} className="text-xs text-slate-600">
          {NOT_TEXTABLE_TEXT[place.notTextable]}
        </span>
      </span>
    );
  }
  const trigger = (
    <Button size="sm" variant="outline">
      <IconLabel icon={MessageSquareText} detail={` ${place.name}`}>
        Send a text
      </IconLabel>
    </Button>
  );
  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={`Text ${place.name}`}
      description={`An SMS to ${place.phone}. It ends with a link to stop texts, and is kept in the activity log.`}
    >
      {open && <TextForm place={place} onSent={() => setOpen(false)} />}
    </DialogFrame>
  );
}

function TextForm({ place, onSent }: { place: PlaceRow; onSent: () => void }) {
  const id = useId();
  const [message, setMessage] = useState("");
  const [tried, setTried] = useState(false);
  const queryClient = useQueryClient();
  const size = oneOffSize(message);
  const problem = problemOf(message, size);
  const send = useMutation({
    mutationFn: () => trainingApi.textPlace(place.id, message),
    onSuccess: async (queued) => {
      onSent();
      toast({
        title: "Text queued",
        description: queued.waitsForMorning
          ? `It goes to ${place.name} at ${formatFijiDateTime(String(queued.sendsAt))}, Fiji time.`
          : `It goes to ${place.name} in a moment.`,
      });
      await invalidate.texts(queryClient);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!problem) send.mutate();
  };
  const error = problem !== null && (tried || message.trim() !== "") ? problem : undefined;
  const countId = `${id}-count`;
  // The count shows what staff wrote; the parts include the stop line every text ends with.
  const written = Math.max(0, size.units - STOP_LINE_ROOM - 1);
  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <Field id={id} label="Text" error={error}>
        <Textarea
          id={id}
          name="message"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[countId, error ? errorIdFor(id) : ""].join(" ").trim()}
          rows={5}
        />
      </Field>
      <p id={countId} className="text-sm text-slate-700">
        {written} {written === 1 ? "character" : "characters"} · {size.segments} of {ONE_OFF_MAX_PARTS} SMS
        parts, with the stop link
      </p>
      {inQuietHours(new Date()) && <p className="text-sm text-amber-900">{NIGHT_NOTE}</p>}
      <FormAlert
        message={
          send.isError ? (serverMessage(send.error) ?? "The text could not be sent. Try again.") : null
        }
      />
      <DialogActions closeDisabled={send.isPending}>
        <PendingButton type="submit" pending={send.isPending} pendingText="Sending...">
          Send text
        </PendingButton>
      </DialogActions>
    </form>
  );
}
