import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertFits, gsmName, gsmReplace, isGsm7, REPLACEABLE, segments } from "./sms-text";

// Copied from the 3GPP TS 23.038 table independently of the module, so a slip in either shows.
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "^{}\\[~]|€";

const gsmChar = fc.constantFrom(...GSM_BASIC, ...GSM_EXTENSION);
const replaceableChar = fc.constantFrom(...REPLACEABLE);
const basicChar = fc.constantFrom(..."abcXYZ019 .,'@£");

it("agrees with the table on every character of it, and on none outside it", () => {
  expect(isGsm7(GSM_BASIC + GSM_EXTENSION)).toBe(true);
  expect([...GSM_BASIC].length).toBe(127); // 128 codes less the escape
  for (const c of "`ā€\u00a0\u2019\u001b\t\f") if (!GSM_EXTENSION.includes(c)) expect(isGsm7(c)).toBe(false);
});

describe("gsmName", () => {
  it.each([
    ["Losalini", "Losalini"],
    ["O'Brien", "O'Brien"],
    ["O\u2019Brien", "O'Brien"],
    ["Sélène", "Sélène"],
    ["Se\u0301le\u0300ne", "Sélène"], // typed with combining accents
    ["Jean\u2013Luc", "Jean-Luc"],
    ["  Mere\u00a0Vula ", "Mere Vula"],
  ])("keeps %j as %j", (name, expected) => {
    expect(gsmName(name)).toBe(expected);
  });

  it.each(["Mākereta", "Łukasz", "Zoë", "李", "Ana 😀", "", "   "])("leaves %j out", (name) => {
    expect(gsmName(name)).toBeNull();
  });

  it("returns a GSM-7 name or null for any input", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (name) => {
        const result = gsmName(name);
        if (result !== null) expect(isGsm7(result)).toBe(true);
      }),
    );
  });
});

describe("gsmReplace", () => {
  it("replaces quotes, dashes, ellipses and odd spaces", () => {
    expect(gsmReplace("\u201cPay by 5 March\u201d \u2014 it\u2019s FJD\u00a0200\u2026 8:00\u202fam")).toBe(
      '"Pay by 5 March" - it\'s FJD 200... 8:00 am',
    );
  });

  it("always gives GSM-7 for text made of GSM-7 and typographic characters", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(gsmChar, replaceableChar)), (chars) => {
        expect(isGsm7(gsmReplace(chars.join("")))).toBe(true);
      }),
    );
  });

  it("leaves GSM-7 text as it is", () => {
    fc.assert(
      fc.property(fc.array(gsmChar), (chars) => {
        const text = chars.join("");
        expect(gsmReplace(text)).toBe(text);
      }),
    );
  });

  it("is GSM-7 after replacement exactly when every character was GSM-7 or typographic", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(gsmChar, replaceableChar, fc.string({ unit: "binary", maxLength: 1 }))),
        (parts) => {
          const text = parts.join("").normalize("NFC");
          const expected = [...text].every(
            (c) => GSM_BASIC.includes(c) || GSM_EXTENSION.includes(c) || REPLACEABLE.includes(c),
          );
          expect(isGsm7(gsmReplace(text))).toBe(expected);
        },
      ),
    );
  });
});

