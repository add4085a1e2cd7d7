// "Text me" is never kept in, nor put back from, the enrollment form's draft on the device.
import { COURSE_TYPES } from "@shared/constants";
import { beforeEach, describe, expect, it } from "vitest";
import { loadDraft, saveDraft } from "@/lib/form-draft";
import { useMemoryStorage } from "../../../tests/helpers/memory-storage";
import { enrollmentDraftTemplate } from "./enrollment-draft";

beforeEach(() => {
  useMemoryStorage();
});

describe("the enrollment form's draft", () => {
  for (const course of COURSE_TYPES) {
    it(`(${course}) has no place for "Text me" or its channel, so a stored one is not put back`, () => {
      const template = enrollmentDraftTemplate(course);
      expect(Object.keys(template)).not.toContain("textMe");
      expect(Object.keys(template)).not.toContain("textChannel");
      // A draft written by anything else with the consent in it: only the answers come back.
      saveDraft(`enroll-${course}`, { firstName: "Mere", textMe: true, textChannel: "whatsapp" }, 5000);
      expect(loadDraft(`enroll-${course}`, template)?.values).toEqual({ firstName: "Mere" });
    });
  }
});
