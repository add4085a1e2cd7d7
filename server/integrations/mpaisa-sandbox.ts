// PAYMENTS_SANDBOX=true: a pretend M-PAiSA gateway for demonstrations, speaking the same flow as the real one. The
// handshake opens a request in the sandbox's own ledger and answers the address of its payment page (ours: plain
// HTML, no script, so the CSP stays strict); approving or declining there sends the payer back through our return
// route with a token made as the gateway makes it, and the status call reads the ledger. So a demonstration runs the
// real return check, status confirmation and crediting rules.
import { randomBytes } from "node:crypto";
import { COMPANY } from "../../shared/company";
import { SANDBOX_REQUEST_PATTERN } from "../../shared/contracts/payments";
import { formatFjd } from "../../shared/money-format";
import type { Env } from "../env";
import { escapeHtml } from "../platform/plain-page";
import type { PaymentStatus, WalletGateway } from "./mpaisa";
import {
  centsToWireAmount,
  DECLINED_CODE,
  digestMatches,
  EXPIRED_CODE,
  gatewayDigest,
  gatewayReturnUrl,
  outcomeOf,
  PAID_CODE,
  PAYABLE_FOR_MS,
  PENDING_CODE,
} from "./mpaisa-wire";

// Without a configured secret the sandbox signs with one made per process; its ledger lives in this process too.
const processSecret = randomBytes(32).toString("hex");

export function sandboxSecret(env: Pick<Env, "MPAISA_CLIENT_SECRET">): string {
  return env.MPAISA_CLIENT_SECRET ?? processSecret;
}

export { SANDBOX_REQUEST_PATTERN };

export interface SandboxRequest {
  requestId: string;
  reference: string;
  amountCents: number;
  itemDetail: string;
  returnUrl: string;
  code: number;
  payableUntil: number;
  createdAt: number;
}

/** The sandbox gateway's requests, for this process (demonstrations run on one machine, ADR 016). */
const ledger = new Map<string, SandboxRequest>();
const LEDGER_KEEP_MS = 24 * 60 * 60 * 1000;

function prune(now: number) {
  for (const [id, entry] of ledger) if (now - entry.createdAt > LEDGER_KEEP_MS) ledger.delete(id);
}

/** A request as its page shows it; an unpaid one past its time is expired. */
export function sandboxRequest(requestId: string, now = Date.now()): SandboxRequest | undefined {
  const entry = ledger.get(requestId);
  if (entry && entry.code === PENDING_CODE && now > entry.payableUntil) entry.code = EXPIRED_CODE;
  return entry;
}

export function sandboxCheckoutPath(requestId: string): string {
  return `/api/mpaisa/sandbox/${requestId}`;
}

export function createSandboxGateway(publicUrl: string, secret: string): WalletGateway {
  return {
    async startPayment(payment) {
      const now = Date.now();
      prune(now);
      const requestId = `SBX-${randomBytes(6).toString("hex").toUpperCase()}`;
      ledger.set(requestId, {
        requestId,
        reference: payment.reference,
        amountCents: payment.amountCents,
        itemDetail: payment.itemDetail,
        returnUrl: payment.returnUrl,
        code: PENDING_CODE,
        payableUntil: now + PAYABLE_FOR_MS,
        createdAt: now,
      });
      return {
        requestId,
        checkoutUrl: `${publicUrl}${sandboxCheckoutPath(requestId)}`,
        payableUntil: new Date(now + PAYABLE_FOR_MS),
        digestMatches: true,
      };
    },
    async checkStatus({ reference, requestId }): Promise<PaymentStatus> {
      const entry = sandboxRequest(requestId);
      // A request this process never opened (or forgot in a restart) can no longer be paid.
      if (!entry || entry.reference !== reference) return { ...outcomeOf(EXPIRED_CODE), code: EXPIRED_CODE };
      return { ...outcomeOf(entry.code), code: entry.code, amountCents: entry.amountCents };
    },
    verifyReturn(back) {
      const expected = gatewayDigest({
        reference: back.reference,
        amount: centsToWireAmount(back.amountCents),
        itemDetail: back.itemDetail,
        clientSecret: secret,
        code: back.code,
      });
      return digestMatches(expected, back.token);
    },
  };
}

/** The payer approves or declines: the ledger records it, and the answer is where the gateway sends them back. */
export function decideSandboxRequest(
  requestId: string,
  decision: "approve" | "decline",
  secret: string,
): string | null {
  const entry = sandboxRequest(requestId);
  if (!entry) return null;
  if (entry.code === PENDING_CODE) entry.code = decision === "approve" ? PAID_CODE : DECLINED_CODE;
  return sandboxReturnUrl(entry, secret);
}

function sandboxReturnUrl(entry: SandboxRequest, secret: string): string {
  const token = gatewayDigest({
    reference: entry.reference,
    amount: centsToWireAmount(entry.amountCents),
    itemDetail: entry.itemDetail,
    clientSecret: secret,
    code: entry.code,
  });
  return gatewayReturnUrl(entry.returnUrl, {
    code: entry.code,
    reference: entry.reference,
    requestId: entry.requestId,
    token,
  });
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:2rem 1rem}
main{max-width:26rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .25rem}p{line-height:1.5}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}
dt{color:#475569}dd{margin:0;font-weight:600}.note{font-size:.875rem;color:#475569}
.actions{display:flex;gap:.75rem;margin-top:1.25rem}form{flex:1}
button{width:100%;padding:.7rem;border-radius:.5rem;font-size:1rem;cursor:pointer;border:1px solid #cbd5e1;background:#fff}
.approve{background:#b91c1c;color:#fff;border-color:#b91c1c}a{color:#1d4ed8}`;

/** The sandbox payment page: details, then Approve/Decline while payable, or the outcome and the way back. */
export function sandboxPage(entry: SandboxRequest, secret: string): string {
  const base = sandboxCheckoutPath(entry.requestId);
  const rows: [string, string][] = [
    ["Merchant", COMPANY.mpaisa.merchantName],
    ["Amount", formatFjd(entry.amountCents)],
    ["For", entry.itemDetail],
    ["Request", entry.requestId],
  ];
  const details = rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join("");
  const outcome = outcomeOf(entry.code);
  const body =
    entry.code === PENDING_CODE
      ? `<p>Approve this payment as your M-PAiSA wallet would ask you to.</p><dl>${details}</dl>
<div class="actions"><form method="post" action="${escapeHtml(base)}/approve"><button type="submit" class="approve">Approve payment</button></form>
<form method="post" action="${escapeHtml(base)}/decline"><button type="submit">Decline</button></form></div>`
      : `<p role="status"><strong>${outcome.outcome === "paid" ? "Payment approved." : "Payment not made."}</strong> ${escapeHtml(outcome.reason)}</p>
<dl>${details}</dl><p><a href="${escapeHtml(sandboxReturnUrl(entry, secret))}">Return to ${escapeHtml(COMPANY.name)}</a></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>M-PAiSA sandbox payment page</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>
<body><main><h1>M-PAiSA sandbox payment page</h1><p class="note">A demonstration wallet: no money moves.</p>${body}</main></body></html>`;
}
