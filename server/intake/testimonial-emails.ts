// The e-mail a review's writer gets when their review is approved and they ticked "You may feature my review": it
// says the review is public and may be featured, in their words, and gives the link that withdraws that permission
// (docs/product.md, Testimonials with consent). It holds a one-time capability, so it is sensitive: the outbox keeps
// no copy of the link once sent.
import { withdrawPathOf } from "../../shared/testimonials";
import { mailText } from "../integrations/mail/mail-text";
import type { EmailMessage } from "../integrations/mail/mailer";
import { firstNameOf, greeting, signature } from "./emails";

export const withdrawUrlOf = (publicUrl: string, token: string) =>
  mailText`${publicUrl}${withdrawPathOf(token)}`;

export function reviewApprovedEmail(
  to: string,
  review: { name: string; text: string },
  publicUrl: string,
  token: string,
): EmailMessage {
  return {
    to,
    subject: mailText`Your review is on our website`,
    text: mailText`${greeting(firstNameOf(review.name))}

Thank you for your review. It is now shown on our website:

"${review.text}"

You ticked "You may feature my review", so we may also show it as a testimonial on our home page, in your words as you wrote them, with a photo of you only if you give us one.

You can withdraw that permission at any time, without signing in, with this link:
${withdrawUrlOf(publicUrl, token)}

The review then stays among the other reviews, but is no longer featured and any photo of you is removed.

${signature()}`,
    sensitive: true,
  };
}
