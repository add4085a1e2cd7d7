// Each public form POST is answered once. The shared write path once sent its reply without returning it, so
// Fastify sent again: the browser got its 201 while the log said "Reply was already sent" and counted a 500, and
// monitoring would have read every application as an error.
import { beforeAll, describe, expect, it } from "vitest";
import { sampleEnrollment } from "../helpers/enrollment-samples";
import { sameSite, withTestApp } from "../helpers/test-app";

const FORMS = [
  {
    url: "/api/contacts",
    body: (n: number) => ({
      firstName: "Ana",
      lastName: "Vula",
      email: `ana${n}@example.fj`,
      serviceInterest: "General Inquiry",
      message: `Enquiry number ${n} about mapping a coastline.`,
    }),
  },
  {
    url: "/api/reviews",
    body: (n: number) => ({ name: `Ana Vula ${n}`, rating: 5, text: "Clear, practical course." }),
  },
  {
    url: "/api/enrollment/basic",
    body: (n: number) => ({ ...sampleEnrollment("basic"), email: `basic${n}@example.fj` }),
  },
  {
    url: "/api/enrollment/advanced",
    body: (n: number) => ({ ...sampleEnrollment("advanced"), email: `advanced${n}@example.fj` }),
  },
  {
    url: "/api/enrollment/instructor",
    body: (n: number) => ({ ...sampleEnrollment("instructor"), email: `instr${n}@example.fj` }),
  },
] as const;

describe("public form posts", () => {
  const lines: string[] = [];
  const t = withTestApp({
    site: true,
    env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "1000" },
    logStream: { write: (line) => void lines.push(line) },
  });

  // Over a real socket: app.inject's stand-in socket hides the second send.
  let origin = "";
  beforeAll(async () => {
    origin = await t.app.listen({ host: "127.0.0.1", port: 0 });
  });

  it.each(FORMS)(
    "$url: 20 submissions, each answered 201 once, and the log holds no second reply",
    async ({ url, body }) => {
      lines.length = 0;
      for (let n = 0; n < 20; n++) {
        const headers: Record<string, string> = { ...sameSite, "content-type": "application/json" };
        // Half of them with an Idempotency-Key: the remembered answer is written on the same path.
        if (n % 2) headers["idempotency-key"] = `one-reply-${url.replace(/\//g, "_")}-${n}`;
        const response = await fetch(`${origin}${url}`, {
          method: "POST",
          body: JSON.stringify(body(n)),
          headers,
        });
        expect(response.status, await response.text()).toBe(201);
      }
      // Fastify logs the second send when the response finishes; give the log a turn to arrive.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const log = lines.join("");
      expect(log).not.toMatch(/Reply was already sent|ERR_HTTP_HEADERS_SENT/);
      const completed = lines
        .map((line) => JSON.parse(line))
        .filter((entry) => entry.res?.statusCode !== undefined);
      expect(completed).toHaveLength(20);
      expect(completed.map((entry) => entry.res.statusCode)).toEqual(Array(20).fill(201));
    },
  );
});
