// PAYMENTS_SANDBOX=true: a pretend M-PAiSA for demonstrations. Its checkout page is ours (plain HTML, no script,
// so the CSP stays strict) and approving or declining there delivers a callback built, signed and sent through
// the same HTTP route as the real provider's, so the demonstration exercises the real verification and rules.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { COMPANY } from "../../shared/company";
import { formatMoney } from "../../shared/constants";
import type { Env } from "../env";
import type { WalletGateway } from "./mpaisa";
import {
  centsToWireAmount,
  MPAISA_SIGNATURE_HEADER,
  type MpaisaCallback,
  signMpaisaBody,
} from "./mpaisa-wire";

// Without a configured secret the sandbox signs with one made per process (so a sandbox spread over several
// instances needs MPAISA_CALLBACK_SECRET set to verify each other's callbacks).
const processSecret = randomBytes(32).toString("hex");

export const SANDBOX_MERCHANT_ID = "SANDBOX";

export function sandboxCallbackSecret(env: Pick<Env, "MPAISA_CALLBACK_SECRET">): string {
  return env.MPAISA_CALLBACK_SECRET ?? processSecret;
}

export function sandboxCheckoutUrl(publicUrl: string, reference: string): string {
  return `${publicUrl}/api/mpaisa/sandbox/${reference}`;
}

export function createSandboxGateway(publicUrl: string): WalletGateway {
  return {
    async requestPayment(request) {
      return {
        transactionId: `SBX-${randomBytes(6).toString("hex").toUpperCase()}`,
        status: "PENDING",
        checkoutUrl: sandboxCheckoutUrl(publicUrl, request.reference),
        message: "Sandbox wallet: approve or decline the payment on the checkout page.",
      };
    },
  };
}

export interface SandboxPayment {
  reference: string;
  method: "mobile" | "qr";
  name: string | null;
  phone: string | null;
  amountCents: number;
  status: "pending" | "completed" | "failed";
  providerTransactionId: string | null;
  message: string | null;
}

/** Posts the provider's callback to our own endpoint: the real route, the real signature check. */
export async function sendSandboxCallback(
  app: FastifyInstance,
  payment: SandboxPayment,
  status: "COMPLETED" | "DECLINED",
): Promise<number> {
  const callback: MpaisaCallback = {
    reference: payment.reference,
    transactionId: payment.providerTransactionId ?? `SBX-${randomBytes(6).toString("hex").toUpperCase()}`,
    status,
    amount: centsToWireAmount(payment.amountCents),
    currency: "FJD",
    timestamp: new Date().toISOString(),
    ...(status === "DECLINED" ? { message: "The payer declined in the sandbox wallet." } : {}),
  };
  const body = JSON.stringify(callback);
  const res = await app.inject({
    method: "POST",
    url: "/api/mpaisa/callback",
    headers: {
      "content-type": "application/json",
      [MPAISA_SIGNATURE_HEADER]: signMpaisaBody(body, sandboxCallbackSecret(app.env)),
    },
    payload: body,
  });
  return res.statusCode;
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:2rem 1rem}
main{max-width:26rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .25rem}p{line-height:1.5}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}
dt{color:#475569}dd{margin:0;font-weight:600}.note{font-size:.875rem;color:#475569}
.actions{display:flex;gap:.75rem;margin-top:1.25rem}form{flex:1}
button{width:100%;padding:.7rem;border-radius:.5rem;font-size:1rem;cursor:pointer;border:1px solid #cbd5e1;background:#fff}
.approve{background:#b91c1c;color:#fff;border-color:#b91c1c}a{color:#1d4ed8}`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sandbox checkout page: details, then Approve/Decline while pending, or the outcome once final. */
export function sandboxPage(payment: SandboxPayment): string {
  const amount = formatMoney(payment.amountCents);
  const base = `/api/mpaisa/sandbox/${payment.reference}`;
  const rows: [string, string][] = [
    ["Merchant", COMPANY.name],
    ["Amount", amount],
    ["Reference", payment.reference],
  ];
  if (payment.phone) rows.push(["Mobile", `•••${payment.phone.slice(-4)}`]);
  const details = rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join("");
  const body =
    payment.status === "pending"
      ? `<p>Approve this payment as the M-PAiSA app would ask you to.</p><dl>${details}</dl>
<div class="actions"><form method="post" action="${base}/approve"><button type="submit" class="approve">Approve payment</button></form>
<form method="post" action="${base}/decline"><button type="submit">Decline</button></form></div>`
      : `<p role="status"><strong>${payment.status === "completed" ? "Payment approved." : "Payment declined."}</strong> ${escapeHtml(payment.message ?? "")}</p>
<dl>${details}</dl><p>You can close this tab, or go to the <a href="/portal">Document Portal</a>.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>M-PAiSA sandbox checkout</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>
<body><main><h1>M-PAiSA sandbox checkout</h1><p class="note">A demonstration wallet: no money moves.</p>${body}</main></body></html>`;
}
