// The data-loading rules (docs/product.md, Data loading), exercised against a real local HTTP server.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, httpStatus, serverMessage } from "./api";
import { apiRequest, createQueryClient, getQueryFn } from "./query-client";

let server: Server;
let base = "";
const seen: { method?: string; url?: string; contentType?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, contentType: req.headers["content-type"], body });
      if (req.url === "/api/items/7")
        return res.writeHead(200, { "content-type": "application/json" }).end('{"id":7}');
      if (req.url === "/api/private") return res.writeHead(401).end("Unauthorized");
      if (req.url === "/api/empty-error") return res.writeHead(503).end();
      if (req.url === "/api/echo")
        return res.writeHead(201, { "content-type": "application/json" }).end(body);
      return res.writeHead(400).end('{"message":"Bad field"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const run = <T>(on401: "throw" | "returnNull", ...key: string[]) =>
  getQueryFn<T>({ on401 })({ queryKey: key, meta: undefined, signal: new AbortController().signal } as never);

describe("getQueryFn", () => {
  it("GETs the key parts joined by '/' and parses JSON", async () => {
    await expect(run("throw", `${base}/api/items`, "7")).resolves.toEqual({ id: 7 });
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: "/api/items/7" });
  });

  it("throws 'STATUS: body' on 401 by default, or returns null when asked", async () => {
    await expect(run("throw", `${base}/api/private`)).rejects.toThrow("401: Unauthorized");
    await expect(run("returnNull", `${base}/api/private`)).resolves.toBeNull();
  });

  it("falls back to the status text when the body is empty", async () => {
    await expect(run("throw", `${base}/api/empty-error`)).rejects.toThrow("503: Service Unavailable");
  });
});

describe("apiRequest", () => {
  it("sends JSON with a JSON content type", async () => {
    const res = await apiRequest("POST", `${base}/api/echo`, { a: 1 });
    expect(await res.json()).toEqual({ a: 1 });
    expect(seen.at(-1)).toMatchObject({ method: "POST", contentType: "application/json" });
  });

  it("throws the status and body of a non-2xx answer", async () => {
    await expect(apiRequest("POST", `${base}/api/other`, {})).rejects.toThrow('400: {"message":"Bad field"}');
  });

  it("throws an ApiError whose status, body and server message are fields, not text to parse", async () => {
    const error = await apiRequest("POST", `${base}/api/other`, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ status: 400, body: { message: "Bad field" } });
    expect(httpStatus(error)).toBe(400);
    expect(serverMessage(error)).toBe("Bad field");
    // A body that is not JSON has no server message; the status text still reaches the message.
    const empty = await Promise.resolve(run("throw", `${base}/api/empty-error`)).catch(
      (caught: unknown) => caught,
    );
    expect(empty).toMatchObject({ status: 503, body: null, message: "503: Service Unavailable" });
    expect(serverMessage(empty)).toBeUndefined();
    // A dropped connection is no ApiError: it has no status.
    expect(httpStatus(new TypeError("Failed to fetch"))).toBeNull();
  });
});

describe("createQueryClient", () => {
  it("uses the spec's defaults", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    });
    // Never held while offline to fire later by itself.
    expect(mutations).toMatchObject({ retry: false, networkMode: "always" });
  });
});
