// cn(): joins class names and, when two utilities of the same kind meet (a component's default and its caller's
// override, e.g. Button's text-sm and a caller's text-base), keeps the later one. tailwind-merge does this for
// every Tailwind utility but costs every page 8.3 KB of gzipped script (ADR 033); this knows only the kinds our
// components are overridden in. The browser suite checks every class attribute it sees with tailwind-merge itself
// (tests/e2e/class-conflicts.ts), so a kind missing here fails a test instead of shipping a conflict.
import { type ClassValue, clsx } from "clsx";

const SIZES = "xs|sm|base|lg|xl|[2-9]xl";
const TEXT_NOT_COLOR = `${SIZES}|left|center|right|justify|start|end|wrap|nowrap|balance|pretty|ellipsis|clip`;
const BORDER_NOT_COLOR = "0|2|4|8|t|b|l|r|x|y|s|e|solid|dashed|dotted|double|none|collapse|separate|spacing";

/** Each kind: a pattern of the utility (without its variant prefix) that sets one thing. Order does not matter. */
const KINDS: Record<string, RegExp> = {
  fontSize: new RegExp(`^text-(${SIZES})$`),
  textColor: new RegExp(`^text-(?!(${TEXT_NOT_COLOR})$)`),
  background:
    /^bg-(?!(clip|origin|fixed|local|scroll|repeat|no-repeat|cover|contain|auto|center|top|bottom|left|right|none|linear|radial|conic|gradient)(-|$))/,
  borderColor: new RegExp(`^border-(?!(${BORDER_NOT_COLOR})(-|$))`),
  borderWidth: /^border(-(0|2|4|8))?$/,
  fontWeight: /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/,
  ringColor: /^ring-(?!(0|1|2|4|8|inset)$)/,
  height: /^h-/,
  width: /^w-/,
  maxWidth: /^max-w-/,
  padding: /^p-/,
  paddingX: /^px-/,
  paddingY: /^py-/,
  paddingTop: /^pt-/,
  paddingBottom: /^pb-/,
  marginTop: /^mt-/,
  gap: /^gap-/,
  spaceY: /^space-y-/,
  rounded: /^rounded(-(none|xs|sm|md|lg|xl|2xl|3xl|4xl|full))?$/,
  shadow: /^shadow(-(2xs|xs|sm|md|lg|xl|2xl|none))?$/,
  justify: /^justify-(start|end|center|between|around|evenly|stretch|normal)$/,
  display: /^(block|inline|inline-block|flex|inline-flex|grid|inline-grid|hidden|contents)$/,
};
const KIND_NAMES = Object.keys(KINDS);

/** The kind of a utility, keyed with its variants ("sm:hover:"), or null when it is not one we merge. */
function kindOf(token: string): string | null {
  const important = token.endsWith("!") ? token.slice(0, -1) : token;
  const split = important.lastIndexOf(":");
  // Arbitrary variants ([&_svg]:size-4) keep their brackets in the prefix; their utility is after the last colon.
  const variants = split >= 0 ? important.slice(0, split + 1) : "";
  const utility = (split >= 0 ? important.slice(split + 1) : important).replace(/^-/, "");
  const kind = KIND_NAMES.find((name) => KINDS[name]?.test(utility));
  return kind ? `${variants}${kind}` : null;
}

export function cn(...inputs: ClassValue[]): string {
  const tokens = clsx(inputs).split(" ").filter(Boolean);
  // Each token's kind once (cn runs at every render of every component); the last of a kind wins.
  const kinds = tokens.map(kindOf);
  const lastOfKind = new Map<string, number>();
  kinds.forEach((kind, index) => {
    if (kind) lastOfKind.set(kind, index);
  });
  return tokens
    .filter((_token, index) => {
      const kind = kinds[index];
      return !kind || lastOfKind.get(kind) === index;
    })
    .join(" ");
}
