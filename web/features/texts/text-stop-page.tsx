// The opt-out page of text messages (issue 34), opened from the link at the end of every text. Opening it changes
// nothing: the server fills in the number (masked) and a button that stops them (ADR 029's answer slot).
import { MessageSquareOff } from "lucide-react";
import { AnswerPage } from "@/components/layout/answer-page";

export default function TextStopPage() {
  return (
    <AnswerPage
      icon={MessageSquareOff}
      eyebrow="Text messages"
      title="Stop Text Messages"
      description="We text the number you gave about your training application only. Stopping applies to the number, for every application that gave it."
      slot="text-stop"
    />
  );
}
