// The SEO title's width in Google's results, shared by the analyser (core/src/seo) and the editors' width meters.
// Google shows titles in Arial, and Yoast SEO measures the SEO title in Arial 18px against a 600 px limit. Arial's
// advance widths, in thousandths of the font size, for the printable ASCII characters from the space (32) to "~" (126).
// prettier-ignore
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space ! " # $ % & ' ( ) * + , - . /
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0-9 : ; < = > ?
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ A-O
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P-Z [ \ ] ^ _
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` a-o
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p-z { | } ~
];

const OTHER_WIDTHS = new Map<string, number>([
  ["\u00a0", 278], // no-break space
  ["‘", 222],
  ["’", 222],
  ["“", 333],
  ["”", 333],
  ["–", 556],
  ["—", 1000],
  ["…", 1000],
  ["•", 350],
  ["·", 278],
  ["€", 556],
  ["£", 556],
  ["©", 737],
  ["®", 737],
  ["™", 1000],
  ["°", 400],
  ["×", 584],
  ["«", 556],
  ["»", 556],
  ["¡", 333],
  ["¿", 611],
  ["ß", 611],
  ["æ", 889],
  ["Æ", 1000],
  ["ø", 611],
  ["Ø", 778],
]);

export const TITLE_FONT_SIZE_PX = 18;
/** The widest title Google shows without cutting it, in pixels. */
export const TITLE_MAX_WIDTH_PX = 600;
/** Below this a title leaves room in the results unused. */
export const TITLE_MIN_WIDTH_PX = 400;

const WIDE_CHARACTER = 1000; // CJK ideographs, emoji and the like are about one em wide
const DEFAULT_WIDTH = 556; // an average lower-case letter

function characterWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 32 && code <= 126) return ASCII_WIDTHS[code - 32] ?? DEFAULT_WIDTH;
  const known = OTHER_WIDTHS.get(char);
  if (known !== undefined) return known;
  // An accented letter is as wide as its base letter ("é" as "e").
  const base = char.normalize("NFD").charCodeAt(0);
  if (base >= 32 && base <= 126) return ASCII_WIDTHS[base - 32] ?? DEFAULT_WIDTH;
  if (code >= 0x1100) return WIDE_CHARACTER;
  return DEFAULT_WIDTH;
}

/** Estimated width of a title in Google's results (Arial 18px, as Yoast SEO measures it), in whole pixels. */
export function titleWidthPx(title: string): number {
  let thousandths = 0;
  for (const char of title.replace(/\s+/g, " ").trim()) thousandths += characterWidth(char);
  return Math.round((thousandths * TITLE_FONT_SIZE_PX) / 1000);
}
