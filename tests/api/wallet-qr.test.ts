import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { auditLog, walletPayments } from "../../server/db/schema";
import { QR_DESCRIPTION, QR_EMAIL_REQUIRED_MESSAGE } from "../../shared/payment";
import { localPath } from "../fakes/mpaisa";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { latestMailTo } from "../helpers/outbox-mail";
import { SANDBOX_ORIGIN, withTestApp } from "../helpers/test-app";
import { DAY, helpers } from "../helpers/wallet";

/**
 * Reads the `qrcode` package's SVG back into its module matrix: one stroked path of horizontal runs ("M x y.5" starts
 * a row, "m dx 0" skips light modules, "h n" draws n dark ones) inside a square viewBox.
 */
function svgToMatrix(svg: string): boolean[][] {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const d = /<path[^>]*stroke="#000000"[^>]*d="([^"]+)"/.exec(svg)?.[1];
  if (!size || !d) throw new Error("not a qrcode SVG");
  const matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, cmd, a = "0", b = "0"] of d.matchAll(/([MmHh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (cmd === "M") [x, y] = [Number(a), Number(b)];
    else if (cmd === "m") [x, y] = [x + Number(a), y + Number(b)];
    else if (cmd === "h") {
      const row = matrix[Math.floor(y)];
      for (let i = 0; i < Number(a); i++) if (row) row[x + i] = true;
      x += Number(a);
    }
  }
  return matrix;
}

/** The matrix as an RGBA image, `scale` pixels a module, for jsQR. */
function rasterise(matrix: boolean[][], scale = 6): { data: Uint8ClampedArray; width: number } {
  const width = matrix.length * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  matrix.forEach((row, my) => {
    row.forEach((dark, mx) => {
      if (!dark) return;
      for (let py = my * scale; py < (my + 1) * scale; py++) {
        for (let px = mx * scale; px < (mx + 1) * scale; px++) {
          const at = (py * width + px) * 4;
          data[at] = data[at + 1] = data[at + 2] = 0;
        }
      }
    });
  });
  return { data, width };
}

function decodeQrDataUrl(url: string): string {
  const prefix = "data:image/svg+xml;base64,";
  expect(url.startsWith(prefix)).toBe(true);
  const svg = Buffer.from(url.slice(prefix.length), "base64").toString("utf8");
  const { data, width } = rasterise(svgToMatrix(svg));
  const code = jsQR(data, width, width);
  if (!code) throw new Error("the QR code did not decode");
  return code.data;
}

describe("M-PAiSA QR codes", () => {
  const t = withTestApp({
    env: {
      RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
      PAYMENTS_SANDBOX: "true",
      PUBLIC_URL: SANDBOX_ORIGIN,
      // The sandbox takes precedence over a configured gateway (whose secret it then signs with).
      MPAISA_API_URL: "http://127.0.0.1:9",
      MPAISA_CLIENT_ID: "unused-in-sandbox",
      MPAISA_CLIENT_SECRET: "mpaisa-qr-test-secret",
      STAFF_EMAIL: "staff@pacificskyrpas.example",
    },
  });

  /** The payer presses Approve on the sandbox's payment page and their browser follows the way back to us. */
  async function approveOnPage(checkoutUrl: string) {
    const approve = await t.app.inject({
      method: "POST",
      url: `${new URL(checkoutUrl).pathname}/approve`,
      headers: { origin: SANDBOX_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(approve.statusCode).toBe(303);
    const back = await t.app.inject({ method: "GET", url: localPath(String(approve.headers.location)) });
    expect(back.statusCode, back.body).toBe(303);
  }

  const { post, payment, subscription } = helpers(() => t, SANDBOX_ORIGIN);
  const generate = (amount: string, email?: string) =>
    post("/api/generate-qr-payment", { amount, description: QR_DESCRIPTION, ...(email ? { email } : {}) });
  const unmatchedForStaff = (cookie: string) =>
    t.app.inject({ method: "GET", url: "/api/admin/wallet-payments?status=unmatched", headers: { cookie } });
  const assign = (reference: string, email: string, cookie: string) =>
    post(`/api/admin/wallet-payments/${reference}/assign`, { email }, cookie);

  it("asks for the payer's e-mail: a QR payment nobody can be credited for is refused", async () => {
    const res = await generate("50.00");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(QR_EMAIL_REQUIRED_MESSAGE);
    expect(await t.database.db.select().from(walletPayments)).toEqual([]);
  });

  it("encodes the gateway's hosted payment page of a payment request made for the payer", async () => {
    const res = await generate("50", "qr.payer@example.fj");
    expect(res.statusCode).toBe(200);
    const { qrCodeUrl, transactionId, checkoutUrl } = res.json() as {
      qrCodeUrl: string;
      transactionId: string;
      checkoutUrl: string;
    };
    expect(transactionId).toMatch(/^PSR-[A-Z2-7]{10}$/);
    const row = await payment(transactionId);
    expect(row).toMatchObject({
      method: "qr",
      status: "pending",
      amountCents: 5000,
      email: "qr.payer@example.fj",
      providerTransactionId: expect.stringMatching(/^SBX-[0-9A-F]{12}$/),
    });
    expect(checkoutUrl).toBe(`${SANDBOX_ORIGIN}/api/mpaisa/sandbox/${row?.providerTransactionId}`);
    expect(row?.checkoutUrl).toBe(checkoutUrl);
    expect(decodeQrDataUrl(qrCodeUrl)).toBe(checkoutUrl);

    const other = await generate("12.5", "qr.payer@example.fj");
    expect(other.json().transactionId).not.toBe(transactionId);
    expect(decodeQrDataUrl(other.json().qrCodeUrl)).toBe(other.json().checkoutUrl);
    expect(other.json().checkoutUrl).not.toBe(checkoutUrl);
  });

  it("a QR payment approved on the gateway's page credits the payer like a mobile payment", async () => {
    const email = "scanned@example.fj";
    const { transactionId: reference, checkoutUrl } = (await generate("25.00", email)).json() as {
      transactionId: string;
      checkoutUrl: string;
    };
    // Scanning opens the payment page; the payer approves there and comes back through the return.
    await approveOnPage(checkoutUrl);
    const status = await t.app.inject({ method: "GET", url: `/api/mpaisa-payments/${reference}` });
    expect(status.json()).toMatchObject({ status: "completed" });
    const sub = await subscription(email);
    const end = sub?.currentPeriodEnd?.getTime() ?? 0;
    expect(end).toBeGreaterThan(Date.now() + 15 * DAY - 10_000);
    expect(end).toBeLessThan(Date.now() + 15 * DAY + 10_000);
  });

  it("a completed payment with no e-mail is listed to staff as unmatched and can be assigned", async () => {
    const { transactionId: reference, checkoutUrl } = (
      await generate("50.00", "placeholder@example.fj")
    ).json() as {
      transactionId: string;
      checkoutUrl: string;
    };
    // A payment recorded without a payer (as older QR codes were).
    await t.database.db
      .update(walletPayments)
      .set({ email: null })
      .where(eq(walletPayments.reference, reference));
    await approveOnPage(checkoutUrl);
    const paid = await payment(reference);
    expect(paid).toMatchObject({ status: "completed", email: null });
    await t.app.outbox.drain();
    expect(latestMailTo(t.app.env.DATA_DIR, "staff@pacificskyrpas.example")).toContain(reference);

    const staff = await createStaffAndSignIn(t.app, t.database.db);
    const list = await unmatchedForStaff(staff);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((item: { reference: string }) => item.reference)).toEqual([reference]);

    expect((await assign(reference, "Found.Payer@Example.FJ", staff)).statusCode).toBe(200);
    const sub = await subscription("found.payer@example.fj");
    expect(sub?.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, reference));
    expect(audit).toMatchObject({ action: "wallet.assigned", details: { email: "found.payer@example.fj" } });
    expect((await assign(reference, "someone.else@example.fj", staff)).statusCode).toBe(409);
    const after = await unmatchedForStaff(staff);
    expect(after.json().items).toEqual([]);
  });
});
