// Every e-mail the site sends, as its reader receives it, filled with the sample data (made-up people, codes and
// links): staff pick a template and see its headers, its files, the HTML part in a sandboxed frame (no script, no
// same-origin access) and the plain-text part the same e-mail carries.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DescriptionList } from "@/components/ui/description-list";
import { NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { adminQueries, type EmailPreview, type EmailPreviewItem } from "@/features/staff/api";
import { ListStatus } from "./list-status";
import { StaffSection } from "./staff-section";

/** The cases of each template together, in the order the server lists them. */
function byTemplate(items: readonly EmailPreviewItem[]): [string, EmailPreviewItem[]][] {
  const groups = new Map<string, EmailPreviewItem[]>();
  for (const item of items) groups.set(item.template, [...(groups.get(item.template) ?? []), item]);
  return [...groups];
}

export function EmailPreviews() {
  const list = useQuery(adminQueries.emailPreviews());
  // Nothing is drawn until staff pick a template: opening the tab costs the server no render.
  const [chosen, setChosen] = useState("");
  const items = list.data?.items ?? [];
  return (
    <StaffSection
      id="email-previews"
      title="E-mail templates"
      intro="Each e-mail the site sends, filled with sample data (made-up people, codes and links), as it would be sent now."
    >
      <ListStatus
        isPending={list.isPending}
        isError={list.isError}
        isEmpty={items.length === 0}
        noun="e-mail templates"
        emptyText="No e-mail templates."
        onRetry={() => void list.refetch()}
      />
      {items.length > 0 && (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor="email-preview-template">Template</Label>
            <NativeSelect
              id="email-preview-template"
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
              className="w-auto max-w-full"
            >
              <option value="">Choose an e-mail to preview</option>
              {byTemplate(items).map(([template, cases]) => (
                <optgroup key={template} label={template}>
                  {cases.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.subject} ({item.variant})
                    </option>
                  ))}
                </optgroup>
              ))}
            </NativeSelect>
          </div>
          {chosen && <Preview id={chosen} />}
        </>
      )}
    </StaffSection>
  );
}

function Preview({ id }: { id: string }) {
  const preview = useQuery(adminQueries.emailPreview(id));
  if (!preview.data) {
    return (
      <ListStatus
        isPending={preview.isPending}
        isError={preview.isError}
        isEmpty={false}
        noun="the preview"
        emptyText=""
        onRetry={() => void preview.refetch()}
      />
    );
  }
  return <PreviewBody email={preview.data} />;
}

function PreviewBody({ email }: { email: EmailPreview }) {
  const rows: [string, string][] = [
    ["Subject", email.subject],
    ["From", email.from],
    ["Reply-To", email.replyTo],
    [
      "Attached",
      email.attachments.map((file) => `${file.filename} (${file.contentType})`).join(", ") || "Nothing",
    ],
    ["Unsubscribe header", email.listUnsubscribe ? "One-click (the monthly digest only)" : "None"],
  ];
  return (
    <article aria-label={`Preview: ${email.subject}`} className="grid gap-4">
      <DescriptionList
        rows={rows}
        className="grid gap-1 text-sm"
        classes={{
          item: "flex flex-wrap gap-x-2",
          term: "font-medium text-slate-700",
          detail: "break-all text-slate-900",
        }}
      />
      {email.sensitive && (
        <p className="text-sm text-slate-700">
          This e-mail carries a sign-in code or link: the one shown is made up.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-label="HTML part" className="grid gap-2">
          <h3 className="text-sm font-semibold text-slate-900">HTML part</h3>
          {/* sandbox="": no script, no forms, and an origin of its own. */}
          <iframe
            title={`HTML part of ${email.subject}`}
            sandbox=""
            srcDoc={email.html}
            className="h-[36rem] w-full rounded-md border border-slate-200 bg-white"
          />
        </section>
        <section aria-label="Plain-text part" className="grid gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Plain-text part</h3>
          <pre className="h-[36rem] overflow-auto whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-900">
            {email.text}
          </pre>
        </section>
      </div>
    </article>
  );
}
