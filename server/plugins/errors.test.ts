// The error handler's answers for failures no route turns into its own message.
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { StorageUnavailableError } from "../platform/storage";
import errors, { errorBody, STORAGE_UNAVAILABLE } from "./errors";

async function appThrowing(error: Error) {
  const app = Fastify({ logger: false });
  await app.register(errors);
  app.get("/boom", async () => {
    throw error;
  });
  return app;
}

describe("the error handler", () => {
  it("answers 503 with a plain message when the file store is down, never its details", async () => {
    const app = await appThrowing(
      new StorageUnavailableError("S3 storage at http://10.0.0.5:9000/files: ECONNREFUSED"),
    );
    const res = await app.inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(errorBody(STORAGE_UNAVAILABLE));
    expect(res.body).not.toContain("10.0.0.5");
  });

  it("answers 500 without details for any other unexpected failure", async () => {
    const app = await appThrowing(new Error("database password is hunter2"));
    const res = await app.inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("hunter2");
  });
});
