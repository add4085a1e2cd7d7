// The front door (ADR 043) answers plain page requests before Fastify routes them. These tests hold it to being
// invisible: for every page, encoding, query string and revalidation, its answer over the wire is byte for byte
// (status, headers in order, body) what Fastify's page route sends, and its log line says what Fastify's would.
// Fastify's answer is had by adding `Content-Length: 0` to the same GET, a request the door leaves to Fastify and
// whose answer Fastify does not change; the door's count of answers proves which of the two answered.
import { request as httpRequest } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { loadSitePages } from "../../server/platform/site-pages";
import { addDays } from "../../server/training/calendar";
import { fijiToday } from "../../shared/fiji-time";
import { ROUTES } from "../../shared/routes";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { createStaffAndSignIn, insertIntake } from "../helpers/admin-session";
import { clientDir, SITE_ORIGIN, sameSite, siteIsBuilt, withTestApp } from "../helpers/test-app";

interface WireAnswer {
  status: number;
  /** Raw header lines in the order sent, but the ones node:http writes itself on every answer. */
  headers: string[];
  body: Buffer;
}

const NODE_OWN = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

function get(
  origin: string,
  path: string,
  headers: Record<string, string>,
  method = "GET",
): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, origin), { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const lines: string[] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i] ?? "";
          if (!NODE_OWN.has(name.toLowerCase())) lines.push(`${name}: ${response.rawHeaders[i + 1]}`);
        }
        resolve({ status: response.statusCode ?? 0, headers: lines, body: Buffer.concat(chunks) });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

/** Fastify's own answer to the same GET: a zero Content-Length sends it past the door. */
const PAST_THE_DOOR = { "content-length": "0" };
const CHROMIUM = { "accept-encoding": "gzip, deflate, br, zstd" };
/** The pages served as built or with live slots; the ones with an answer slot have routes of their own. */
const PAGES = ROUTES.map((route) => route.path).filter(
  (path) => !["/verify", "/unsubscribe", "/texts/stop"].includes(path),
);

