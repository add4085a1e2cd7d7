import type { ContentSection, ContentValue } from "@shared/content/api";
import { describe, expect, it } from "vitest";
import { groupByPage, isSample, pageName, publishedState } from "./pages";

function section(id: string, paths: string[], seeded: ContentValue, published = seeded): ContentSection {
  return { id, title: id, paths, seeded, draft: published, published, publishedAt: null };
}

describe("page names", () => {
  it("names the pages as visitors know them", () => {
    expect(pageName("/")).toBe("Home page");
    expect(pageName("/service/mapping")).toBe("Mapping & Surveying (service page)");
    expect(pageName("/portal")).toBe("Premium Document Portal");
    expect(pageName("/privacy")).toBe("Privacy");
    expect(pageName("/legal/cookie-note")).toBe("Cookie note");
    expect(pageName("")).toBe("Not on a page");
  });
});

describe("grouping by page", () => {
  it("groups sections by their first path, in the server's order", () => {
    const groups = groupByPage([
      section("home.hero", ["/"], "a"),
      section("service.mapping", ["/service/mapping", "/"], "b"),
      section("home.figures", ["/", "/training"], "c"),
      section("certificates.title", [], "d"),
    ]);
    expect(groups.map((group) => [group.path, group.sections.map((entry) => entry.id)])).toEqual([
      ["/", ["home.hero", "home.figures"]],
      ["/service/mapping", ["service.mapping"]],
      ["", ["certificates.title"]],
    ]);
  });
});

describe("a section's state", () => {
  const figures = [
    { value: "100+", label: "Pilots Trained" },
    { value: "15+", label: "Government Partners" },
  ];

  it("marks shipped sample wording, unchanged, as Sample", () => {
    expect(isSample(section("home.figures", ["/"], figures))).toBe(true);
    expect(publishedState(section("home.figures", ["/"], figures))).toBe("sample");
  });

  it("finds a figure whose value and label sit in other fields, and claims inside longer texts", () => {
    const metrics = { items: [{ metric: "Students Trained", value: "500+", description: "Pilots." }] };
    expect(isSample(section("services.training", ["/service/training"], metrics))).toBe(true);
    expect(isSample(section("services.disaster", ["/"], { text: "Deployment from our Suva base." }))).toBe(
      true,
    );
    expect(isSample(section("services.mapping", ["/"], { items: [{ value: "500+", metric: "Maps" }] }))).toBe(
      false,
    );
  });

  it("calls other unchanged text original, and the owner's published words published", () => {
    expect(publishedState(section("home.hero", ["/"], { heading: "Drones" }))).toBe("original");
    const changed = section("home.figures", ["/"], figures, [{ value: "40", label: "Pilots Trained" }]);
    expect(isSample(changed)).toBe(false);
    expect(publishedState(changed)).toBe("changed");
  });
});
