// Server-side renderer of the pages' live slots (ADR 029), built with the prerenderer and loaded by the server at
// boot: it renders a slot's intakes (or the portal's documents) with the same components the browser uses after an
// in-app navigation.
import type { VerifyAnswer } from "@shared/certificates";
import type { UnsubscribeAnswer } from "@shared/digest";
import type { LibraryDocument } from "@shared/library";
import type { TextStopAnswer } from "@shared/text-stop";
import type { PublicIntake } from "@shared/training";
import { renderToString } from "react-dom/server";
import { Router } from "wouter";
import { DocumentList } from "@/features/portal/document-list";
import { DOCUMENTS_SLOT } from "@/features/portal/served-documents";
import { courseInstancesGraph } from "@/features/schedule/course-instances";
import { SlotContent } from "@/features/schedule/intake-list";
import { intakesFor, isLiveSlot } from "@/features/schedule/live-slots";
import { TextStopAnswerView } from "@/features/texts/text-stop-answer";
import { UnsubscribeAnswerView } from "@/features/unsubscribe/unsubscribe-answer";
import { VerifyAnswerView } from "@/features/verify/verify-answer";

export interface RenderedSlots {
  /** Each slot's HTML, by slot name. */
  html: Record<string, string>;
  /** CourseInstance JSON-LD of every intake shown, or null when there is none. */
  jsonLd: object | null;
}

/** What the slots show, as the server reads it (server/app.ts): the public schedule and the published documents. */
export interface LiveSlotData {
  /** What GET /api/intakes answers. */
  schedule: readonly PublicIntake[];
  /** What GET /api/documents answers. */
  documents: readonly LibraryDocument[];
}

/** Renders the named slots of one page from the current data. */
export function renderSlots(
  slots: readonly string[],
  { schedule, documents }: LiveSlotData,
  origin: string,
): RenderedSlots {
  const html: Record<string, string> = {};
  const shown = new Map<number, PublicIntake>();
  for (const slot of slots) {
    if (slot === DOCUMENTS_SLOT) {
      // The cards as an anonymous visitor sees them; a subscriber's page turns them into downloads once it loads.
      html[slot] = renderToString(<DocumentList documents={documents} canDownload={false} />);
      continue;
    }
    if (!isLiveSlot(slot)) throw new Error(`Unknown live slot "${slot}"`);
    const intakes = intakesFor(slot, schedule);
    for (const intake of intakes) shown.set(intake.id, intake);
    // ssrPath: wouter's links read the location, which a server does not have; it does not change their markup.
    html[slot] = renderToString(
      <Router ssrPath="/">
        <SlotContent slot={slot} intakes={intakes} />
      </Router>,
    );
  }
  return { html, jsonLd: courseInstancesGraph([...shown.values()], origin) };
}

/** The certificate check's answer (server/certificates/verify-routes.ts), with the verification page's own component. */
export function renderVerifyAnswer(answer: VerifyAnswer): string {
  return renderToString(<VerifyAnswerView answer={answer} />);
}

/** The unsubscribe page's answer (server/portal/unsubscribe-routes.ts), with the page's own component. */
export function renderUnsubscribeAnswer(answer: UnsubscribeAnswer): string {
  return renderToString(<UnsubscribeAnswerView answer={answer} />);
}

/** The text opt-out page's answer (server/sms/text-routes.ts), with the page's own component. */
export function renderTextStopAnswer(answer: TextStopAnswer): string {
  return renderToString(<TextStopAnswerView answer={answer} />);
}