describe("segments", () => {
  const a = (n: number) => "a".repeat(n);

  it.each([
    [a(1), 1],
    [a(160), 1],
    [a(161), 2],
    [a(306), 2],
    [a(307), 3],
    [a(459), 3],
    [a(460), 4],
  ])("counts %#: GSM-7 at the boundaries", (text, count) => {
    expect(segments(text)).toEqual({ encoding: "GSM-7", segments: count, units: text.length });
  });

  it("counts an extension character as two septets", () => {
    expect(segments(`${a(158)}€`)).toEqual({ encoding: "GSM-7", segments: 1, units: 160 });
    expect(segments(`${a(159)}€`)).toEqual({ encoding: "GSM-7", segments: 2, units: 161 });
    expect(segments("[]{}").units).toBe(8);
  });

  it("never splits an extension character across parts", () => {
    // 306 septets would be two parts of 153, but the € at septets 153-154 must move whole to the second part.
    expect(segments(`${a(152)}€${a(152)}`)).toEqual({ encoding: "GSM-7", segments: 3, units: 306 });
    expect(segments(`${a(151)}€${a(153)}`)).toEqual({ encoding: "GSM-7", segments: 2, units: 306 });
  });

  it.each([
    [`Mākereta ${a(61)}`, 1, 70],
    [`Mākereta ${a(62)}`, 2, 71],
    [`ā${a(133)}`, 2, 134],
    [`ā${a(134)}`, 3, 135],
  ])("counts UCS-2 at the boundaries (%#)", (text, count, units) => {
    expect(segments(text)).toEqual({ encoding: "UCS-2", segments: count, units });
  });

  it("counts an emoji as two UCS-2 units and never splits it", () => {
    expect(segments("😀").units).toBe(2);
    expect(segments(`${"ā".repeat(68)}😀`)).toEqual({ encoding: "UCS-2", segments: 1, units: 70 });
    expect(segments(`${"ā".repeat(69)}😀`)).toEqual({ encoding: "UCS-2", segments: 2, units: 71 });
    // 134 units would be two parts of 67, but the emoji at units 67-68 must move whole to the second part.
    expect(segments(`${"ā".repeat(66)}😀${"ā".repeat(66)}`)).toEqual({
      encoding: "UCS-2",
      segments: 3,
      units: 134,
    });
  });

  it("matches 160 / 153 per part for plain GSM-7 text of any length", () => {
    fc.assert(
      fc.property(fc.array(basicChar, { maxLength: 1000 }), (chars) => {
        const n = chars.length;
        expect(segments(chars.join("")).segments).toBe(n <= 160 ? 1 : Math.ceil(n / 153));
      }),
    );
  });

  it("always has room for the text, and never more than one extra part for whole characters", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(gsmChar, fc.constantFrom("ā", "😀"))), (chars) => {
        const size = segments(chars.join(""));
        const perPart = size.encoding === "GSM-7" ? 153 : 67;
        const single = size.encoding === "GSM-7" ? 160 : 70;
        if (size.segments === 1) expect(size.units).toBeLessThanOrEqual(single);
        else {
          expect(size.units).toBeGreaterThan(single);
          expect(size.segments * perPart).toBeGreaterThanOrEqual(size.units);
          expect(size.units).toBeGreaterThan((size.segments - 1) * (perPart - 1));
        }
      }),
    );
  });
});

describe("assertFits", () => {
  it("accepts GSM-7 text up to two parts by default", () => {
    expect(assertFits("a".repeat(306))).toEqual({ encoding: "GSM-7", segments: 2, units: 306 });
  });

  it("refuses a third part, or the limit given", () => {
    expect(() => assertFits("a".repeat(307))).toThrow("3 SMS parts");
    expect(() => assertFits("a".repeat(161), 1)).toThrow("at most 1");
  });

  it("refuses text outside GSM-7, even when short", () => {
    expect(() => assertFits("Bula Mākereta")).toThrow("not wholly GSM-7");
  });

  it("holds a text with these names to two parts, and would not with a name outside GSM-7", () => {
    const text = (name: string) =>
      `Bula ${name}, your seat on RPAS Theory (12 March) is held until 5 March 17:00. Confirm by phone: https://example.fj/c/AbCdEfGhIjKlMnOpQr Stop texts: https://example.fj/s/AbCdEfGh`;
    for (const name of ["O’Brien", "Losalini", "Sélène"]) {
      const kept = gsmName(name);
      expect(kept).not.toBeNull();
      expect(assertFits(text(kept ?? "")).segments).toBe(2);
    }
    expect(gsmName("Mākereta")).toBeNull(); // so her text is written without the name, because with it:
    expect(() => assertFits(text("Mākereta"))).toThrow("not wholly GSM-7");
    expect(segments(text("Mākereta")).segments).toBe(3);
  });
});
