import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { COURSES } from "@shared/constants";
import { formatFjd } from "@shared/money-format";
import { PAGE_DESCRIPTIONS } from "@shared/page-descriptions";
import { ROUTES } from "@shared/routes";
import { describe, expect, it } from "vitest";
import { findRoute, ROUTE_TABLE } from "./route-table";

const webDir = fileURLToPath(new URL(".", import.meta.url));

describe("route table", () => {
  it("has one entry per page definition, each with its page file under web/", () => {
    expect(ROUTE_TABLE.map((route) => route.path)).toEqual(ROUTES.map((route) => route.path));
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
    for (const route of ROUTE_TABLE) {
      expect(existsSync(`${webDir}${route.module}`), route.module).toBe(true);
      expect(route.title.length).toBeGreaterThan(0);
      expect(PAGE_DESCRIPTIONS[route.path]?.length, `${route.path} description`).toBeGreaterThan(0);
    }
  });

  it("shares one lazy page between the routes that render the same file", () => {
    expect(findRoute("/enroll/basic")?.page).toBe(findRoute("/enroll/advanced")?.page);
    expect(findRoute("/")?.page).not.toBe(findRoute("/portal")?.page);
  });

  it("writes each course's price from the business constants into its enrollment page description", () => {
    for (const course of Object.values(COURSES)) {
      expect(PAGE_DESCRIPTIONS[`/enroll/${course.type}`]).toContain(formatFjd(course.priceCents, "public"));
    }
  });

  it("finds a route with or without a trailing slash", () => {
    expect(findRoute("/portal/")?.path).toBe("/portal");
    expect(findRoute("/nowhere")).toBeUndefined();
  });

  it("finds a page with a parameter at its address and one segment under it, no deeper", () => {
    expect(findRoute("/verify/AbC123")?.path).toBe("/verify");
    expect(ROUTE_TABLE.find((route) => route.path === "/verify")?.pattern).toBe("/verify/:code?");
    expect(findRoute("/verify/a/b")).toBeUndefined();
    expect(findRoute("/portal/anything")).toBeUndefined();
  });
});
