// The "Clear" action of a form that keeps a draft on this device (web/lib/form-draft.ts): it empties the form and
// forgets the draft. Beside it, once a draft was put back, a word on where the answers came from.
import { Button } from "@/components/ui/button";

export function ClearDraft({ onClear, restored }: { onClear: () => void; restored: boolean }) {
  return (
    <>
      <Button type="button" variant="outline" size="lg" onClick={onClear}>
        Clear
      </Button>
      {restored && <p className="text-sm text-slate-600">Restored from your last visit on this device.</p>}
    </>
  );
}
