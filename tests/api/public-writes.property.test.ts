// Whatever a client sends to a public form endpoint, the answer is never a 5xx.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sameSite, withTestApp } from "../helpers/test-app";

const ENDPOINTS = [
  "/api/contacts",
  "/api/reviews",
  "/api/enrollment/basic",
  "/api/enrollment/advanced",
  "/api/enrollment/instructor",
];

// Near-valid objects find more paths than pure noise: known field names with arbitrary values.
const FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "organization",
  "serviceInterest",
  "message",
  "name",
  "position",
  "rating",
  "text",
  "highestEducation",
  "hasDroneExperience",
  "totalFlyingHours",
  "totalPICHours",
  "dronesFlown",
  "dateOfBirth",
  "website",
  "formStartedAt",
  "formElapsedMs",
  "__proto__",
  "constructor",
];
const nearValid = fc.dictionary(fc.constantFrom(...FIELDS), fc.jsonValue(), { maxKeys: 12 });

describe("public POST endpoints under arbitrary JSON", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });

  it("never answer 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        fc.oneof(fc.jsonValue(), nearValid),
        async (url, body) => {
          const res = await t.app.inject({
            method: "POST",
            url,
            payload: JSON.stringify(body) ?? "null",
            headers: { ...sameSite, "content-type": "application/json" },
          });
          expect(res.statusCode, `${url} ${JSON.stringify(body)} -> ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(typeof res.json().message).toBe("string");
        },
      ),
      { numRuns: 300 },
    );
  });
});
