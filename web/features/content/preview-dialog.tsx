// A page as the draft would show it, drawn by the server (POST /api/admin/content/preview) and shown in a frame
// with an empty sandbox: no script runs in it, its forms do not send, and it has an origin of its own, so the
// preview can neither act for the signed-in staff member nor be mistaken for the dashboard. Its scripts are taken
// out before it is shown: the sandbox would refuse each one anyway, with an error in the console.
import { Eye } from "lucide-react";
import { useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PendingButton } from "@/components/ui/pending-button";
import { toastFailure } from "@/features/staff/failure-toast";
import { contentApi } from "./api";
import { pageName } from "./pages";

interface PreviewButtonProps {
  path: string;
  /** The end of the button's name ("of Home page: hero"). */
  what: string;
  /** Runs first (saving the section's draft); a false answer stops the preview. */
  before?: () => Promise<boolean>;
  disabled?: boolean;
  /** Shows `what` on the button too, where several previews sit side by side. */
  showWhat?: boolean;
}

/** "Preview": saves what must be saved first, asks the server for the page, then shows it. */
export function PreviewButton({ path, what, before, disabled, showWhat }: PreviewButtonProps) {
  const [pending, setPending] = useState(false);
  const [html, setHtml] = useState<string | null>(null);
  async function open() {
    setPending(true);
    try {
      if (before && !(await before())) return;
      setHtml(withoutScripts(await contentApi.preview(path)));
    } catch (error) {
      toastFailure("The preview could not be shown", error);
    } finally {
      setPending(false);
    }
  }
  return (
    <>
      <PendingButton
        type="button"
        variant="outline"
        pending={pending}
        pendingText="Preparing the preview..."
        icon={<Eye aria-hidden="true" />}
        disabled={disabled || pending}
        onClick={() => void open()}
      >
        Preview
        <span className={showWhat ? undefined : "sr-only"}> {what}</span>
      </PendingButton>
      <PreviewDialog path={path} html={html} onClose={() => setHtml(null)} />
    </>
  );
}

export function PreviewDialog({
  path,
  html,
  onClose,
}: {
  path: string;
  html: string | null;
  onClose: () => void;
}) {
  const page = pageName(path);
  return (
    <Dialog open={html !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex h-[calc(100vh-2rem)] max-w-6xl flex-col">
        <DialogHeader>
          <DialogTitle>Preview: {page}</DialogTitle>
          <DialogDescription>
            {path} as visitors will see it once the draft is published. Links, forms and buttons do not work
            in the preview.
          </DialogDescription>
        </DialogHeader>
        {/* sandbox="": no script, no forms, no same-origin access. */}
        <iframe
          title={`Preview of ${page}`}
          sandbox=""
          srcDoc={html ?? ""}
          className="min-h-[28rem] w-full flex-1 rounded-md border border-slate-200 bg-white"
        />
      </DialogContent>
    </Dialog>
  );
}

/** The document without its scripts and their preloads (parsed inertly: DOMParser runs nothing). */
export function withoutScripts(html: string): string {
  const document = new DOMParser().parseFromString(html, "text/html");
  for (const element of document.querySelectorAll(
    'script, link[rel="modulepreload"], link[rel="preload"][as="script"]',
  ))
    element.remove();
  return `<!DOCTYPE html>\n${document.documentElement.outerHTML}`;
}
