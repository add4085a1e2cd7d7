// The number's code after an application with "Text me" ticked (issue 34): "We texted a code to ...", the code typed
// back confirms the number and turns texts on; "Send a new code" asks for another. A plain form posted to the
// enrollment page, so it also works should the page's script stop (server/sms/number-routes.ts answers both).
import { FORM_NAME_FIELD, NATIVE_FORMS } from "@shared/form-post";
import type { PhoneCheck } from "@shared/texts";
import { TextCodeSchema } from "@shared/texts";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { errorIdFor, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { apiJson, serverMessage } from "@/lib/api";

const CODE_ID = "phone-check-code";
const failure = (error: unknown) => serverMessage(error) ?? "Please try again in a moment.";

export function PhoneCheckStep({ check, action }: { check: PhoneCheck; action: string }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [note, setNote] = useState("");
  const [number, setNumber] = useState(check.number);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState("");

  async function act(run: () => Promise<void>) {
    setPending(true);
    setError("");
    setNote("");
    try {
      await run();
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setPending(false);
    }
  }

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = TextCodeSchema.safeParse(code.trim());
    if (!typed.success) {
      setError(typed.error.issues[0]?.message ?? "");
      return;
    }
    void act(async () => {
      const answer = await apiJson<{ message: string }>("POST", "/api/texts/confirm-number", {
        token: check.token,
        code: typed.data,
      });
      setDone(answer.message);
    });
  }

  function resend() {
    void act(async () => {
      const answer = await apiJson<{ number: string }>("POST", "/api/texts/resend-code", {
        token: check.token,
      });
      setNumber(answer.number);
      setCode("");
      setNote("We texted you a new code.");
    });
  }

  if (done) {
    return (
      <p role="status" className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900">
        {done}
      </p>
    );
  }
  return (
    <section
      aria-labelledby="phone-check-heading"
      className="grid gap-3 rounded-lg border border-slate-200 p-4"
    >
      <h3 id="phone-check-heading" className="text-base font-semibold text-slate-900">
        Confirm your number
      </h3>
      <p className="text-sm text-slate-700">We texted a code to {number}.</p>
      {note && (
        <p role="status" className="text-sm text-slate-700">
          {note}
        </p>
      )}
      <form method="post" action={action} onSubmit={confirm} noValidate className="grid gap-3">
        <input type="hidden" name={FORM_NAME_FIELD} value={NATIVE_FORMS.phoneCode} />
        <input type="hidden" name="token" value={check.token} />
        <Field id={CODE_ID} label="Code from the text" error={error}>
          <Input
            id={CODE_ID}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorIdFor(CODE_ID) : undefined}
            className="sm:max-w-40"
          />
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="confirm" disabled={pending}>
            Confirm
          </Button>
          <Button type="button" variant="outline" onClick={resend} disabled={pending}>
            Send a new code
          </Button>
        </div>
      </form>
    </section>
  );
}
