import type { ContentValue } from "@shared/content/api";
import { describe, expect, it } from "vitest";
import {
  addItem,
  blankLike,
  controlId,
  getAt,
  isLongText,
  itemLabel,
  itemShape,
  kindOf,
  labelFromKey,
  moveItem,
  removeItem,
  sameValue,
  setAt,
  textsOf,
} from "./content-value";

describe("labels", () => {
  it.each([
    ["responseTime", "Response time"],
    ["title", "Title"],
    ["ctaLabel", "Cta label"],
    ["cta_label", "Cta label"],
    ["stat-2", "Stat 2"],
    ["step2Text", "Step 2 text"],
    ["URL", "Url"],
  ])("names the key %s %s", (key, label) => {
    expect(labelFromKey(key)).toBe(label);
  });

  it("names list items by their place from 1", () => {
    expect([0, 1, 9].map(itemLabel)).toEqual(["Item 1", "Item 2", "Item 10"]);
  });

  it("makes control ids of letters, digits and dashes only", () => {
    expect(controlId("home.hero", ["stats", 0, "value"])).toBe("content-home-hero-stats-0-value");
  });
});

describe("shapes", () => {
  it("reads the control from the value", () => {
    expect(kindOf("text")).toBe("text");
    expect(kindOf(null)).toBe("text");
    expect(kindOf(undefined)).toBe("text");
    expect(kindOf(true)).toBe("boolean");
    expect(kindOf(3)).toBe("number");
    expect(kindOf(["a"])).toBe("list");
    expect(kindOf({ a: "b" })).toBe("group");
  });

  it("gives long and multi-line texts a text area", () => {
    expect(isLongText("x".repeat(80))).toBe(false);
    expect(isLongText("x".repeat(81))).toBe(true);
    expect(isLongText("one\ntwo")).toBe(true);
  });

  it("blanks a value keeping its shape", () => {
    expect(
      blankLike({ value: "100+", label: "Pilots", shown: true, order: 2, tags: ["a"], more: { a: "b" } }),
    ).toEqual({ value: "", label: "", shown: false, order: 0, tags: [], more: { a: "" } });
  });

  it("copies a new item's shape from the first seeded item, else the list's own, else a text", () => {
    expect(itemShape([{ a: "x" }], [{ b: "y" }])).toEqual({ a: "x" });
    expect(itemShape([], [{ b: "y" }])).toEqual({ b: "y" });
    expect(itemShape(undefined, [])).toBe("");
    expect(itemShape("not a list", undefined)).toBe("");
  });

  it("lists every text in order", () => {
    expect(textsOf({ value: "100+", label: "Pilots Trained", n: 3, list: ["a", "b"] })).toEqual([
      "100+",
      "Pilots Trained",
      "a",
      "b",
    ]);
  });

  it("compares values whatever the order of keys", () => {
    expect(sameValue({ a: "1", b: ["x"] }, { b: ["x"], a: "1" })).toBe(true);
    expect(sameValue({ a: "1" }, { a: "1", b: "2" })).toBe(false);
    expect(sameValue(["a", "b"], ["b", "a"])).toBe(false);
    expect(sameValue(null, "")).toBe(false);
  });
});

describe("changing a value at a path", () => {
  const value: ContentValue = {
    title: "Hi",
    stats: [
      { value: "1", label: "One" },
      { value: "2", label: "Two" },
    ],
  };

  it("reads and writes nested values without touching the original", () => {
    expect(getAt(value, ["stats", 1, "label"])).toBe("Two");
    expect(getAt(value, ["missing", 0])).toBeUndefined();
    const next = setAt(value, ["stats", 1, "label"], "Deux");
    expect(getAt(next, ["stats", 1, "label"])).toBe("Deux");
    expect(getAt(value, ["stats", 1, "label"])).toBe("Two");
    expect(getAt(next, ["stats", 0])).toBe(getAt(value, ["stats", 0]));
  });

  it("makes missing groups and lists on the way", () => {
    expect(setAt(undefined, ["a", 0, "b"], "x")).toEqual({ a: [{ b: "x" }] });
  });

  it("adds, removes and moves list items", () => {
    const added = addItem(value, ["stats"], { value: "", label: "" });
    expect(getAt(added, ["stats"])).toHaveLength(3);
    const removed = removeItem(added, ["stats"], 0);
    expect(getAt(removed, ["stats"])).toEqual([
      { value: "2", label: "Two" },
      { value: "", label: "" },
    ]);
    const moved = moveItem(value, ["stats"], 1, 0);
    expect(getAt(moved, ["stats", 0, "label"])).toBe("Two");
    expect(getAt(moved, ["stats", 1, "label"])).toBe("One");
    expect(getAt(moved, ["title"])).toBe("Hi");
  });

  it("leaves the value as it is for a move out of range", () => {
    expect(moveItem(value, ["stats"], 0, -1)).toBe(value);
    expect(moveItem(value, ["stats"], 1, 2)).toBe(value);
  });

  it("works on a list that is the whole value", () => {
    expect(moveItem(["a", "b", "c"], [], 2, 0)).toEqual(["c", "a", "b"]);
    expect(removeItem(["a", "b"], [], 1)).toEqual(["a"]);
    expect(addItem(["a"], [], "")).toEqual(["a", ""]);
  });
});
