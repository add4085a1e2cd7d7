// The monthly digest's unsubscribe page (docs/product.md, Monthly digest), opened from the e-mail's link. Opening it
// changes nothing: the server fills in who the link is for and a button that confirms (ADR 029's answer slot).
import { MailX } from "lucide-react";
import { AnswerPage } from "@/components/layout/answer-page";

export default function UnsubscribePage() {
  return (
    <AnswerPage
      icon={MailX}
      eyebrow="Monthly digest"
      title="Unsubscribe from the Monthly Digest"
      description="Subscribers get one e-mail on the first working day of each month listing the documents added to or updated in the portal."
      slot="unsubscribe"
    />
  );
}
