import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions, walletPayments } from "../../server/db/schema";
import { MPAISA_SIGNATURE_HEADER, signMpaisaBody } from "../../server/services/mpaisa-wire";
import { QR_DESCRIPTION } from "../../shared/payment";
import { latestMailTo } from "../helpers/outbox-mail";
import { createTestApp, SANDBOX_ORIGIN, type TestApp } from "../helpers/test-app";

const SECRET = "whsec-mpaisa-qr-test-0123456789";
const MERCHANT = "M-100200";

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
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
        PAYMENTS_SANDBOX: "true",
        PUBLIC_URL: SANDBOX_ORIGIN,
        MPAISA_API_URL: "http://127.0.0.1:9",
        MPAISA_MERCHANT_ID: MERCHANT,
        MPAISA_API_KEY: "unused-in-sandbox",
        MPAISA_CALLBACK_SECRET: SECRET,
        STAFF_EMAIL: "staff@pacificskyrpas.example",
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const generate = (amount: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/generate-qr-payment",
      payload: { amount, description: QR_DESCRIPTION },
      headers: { origin: SANDBOX_ORIGIN },
    });

  it("encodes the merchant, the amount and a unique reference, and records a pending QR payment", async () => {
    const res = await generate("50");
    expect(res.statusCode).toBe(200);
    const { qrCodeUrl, transactionId } = res.json() as { qrCodeUrl: string; transactionId: string };
    const content = decodeQrDataUrl(qrCodeUrl);
    expect(content.startsWith("MPAISA:PAY?")).toBe(true);
    const params = new URLSearchParams(content.slice("MPAISA:PAY?".length));
    expect(Object.fromEntries(params)).toEqual({
      merchant: MERCHANT,
      amount: "50.00",
      currency: "FJD",
      ref: transactionId,
    });
    expect(transactionId).toMatch(/^PSR-[A-Z2-7]{10}$/);
    const [row] = await t.database.db
      .select()
      .from(walletPayments)
      .where(eq(walletPayments.reference, transactionId));
    expect(row).toMatchObject({ method: "qr", status: "pending", amountCents: 5000, email: null });

    const other = await generate("12.5");
    const otherContent = decodeQrDataUrl(other.json().qrCodeUrl);
    expect(otherContent).toContain("amount=12.50");
    expect(other.json().transactionId).not.toBe(transactionId);
    expect(otherContent).toContain(`ref=${other.json().transactionId}`);
  });

  it("a paid QR code with no e-mail is recorded as completed and staff are asked to match it", async () => {
    const { transactionId: reference } = (await generate("50.00")).json() as { transactionId: string };
    const body = JSON.stringify({
      reference,
      transactionId: "MP-QR-1",
      status: "COMPLETED",
      amount: "50.00",
      currency: "FJD",
      timestamp: new Date().toISOString(),
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/mpaisa/callback",
      headers: {
        "content-type": "application/json",
        [MPAISA_SIGNATURE_HEADER]: signMpaisaBody(body, SECRET),
      },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(walletPayments)
      .where(eq(walletPayments.reference, reference));
    expect(row).toMatchObject({ status: "completed", providerTransactionId: "MP-QR-1" });
    expect(await t.database.db.select().from(subscriptions)).toEqual([]);
    await t.app.outbox.drain();
    expect(latestMailTo(t.app.env.DATA_DIR, "staff@pacificskyrpas.example")).toContain(reference);
  });
});
