import { COURSES } from "@shared/constants";
import { describe, expect, it } from "vitest";
import { enrollPathFor } from "./enroll-path";

describe("enrollPathFor", () => {
  it("links each course to its registered enrollment route", () => {
    expect(enrollPathFor(COURSES.basic.title)).toBe("/enroll/basic");
    expect(enrollPathFor(COURSES.advanced.title)).toBe("/enroll/advanced");
    expect(enrollPathFor(COURSES.instructor.title)).toBe("/enroll/instructor");
  });

  it("matches case-insensitively and falls back to the instructor course", () => {
    expect(enrollPathFor("ADVANCED RPAS Operations")).toBe("/enroll/advanced");
    expect(enrollPathFor("Basic Pilot Refresher")).toBe("/enroll/basic");
    expect(enrollPathFor("Train the Trainer")).toBe("/enroll/instructor");
  });
});
