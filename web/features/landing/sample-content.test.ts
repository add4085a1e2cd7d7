// The staff list of sample content (shared/sample-content.ts) names the seeded wording of texts the pages render from
// web modules: this keeps that list true to what visitors read, so it never lists a text that is not there or
// misses one that changed name.
import { SEEDED_TEXTS } from "@shared/sample-content";
import { describe, expect, it } from "vitest";
import { PORTAL_STATS } from "@/features/portal/content";
import { DISASTER_PAGE } from "@/features/services/content/disaster-management";
import { TRAINING_PAGE } from "@/features/services/content/training";
import { CERTIFICATION_BADGES } from "./content";
import { TESTIMONIALS } from "./testimonials";

const shown = (value: unknown) => JSON.stringify(value);

const SOURCES = {
  testimonial: shown(TESTIMONIALS.map((testimonial) => testimonial.name)),
  claim: shown([CERTIFICATION_BADGES, DISASTER_PAGE]),
};

describe("the seeded texts listed as sample content", () => {
  it("lists each testimonial the home page shows", () => {
    const listed = SEEDED_TEXTS.filter((text) => text.kind === "testimonial");
    expect(listed.map((text) => text.id)).toEqual(TESTIMONIALS.map((testimonial) => testimonial.id));
    for (const text of listed) expect(SOURCES.testimonial).toContain(text.value);
  });

  it("names figures and claims the pages really show", () => {
    const figures = shown([TRAINING_PAGE, PORTAL_STATS]);
    for (const text of SEEDED_TEXTS.filter(
      (t) => t.id.startsWith("training-") || t.id.startsWith("portal-"),
    )) {
      const [value = "", ...label] = text.value.split(" ");
      expect(figures, text.id).toContain(`"${value}"`);
      expect(figures, text.id).toContain(label.join(" "));
    }
    for (const text of SEEDED_TEXTS.filter((t) => t.kind === "claim")) {
      expect(SOURCES.claim, text.id).toContain(text.value);
    }
    for (const badge of CERTIFICATION_BADGES) {
      expect(SEEDED_TEXTS.map((text) => text.value)).toContain(badge.title);
    }
  });
});