describe.skipIf(!siteIsBuilt)("the front door", () => {
  const t = withTestApp({ site: true, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let origin = "";
  let owner = "";
  const doorAnswers = () => t.app.frontDoor.answered();

  /**
   * The door's answer and Fastify's to the same request, taken while the page stood still: pages rendered again
   * with new company details are compressed quickly and then at the best level in the background (ADR 039), so a
   * pair whose compressed bytes differ is asked again once that is done.
   */
  const bothAnswers = async (url: string, headers: Record<string, string>) => {
    for (let attempt = 0; ; attempt += 1) {
      const before = doorAnswers();
      const door = await get(origin, url, headers);
      expect(doorAnswers(), `${url} at the door`).toBe(before + 1);
      const fastify = await get(origin, url, { ...headers, ...PAST_THE_DOOR });
      expect(doorAnswers(), `${url} past the door`).toBe(before + 1);
      if (door.body.equals(fastify.body) || attempt === 20) return { door, fastify };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  it("answers every page as Fastify's route does, in every encoding and with a query string", async () => {
    // An intake on the schedule (the live pages' JSON-LD) and the owner's own details (the pages rendered again):
    // both add inline blocks whose hashes the CSP must carry, at the door as on the route.
    await insertIntake(t.database.db, 20, "Labasa Civic Centre", 8);
    owner = await createStaffAndSignIn(t.app, t.database.db);
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      payload: {
        company: { ...DEFAULT_SETTINGS.company, name: "Coral Coast Drones" },
        coursePriceCents: DEFAULT_SETTINGS.coursePriceCents,
      },
      headers: { ...sameSite, cookie: owner },
    });
    expect(saved.statusCode).toBe(200);
    origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const site = loadSitePages(clientDir, SITE_ORIGIN);
    expect(PAGES.toSorted()).toEqual([...site.byPath.keys(), ...site.live.keys()].toSorted());
    const variants: Record<string, string>[] = [CHROMIUM, { "accept-encoding": "gzip" }, {}];
    for (const path of PAGES) {
      for (const headers of variants) {
        for (const url of [path, `${path}?utm_source=newsletter`]) {
          const { door, fastify } = await bothAnswers(url, headers);
          expect(door.status, url).toBe(200);
          expect(door.headers, url).toEqual(fastify.headers);
          expect(door.body.equals(fastify.body), `${url} body`).toBe(true);
        }
      }
    }
    const csp = (answer: WireAnswer) =>
      answer.headers.find((line) => line.startsWith("content-security-policy: ")) ?? "";
    const built = `content-security-policy: ${t.app.securityHeaders["content-security-policy"]}`;
    const schedule = await get(origin, "/schedule", CHROMIUM);
    expect(csp(schedule).length).toBeGreaterThan(built.length);
    expect(brotliDecompressSync(schedule.body).toString()).toContain("Labasa Civic Centre");
    expect(brotliDecompressSync(schedule.body).toString()).toContain("Coral Coast Drones");
  });

  it("answers a revalidation with 304 and the same headers, and a stale ETag with the page", async () => {
    const first = await get(origin, "/schedule", CHROMIUM);
    const etag = first.headers.find((line) => line.toLowerCase().startsWith("etag: "))?.slice(6) ?? "";
    expect(etag).toMatch(/^"/);
    for (const ifNoneMatch of [etag, '"an-older-page"']) {
      const headers = { ...CHROMIUM, "if-none-match": ifNoneMatch };
      const { door, fastify } = await bothAnswers("/schedule", headers);
      expect(door.status).toBe(ifNoneMatch === etag ? 304 : 200);
      expect(door.headers).toEqual(fastify.headers);
      expect(door.body.equals(fastify.body)).toBe(true);
    }
  });

  it("answers from the data it has, and waits for the schedule's new data once a write changed it", async () => {
    const before = doorAnswers();
    const schedule = async () =>
      brotliDecompressSync((await get(origin, "/schedule", CHROMIUM)).body).toString();
    expect(await schedule()).not.toContain("Nadi Airport Hangar");
    expect(await schedule()).toContain("Labasa Civic Centre");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/intakes",
      payload: { courseType: "basic", startDate: addDays(fijiToday(), 30), location: "Nadi Airport Hangar" },
      headers: { ...sameSite, cookie: owner },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    expect(await schedule()).toContain("Nadi Airport Hangar");
    expect(doorAnswers()).toBe(before + 3);
  });

  it("leaves everything else to Fastify: other methods, other paths, assets, the API and unknown pages", async () => {
    const before = doorAnswers();
    const cases: [string, string, number][] = [
      ["HEAD", "/", 200],
      ["POST", "/", 403],
      ["GET", "/schedule/", 301],
      ["GET", "/%73chedule", 200],
      ["GET", "/api/health", 200],
      ["GET", "/robots.txt", 200],
      ["GET", "/no-such-page", 404],
    ];
    for (const [method, path, status] of cases) {
      expect((await get(origin, path, {}, method)).status, `${method} ${path}`).toBe(status);
    }
    expect(doorAnswers()).toBe(before);
  });
});

/** An app serving the site behind `trustProxy`, and the log lines it writes. */
function siteWithLog(trustProxy: string) {
  const lines: string[] = [];
  const t = withTestApp({
    site: true,
    env: { TRUST_PROXY: trustProxy },
    logStream: { write: (line) => void lines.push(line) },
  });
  return { t, lines };
}

describe.skipIf(!siteIsBuilt)("the front door's request log", () => {
  const { t, lines } = siteWithLog("127.0.0.1");

  /** The request log line's fields that do not change from one request to the next. */
  const logged = (from: number) => {
    const entries = lines
      .slice(from)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === "request completed");
    expect(entries).toHaveLength(1);
    const { time, reqId, responseTime, req, ...rest } = entries[0] as Record<string, unknown> & {
      req: Record<string, unknown>;
    };
    expect(reqId).toMatch(/^req-[0-9a-z]+$/);
    expect(typeof responseTime).toBe("number");
    expect(typeof time).toBe("number");
    const { remotePort, ...request } = req;
    expect(typeof remotePort).toBe("number");
    return { ...rest, req: request };
  };

  it("writes the line Fastify writes, with the query string redacted and the proxy's client address", async () => {
    const origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const headers = { "x-forwarded-for": "203.0.113.9", "x-forwarded-host": "rpas.example.test" };
    let from = lines.length;
    const before = t.app.frontDoor.answered();
    await get(origin, "/sign-in?next=secret", headers);
    expect(t.app.frontDoor.answered()).toBe(before + 1);
    const door = logged(from);
    from = lines.length;
    await get(origin, "/sign-in?next=secret", { ...headers, ...PAST_THE_DOOR });
    expect(t.app.frontDoor.answered()).toBe(before + 1);
    expect(door).toEqual(logged(from));
    expect(door).toMatchObject({
      level: 30,
      req: {
        method: "GET",
        url: "/sign-in?[redacted]",
        host: "rpas.example.test",
        remoteAddress: "203.0.113.9",
      },
      res: { statusCode: 200 },
    });
  });

  it("numbers its requests in Fastify's sequence", async () => {
    const origin = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const from = lines.length;
    await get(origin, "/", {});
    await get(origin, "/", PAST_THE_DOOR);
    await get(origin, "/", {});
    const ids = lines
      .slice(from)
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
      .filter((entry) => entry.msg === "request completed")
      .map((entry) => Number.parseInt(String(entry.reqId).slice(4), 36));
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe((ids[0] ?? 0) + 1);
    expect(ids[2]).toBe((ids[1] ?? 0) + 1);
  });
});

describe.skipIf(!siteIsBuilt)("the front door and forwarded headers from an untrusted peer", () => {
  const { t, lines } = siteWithLog("false");

  it("leaves them to Fastify, which warns once and answers the page", async () => {
    const origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const before = t.app.frontDoor.answered();
    const answer = await get(origin, "/", { "x-forwarded-for": "198.51.100.7" });
    expect(answer.status).toBe(200);
    expect(t.app.frontDoor.answered()).toBe(before);
    expect(lines.filter((line) => line.includes('"level":40')).join("\n")).toContain("TRUST_PROXY");
    // Without such headers, the door answers.
    await get(origin, "/", {});
    expect(t.app.frontDoor.answered()).toBe(before + 1);
  });
});
