// The public certificate check (docs/product.md, Certificates): anyone types a certificate's number and its holder's
// surname, or scans its QR code (/verify/<code>). The form is a plain GET form, so it works without JavaScript: the
// server answers the page with the certificate (or "not found") in the answer slot (ADR 029).

import { SHOWN_PREFIX } from "@shared/constants";
import { ShieldCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { AnswerPage } from "@/components/layout/answer-page";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, hintIdFor } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { COMPANY } from "@/content/company";

const NUMBER_ID = "verify-number";
const SURNAME_ID = "verify-surname";

/** After a search, the form shows what was searched for (the server's page has it empty). */
function useSearchedValues() {
  const number = useRef<HTMLInputElement>(null);
  const surname = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    if (number.current) number.current.value = query.get("number") ?? "";
    if (surname.current) surname.current.value = query.get("surname") ?? "";
  }, []);
  return { number, surname };
}

function VerifyForm() {
  const refs = useSearchedValues();
  return (
    <Card asChild className="mt-8 p-6">
      <section aria-labelledby="verify-form-title">
        <h2 id="verify-form-title" className="text-lg font-semibold text-slate-900">
          Check a certificate
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Enter the details exactly as printed on the certificate, or scan its QR code.
        </p>
        <form method="get" action="/verify" className="mt-5 grid gap-5 sm:grid-cols-2">
          <Field
            id={NUMBER_ID}
            label="Certificate number"
            required
            hint={`For example ${SHOWN_PREFIX.current}-B-2026-0042`}
          >
            <Input
              ref={refs.number}
              id={NUMBER_ID}
              name="number"
              required
              maxLength={40}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-describedby={hintIdFor(NUMBER_ID)}
            />
          </Field>
          <Field id={SURNAME_ID} label="Holder's surname" required>
            <Input
              ref={refs.surname}
              id={SURNAME_ID}
              name="surname"
              required
              maxLength={100}
              autoComplete="off"
            />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit">Verify certificate</Button>
          </div>
        </form>
      </section>
    </Card>
  );
}

export default function VerifyPage() {
  return (
    <AnswerPage
      icon={ShieldCheck}
      eyebrow="Certificate check"
      title="Verify a Training Certificate"
      description={`Employers, clients and the regulator can check that a certificate issued by ${COMPANY.legalName} is genuine and still valid. Only what a check needs is shown: never the holder's contact details.`}
      slot="verify"
    >
      <VerifyForm />
    </AnswerPage>
  );
}
