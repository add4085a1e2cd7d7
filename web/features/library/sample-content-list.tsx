// The dashboard's "Sample content" card (docs/product.md, Sample content): what the site still shows only because
// it shipped with it (the first-run testimonials, figures and claims, and the starting documents whose file is the
// sample), each with what to do about it. The server computes the list from the real data.
import type { SampleContent, SampleKind } from "@shared/sample-content";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { StaffSection } from "@/features/staff/staff-section";
import { apiJson } from "@/lib/api";
import { SAMPLE_CONTENT } from "./api";

const sampleContentQuery = queryOptions({
  queryKey: [SAMPLE_CONTENT] as const,
  queryFn: () => apiJson<SampleContent>("GET", SAMPLE_CONTENT),
});

const KIND_HEADINGS: Record<SampleKind, string> = {
  document: "Documents",
  testimonial: "Testimonials",
  figure: "Headline figures",
  claim: "Certification and other claims",
};
const ORDER: readonly SampleKind[] = ["document", "testimonial", "figure", "claim"];

export function SampleContentList() {
  const { data, isPending, isError } = useQuery(sampleContentQuery);
  let body: ReactNode;
  if (isPending) body = <p className="text-sm text-slate-600">Loading the sample content...</p>;
  else if (isError) body = <p className="text-sm text-red-700">The sample content could not be loaded.</p>;
  else if (data.items.length === 0)
    body = <p className="text-sm text-slate-700">Nothing on the site is sample content any more.</p>;
  else
    body = ORDER.map((kind) => {
      const items = data.items.filter((item) => item.kind === kind);
      if (items.length === 0) return null;
      const headingId = `sample-${kind}-title`;
      return (
        <section key={kind} aria-labelledby={headingId} className="grid gap-2">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {KIND_HEADINGS[kind]} ({items.length})
          </h3>
          <p className="text-sm text-slate-700">{items[0]?.action}</p>
          <ul className="grid gap-1 text-sm text-slate-800">
            {items.map((item) => (
              <li key={item.id}>
                <span className="font-medium">{item.label}</span>
                <span className="text-slate-600">: {item.where}</span>
              </li>
            ))}
          </ul>
        </section>
      );
    });
  return (
    <StaffSection
      id="sample-content"
      title="Sample content"
      intro="The first-run sample texts and files shipped with the site, still shown to visitors. Replace or remove each before you rely on the site."
    >
      <div className="grid gap-5 rounded-xl border border-slate-200 bg-white p-5">{body}</div>
    </StaffSection>
  );
}
