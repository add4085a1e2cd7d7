// A sensitive action refused for want of a recent second factor (ADR 051): apiRequest asks the dashboard's handler,
// and sends the same call again once it says the code passed; without a handler, or cancelled, the 403 stands.
// Against a real local HTTP server that refuses until "/api/step-up" has been called.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiError, apiRequest, setStepUpHandler, stepUpCode } from "./api";

let server: Server;
let base = "";
let stepped = false;
const bodies: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      if (req.url === "/api/step-up") {
        stepped = true;
        return res.writeHead(200).end("{}");
      }
      if (req.url === "/api/no-factor") {
        return res.writeHead(403).end('{"code":"mfa_setup_required","message":"Turn it on first."}');
      }
      bodies.push(body);
      if (!stepped) {
        return res.writeHead(403).end('{"code":"step_up_required","message":"Confirm with your code."}');
      }
      return res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  setStepUpHandler(null);
  stepped = false;
  bodies.length = 0;
});

describe("apiRequest and the step-up", () => {
  it("asks the handler, then sends the same call again", async () => {
    const asked: string[] = [];
    setStepUpHandler(async (code) => {
      asked.push(code);
      await fetch(`${base}/api/step-up`, { method: "POST" });
      return true;
    });
    const res = await apiRequest("POST", `${base}/api/refund`, { amount: 5 });
    expect(await res.json()).toEqual({ ok: true });
    expect(asked).toEqual(["step_up_required"]);
    expect(bodies).toEqual(['{"amount":5}', '{"amount":5}']);
  });

  it("keeps the 403 when cancelled, or when no dashboard is open", async () => {
    setStepUpHandler(async () => false);
    const cancelled = await apiRequest("POST", `${base}/api/refund`, {}).catch((error: unknown) => error);
    expect(cancelled).toBeInstanceOf(ApiError);
    expect(stepUpCode(cancelled)).toBe("step_up_required");
    expect(bodies).toHaveLength(1);

    setStepUpHandler(null);
    const alone = await apiRequest("POST", `${base}/api/refund`, {}).catch((error: unknown) => error);
    expect((alone as ApiError).status).toBe(403);
  });

  it("passes an account without two-factor to the handler with its own code", async () => {
    const asked: string[] = [];
    setStepUpHandler(async (code) => {
      asked.push(code);
      return false;
    });
    const refused = await apiRequest("POST", `${base}/api/no-factor`).catch((error: unknown) => error);
    expect(asked).toEqual(["mfa_setup_required"]);
    expect((refused as ApiError).serverMessage).toBe("Turn it on first.");
  });
});
