// The generic editor as markup: which control each shape gets, and that every control and button has a name.
import type { ContentValue } from "@shared/content/api";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TESTIMONIALS_SECTION, ValueEditor } from "./value-editor";

const LONG =
  "A long paragraph of the service page, well over eighty characters so that it needs a text area to edit.";

function render(seeded: ContentValue, value: ContentValue = seeded, sectionId = "service.mapping") {
  return renderToStaticMarkup(
    <ValueEditor
      sectionId={sectionId}
      title="Service page: Mapping"
      seeded={seeded}
      value={value}
      onChange={() => {}}
    />,
  );
}

/** The text of each <label for=id>, by id. */
function labels(html: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of html.matchAll(/<label[^>]*for="([^"]+)"[^>]*>(.*?)<\/label>/g)) {
    found.set(match[1] as string, (match[2] as string).replace(/<[^>]+>/g, "").trim());
  }
  return found;
}

/** Every input, textarea and select must have a label pointing at it, and every button a name. */
function expectAllNamed(html: string) {
  const named = labels(html);
  const controls = [...html.matchAll(/<(input|textarea|select)[^>]*id="([^"]+)"/g)].map((match) => match[2]);
  expect(controls.length).toBe([...html.matchAll(/<(input|textarea|select)\b/g)].length);
  for (const id of controls) expect(named.get(id as string), `label for ${id}`).toBeTruthy();
  for (const match of html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)) {
    const ariaLabel = /aria-label="([^"]+)"/.exec(match[1] as string)?.[1];
    const text = (match[2] as string).replace(/<[^>]+>/g, "").trim();
    expect(ariaLabel ?? text, match[0]).toBeTruthy();
  }
}

const labelOf = (html: string, text: string) => [...labels(html)].find(([, label]) => label === text)?.[0];

describe("the generic editor", () => {
  const seeded: ContentValue = {
    heading: "Mapping",
    intro: LONG,
    responseTime: "Within 48 hours",
    showBadge: true,
    features: ["Orthomosaics", "Elevation models"],
    figures: [
      { value: "100+", label: "Surveys flown" },
      { value: "2,000 ha", label: "Mapped" },
    ],
    contact: { phone: "+679 000 0000", email: "hello@example.com" },
  };

  it("gives each shape its control, labelled from its key", () => {
    const html = render(seeded);
    const ids = labels(html);
    expect([...ids.values()]).toEqual(
      expect.arrayContaining([
        "Heading",
        "Intro",
        "Response time",
        "Show badge",
        "Item 1",
        "Item 2",
        "Value",
        "Label",
      ]),
    );
    expect(html).toMatch(new RegExp(`<textarea[^>]*id="${labelOf(html, "Intro")}"`));
    expect(html).toMatch(new RegExp(`<input[^>]*id="${labelOf(html, "Heading")}"`));
    expect(html).toMatch(
      new RegExp(`<input id="${labelOf(html, "Show badge")}" type="checkbox"[^>]*checked`),
    );
    for (const legend of ["Features", "Figures", "Contact", "Item 1", "Item 2"])
      expect(html).toContain(`>${legend}</legend>`);
    expect(ids.size).toBe(new Set(ids.keys()).size);
    expectAllNamed(html);
  });

  it("shows the draft's values in the seeded shape, and keys only the draft has", () => {
    const html = render(seeded, { heading: "Our mapping", extraNote: "Added later", features: ["Only one"] });
    expect(html).toContain('value="Our mapping"');
    expect(html).toContain('value="Only one"');
    expect(html).toContain('value="Added later"');
    // Seeded fields missing from the draft are still there, empty, to be filled in.
    expect(labels(html).has(labelOf(html, "Response time") as string)).toBe(true);
    expect(html).not.toContain("Orthomosaics");
    expectAllNamed(html);
  });

  it("names each row's buttons after the row and its list", () => {
    const html = render(seeded);
    expect(html).toContain('aria-label="Move item 1 of Features up"');
    expect(html).toContain('aria-label="Move item 2 of Figures down"');
    expect(html).toContain('Remove<span class="sr-only"> item 2 of Features</span>');
    expect(html).toContain('Add item<span class="sr-only"> to Figures</span>');
    // The first row cannot go up, the last cannot go down.
    expect(html).toMatch(/aria-label="Move item 1 of Features up"[^>]*disabled/);
    expect(html).toMatch(/aria-label="Move item 2 of Features down"[^>]*disabled/);
  });

  it("edits a value that is one text or one list under the section's title", () => {
    expect(labels(render("Short note")).get("content-service-mapping")).toBe("Service page: Mapping");
    const list = render(["One", "Two"]);
    expect(list).toContain(">Service page: Mapping</legend>");
    expect(labels(list).get("content-service-mapping-1")).toBe("Item 2");
  });

  it("says when a list is empty, and still offers to add", () => {
    const html = render({ items: ["a"] }, { items: [] });
    expect(html).toContain("Nothing in this list");
    expect(html).toContain("Add item");
  });
});

describe("the testimonials", () => {
  const value: ContentValue = {
    heading: "What our clients say",
    items: [
      { kind: "sample", quote: "Sample words.", name: "Litia Vakaloloma", position: "Officer" },
      { kind: "review", quote: "A client's own words.", name: "Mere Tuilagi", position: "Surveyor" },
      // The seeded entries carry no marker: they are the shipped samples.
      { quote: "More sample words.", name: "Josefa Ravuvu", position: "Graduate" },
    ],
  };
  const html = render(value, value, TESTIMONIALS_SECTION);

  it("shows a client's review as written, with only Remove and its place", () => {
    expect(html).toContain("A client&#x27;s own words.");
    expect(html).not.toContain('value="A client&#x27;s own words."');
    expect(html).toContain('aria-label="Testimonial 2: review by Mere Tuilagi"');
    expect(html).toContain('Remove<span class="sr-only"> testimonial 2 (Mere Tuilagi)</span>');
  });

  it("lets the sample be reworded, marked Sample, without its marker field", () => {
    expect(html).toContain('value="Sample words."');
    expect(html).toMatch(/Testimonial 1<span[^>]*>Sample<\/span><\/legend>/);
    expect(html).toMatch(/Testimonial 3<span[^>]*>Sample<\/span><\/legend>/);
    expect(html).toContain('value="More sample words."');
    expect([...labels(html).values()]).not.toContain("Kind");
  });

  it("offers no Add: new testimonials come from consenting reviews", () => {
    expect(html).not.toContain("Add item");
    expectAllNamed(html);
  });
});
