// What every text-message adapter offers (issue 34): Twilio through its SDK when configured, otherwise files under
// DATA_DIR/sms, so a fresh install keeps every text as it keeps every e-mail. The outbox (wired later) sends through
// this interface only, and retries a failure only when the provider says trying again can help: a network error, a
// 5xx or a 429 is retryable; an invalid number or a refused sender is permanent and is never resent.

export type SmsChannel = "sms" | "whatsapp";

/** A WhatsApp message outside the 24-hour window must be an approved template: its id and its variables. */
export interface SmsTemplate {
  contentSid: string;
  variables: Record<string, string>;
}

export interface SmsMessage {
  /** The number in E.164 ("+6797012345"); the adapter adds the "whatsapp:" prefix where the channel needs it. */
  to: string;
  /** The text (SMS), or absent when a template is sent. */
  body?: string;
  template?: SmsTemplate;
  channel: SmsChannel;
  /** Where the provider reports delivery (built from PUBLIC_URL by the caller). */
  statusCallback?: string;
}

export interface SmsSent {
  /** The provider's id of the message ("SM…" at Twilio, "file:<name>" for the file adapter). */
  providerId: string;
  /** The provider's first status ("queued", "accepted"; "written" for a file). */
  status: string;
}

export interface SmsProvider {
  readonly kind: "twilio" | "file";
  /** Resolves once the provider accepted the message; throws SmsSendError otherwise. */
  send(message: SmsMessage): Promise<SmsSent>;
}

/** Why a text was not sent, and whether the outbox may try again. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The provider's HTTP status, when there was an answer. */
    readonly status?: number,
    /** The provider's own error code (Twilio's 21211 is an invalid To number). */
    readonly code?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SmsSendError";
  }
}

/** A failure trying again can cure: no answer at all, the provider's own fault (5xx), or too many requests (429). */
export const retryableStatus = (status: number | undefined): boolean =>
  status === undefined || status === 429 || status >= 500;

/** A message must say something: a body for SMS, or a template (required for WhatsApp here). */
export function checkSmsMessage(message: SmsMessage): void {
  if (!/^\+[1-9]\d{6,14}$/.test(message.to)) {
    throw new SmsSendError("The number is not in E.164 form", false);
  }
  if (message.channel === "whatsapp" && !message.template) {
    throw new SmsSendError("A WhatsApp message needs an approved template", false);
  }
  if (message.channel === "sms" && !message.body) {
    throw new SmsSendError("A text message needs a body", false);
  }
}
