// The certificates section of /my-training: each certificate the signed-in person holds, with its number, dates,
// status, PDF and verification address, and a switch that hides it from the public search by number and surname
// (the QR code's link keeps working). It needs no portal subscription: a certificate belongs to its holder.
import { formatCalendarDate } from "@shared/calendar-dates";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Card } from "@/components/ui/card";
import { DescriptionList } from "@/components/ui/description-list";
import { serverMessage } from "@/lib/api";
import { toast } from "@/lib/use-toast";
import {
  type Certificate,
  certificateApi,
  certificateQueries,
  invalidateCertificates,
  myPdfUrl,
} from "./api";
import { expiryText, numberText, PdfLink, StatusBadge } from "./certificate-text";

const FACT = {
  item: "flex flex-wrap gap-x-2",
  term: "font-semibold text-slate-900",
  detail: "text-slate-700",
};

function HideFromSearch({ certificate }: { certificate: Certificate }) {
  const queryClient = useQueryClient();
  const hide = useMutation({
    mutationFn: (hidden: boolean) => certificateApi.hideFromSearch(certificate.id, hidden),
    onSuccess: async (saved) => {
      toast(
        saved.hiddenFromSearch
          ? { title: "Hidden from the search", description: "Your QR code and verification link still work." }
          : {
              title: "Shown in the search",
              description: "Anyone with its number and your surname can check it.",
            },
      );
      await invalidateCertificates.mine(queryClient);
    },
    onError: (error) =>
      toast({
        title: "Could not change the search setting",
        description: serverMessage(error) ?? "Please try again.",
        variant: "destructive",
      }),
  });
  const id = `hide-certificate-${certificate.id}`;
  // The box shows the click at once (see attendance-box.tsx), until the saved value is back.
  const [clicked, setClicked] = useState<boolean | null>(null);
  const hidden = clicked ?? certificate.hiddenFromSearch;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <input
          id={id}
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={hidden}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            if (hide.isPending) return;
            setClicked(event.target.checked);
            hide.mutate(event.target.checked, { onSettled: () => setClicked(null) });
          }}
        />
        Hide from search by number and surname
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        The verification page then finds it only through its QR code or verification address, which keep
        working.
      </p>
    </div>
  );
}

function CertificateCard({ certificate }: { certificate: Certificate }) {
  const headingId = `certificate-${certificate.id}`;
  return (
    <Card asChild className="p-6">
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h3 id={headingId} className="text-lg font-bold text-brand-900">
            {certificate.title}
          </h3>
          <StatusBadge status={certificate.status} />
        </div>
        <DescriptionList
          className="mt-4 grid gap-2 text-sm"
          classes={FACT}
          rows={[
            ["Number", numberText(certificate)],
            ["Holder", certificate.holderName],
            ["Issued", formatCalendarDate(certificate.issuedOn)],
            ["Expires", expiryText(certificate)],
            [
              "Verification address",
              <a key="verify" href={certificate.verifyUrl} className="break-all text-brand-700 underline">
                {certificate.verifyUrl}
              </a>,
            ],
          ]}
        />
        <div className="mt-5 grid gap-4">
          <div className="flex flex-wrap gap-2">
            <PdfLink href={myPdfUrl(certificate.id)} detail={` of ${numberText(certificate)}`} />
          </div>
          {certificate.status !== "replaced" && <HideFromSearch certificate={certificate} />}
        </div>
      </article>
    </Card>
  );
}

export function MyCertificates() {
  const list = useQuery(certificateQueries.mine());
  return (
    <section aria-labelledby="my-certificates-title" className="mt-10 grid max-w-3xl gap-4">
      <h2 id="my-certificates-title" className="text-xl font-bold text-brand-900">
        Certificates
      </h2>
      {list.isPending && <p className="text-slate-600">Loading your certificates...</p>}
      {list.isError && (
        <p role="alert" className="text-red-700">
          We could not load your certificates. Please reload the page in a moment.
        </p>
      )}
      {list.data?.length === 0 && (
        <Card className="p-6 text-slate-700">
          No certificates yet. When you pass a course, its certificate appears here and is e-mailed to you.
        </Card>
      )}
      {list.data?.map((certificate) => (
        <CertificateCard key={certificate.id} certificate={certificate} />
      ))}
    </section>
  );
}
