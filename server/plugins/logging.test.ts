import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { type CompletedRequest, completedLineWriter, loggerOptions } from "./logging";

/** A Fastify app's logger made from loggerOptions, as server/app.ts makes it, writing into `lines`. */
function appLogger(level = "info", extra: Record<string, unknown> = {}) {
  const lines: string[] = [];
  const app = Fastify({
    logger: { ...loggerOptions(level, { write: (line) => lines.push(line) }), ...extra },
  });
  return { log: app.log, lines };
}

const sameTime = (line: string | undefined) => line?.replace(/"time":\d+/, '"time":0');

/** What pino writes for the same request as OneLineRequestLog logs it (Fastify's child logger binds reqId). */
function throughPino(log: ReturnType<typeof appLogger>["log"], line: CompletedRequest) {
  const { reqId, statusCode, responseTime, remotePort, ...req } = line;
  log
    .child({ reqId })
    .info(
      { req: { ...req, socket: { remotePort } }, res: { statusCode }, responseTime },
      "request completed",
    );
}

describe("completedLineWriter", () => {
  const requests: CompletedRequest[] = [
    {
      reqId: "req-1",
      method: "GET",
      url: "/",
      host: "rpas.example.fj",
      ip: "203.0.113.7",
      remotePort: 51234,
      statusCode: 200,
      responseTime: 0.4182930000126362,
    },
    {
      reqId: "req-2a",
      method: "GET",
      url: "/sign-in/confirm?token=secret",
      host: undefined,
      ip: undefined,
      remotePort: undefined,
      statusCode: 304,
      responseTime: 12,
    },
    {
      reqId: "req-3",
      method: "GET",
      // Node hands the request line over as latin1: quotes, backslashes and high bytes reach the log as they came.
      url: '/a"b\\c\u00e9\u00ff',
      host: 'h"ost\\:80',
      ip: "::ffff:127.0.0.1",
      remotePort: 1,
      statusCode: 200,
      responseTime: 1e-7,
    },
  ];

  it("writes the very bytes pino writes for the request, query string redacted", () => {
    const ours = appLogger();
    const pinos = appLogger();
    const write = completedLineWriter(ours.log);
    expect(write).toBeDefined();
    for (const request of requests) {
      write?.(request);
      throughPino(pinos.log, request);
    }
    expect(ours.lines.map(sameTime)).toEqual(pinos.lines.map(sameTime));
    expect(ours.lines[1]).toContain('"url":"/sign-in/confirm?[redacted]"');
    expect(ours.lines.join("")).not.toContain("secret");
  });

  it("writes nothing below the logger's level, and follows a level changed later", () => {
    const { log, lines } = appLogger("warn");
    const write = completedLineWriter(log);
    write?.(requests[0] as CompletedRequest);
    expect(lines).toEqual([]);
    log.level = "info";
    write?.(requests[0] as CompletedRequest);
    expect(lines).toHaveLength(1);
  });

  it("declines a logger set up in a way the line does not cover", () => {
    expect(completedLineWriter(appLogger("info", { messageKey: "message" }).log)).toBeUndefined();
    expect(completedLineWriter(appLogger("info", { mixin: () => ({ zone: "fj" }) }).log)).toBeUndefined();
    expect(completedLineWriter(appLogger("info", { redact: ["req.host"] }).log)).toBeUndefined();
    expect(
      completedLineWriter(appLogger("info", { serializers: { req: () => ({ seen: true }) } }).log),
    ).toBeUndefined();
    expect(completedLineWriter(Fastify({ logger: false }).log)).toBeUndefined();
  });
});
