// The number's code at /my-training: typed back from the text to confirm the number (no other text goes before it),
// or a new one asked for. The result is said beside the field and in a toast.
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PendingButton } from "@/components/ui/pending-button";
import { serverMessage } from "@/lib/api";
import { toast } from "@/lib/use-toast";
import type { useTextCalls } from "./my-training-api";

interface TextCodeFormProps {
  /** The texts part's id, to make the field's own. */
  id: string;
  /** The number the code went to, masked. */
  number: string;
  calls: ReturnType<typeof useTextCalls>;
  onFailed: (title: string, error: unknown) => void;
}

export function TextCodeForm({ id, number, calls, onFailed }: TextCodeFormProps) {
  const [code, setCode] = useState("");
  const [result, setResult] = useState<{ text: string; bad: boolean } | null>(null);
  const { confirm, resend } = calls;
  const busy = confirm.isPending || resend.isPending;
  const fieldId = `${id}-code`;

  function failed(title: string, error: unknown) {
    setResult({ text: serverMessage(error) ?? "Please try again in a moment.", bad: true });
    onFailed(title, error);
  }

  function submit() {
    if (busy) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setResult({ text: "Enter the 6-digit code from the text.", bad: true });
      return;
    }
    confirm.mutate(code.trim(), {
      onSuccess: (done) => toast({ title: "Number confirmed", description: done.message }),
      onError: (error) => failed("Could not confirm the number", error),
    });
  }

  function sendAgain() {
    if (busy) return;
    resend.mutate(undefined, {
      onSuccess: (done) => {
        setCode("");
        setResult({ text: done.message, bad: false });
        toast({ title: "New code sent", description: done.message });
      },
      onError: (error) => failed("Could not send a new code", error),
    });
  }

  return (
    <Form
      className="grid gap-2 rounded-md border border-slate-200 bg-slate-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Label htmlFor={fieldId}>Code from the text to {number}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={fieldId}
          name="code"
          className="w-36"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          value={code}
          aria-invalid={result?.bad || undefined}
          aria-describedby={`${fieldId}-result`}
          onChange={(event) => setCode(event.target.value)}
        />
        <PendingButton
          type="submit"
          size="sm"
          className="h-10"
          pending={confirm.isPending}
          pendingText="Confirming..."
          icon={<ShieldCheck aria-hidden="true" />}
          disabled={busy}
        >
          Confirm
        </PendingButton>
        <Button variant="outline" size="sm" className="h-10" onClick={sendAgain} disabled={busy}>
          {resend.isPending ? "Sending..." : "Send a new code"}
        </Button>
      </div>
      <p
        id={`${fieldId}-result`}
        aria-live="polite"
        className={result?.bad ? "text-sm text-red-700" : "text-sm text-slate-700"}
      >
        {result?.text ?? "6 digits, valid for 10 minutes."}
      </p>
    </Form>
  );
}
