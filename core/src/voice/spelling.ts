// Words spelt differently in American and British English, with their common forms, and a rewrite from one to the
// other that keeps each word's capitals. British -ize/-ise verbs take -ise, as most British publications write them.

// -ize verbs: each gives ize/ise, izes/ises, ized/ised, izing/ising, and -ization(s)/-isation(s) where marked.
const izeVerbs = (
  "organ* real* recogn* optim* priorit* custom* special* summar* emphas* minim* maxim* apolog* categor* critic* " +
  "util* visual* personal* standard* author* modern* central* final* maxim* monet* capital* character* " +
  "revolution* symbol* memor* familiar* stabil* normal* digit* global* local* synchron* energ*"
)
  .split(/\s+/)
  .filter(Boolean);

const izeStems = [...new Set(izeVerbs)].map((stem) => stem.replace(/\*$/, ""));

// Each pair: American, British (whole words; forms listed where they are not regular).
const pairs: Array<[string, string]> = [
  ["color", "colour"],
  ["colors", "colours"],
  ["colored", "coloured"],
  ["colorful", "colourful"],
  ["favorite", "favourite"],
  ["favorites", "favourites"],
  ["favor", "favour"],
  ["honor", "honour"],
  ["behavior", "behaviour"],
  ["behaviors", "behaviours"],
  ["labor", "labour"],
  ["neighbor", "neighbour"],
  ["neighbors", "neighbours"],
  ["neighborhood", "neighbourhood"],
  ["flavor", "flavour"],
  ["flavors", "flavours"],
  ["humor", "humour"],
  ["rumor", "rumour"],
  ["harbor", "harbour"],
  ["endeavor", "endeavour"],
  ["center", "centre"],
  ["centers", "centres"],
  ["theater", "theatre"],
  ["meter", "metre"],
  ["meters", "metres"],
  ["fiber", "fibre"],
  ["liter", "litre"],
  ["liters", "litres"],
  ["analyze", "analyse"],
  ["analyzed", "analysed"],
  ["analyzes", "analyses"],
  ["analyzing", "analysing"],
  ["catalog", "catalogue"],
  ["catalogs", "catalogues"],
  ["dialog", "dialogue"],
  ["defense", "defence"],
  ["offense", "offence"],
  ["license", "licence"],
  ["practice", "practise"],
  ["traveled", "travelled"],
  ["traveling", "travelling"],
  ["traveler", "traveller"],
  ["travelers", "travellers"],
  ["canceled", "cancelled"],
  ["canceling", "cancelling"],
  ["labeled", "labelled"],
  ["labeling", "labelling"],
  ["modeling", "modelling"],
  ["modeled", "modelled"],
  ["fueled", "fuelled"],
  ["enrollment", "enrolment"],
  ["fulfill", "fulfil"],
  ["fulfillment", "fulfilment"],
  ["skillful", "skilful"],
  ["jewelry", "jewellery"],
  ["gray", "grey"],
  ["aluminum", "aluminium"],
  ["check", "cheque"],
  ["program", "programme"],
  ["programs", "programmes"],
  ["mom", "mum"],
  ["judgment", "judgement"],
  ["acknowledgment", "acknowledgement"],
  ["aging", "ageing"],
  ["math", "maths"],
  ["while", "whilst"],
  ["among", "amongst"],
];

// Pairs that mark British English in one direction only: "whilst" is British, but "while" is everyone's; "check",
// "program", "practice" (the noun), "license" (the verb) are British too in some senses. Their British forms count
// as British and become American; their American forms neither count nor change.
const oneWay = new Set(["while", "among", "check", "program", "programs", "practice", "mom", "math", "license"]);

for (const stem of izeStems) {
  for (const [us, uk] of [
    ["ize", "ise"],
    ["izes", "ises"],
    ["ized", "ised"],
    ["izing", "ising"],
    ["ization", "isation"],
    ["izations", "isations"],
    ["izer", "iser"],
    ["izers", "isers"],
  ] as const)
    pairs.push([`${stem}${us}`, `${stem}${uk}`]);
}

const toUk = new Map<string, string>();
const toUs = new Map<string, string>();
for (const [us, uk] of pairs) {
  if (!oneWay.has(us) && !toUk.has(us)) toUk.set(us, uk);
  if (!toUs.has(uk)) toUs.set(uk, us);
}

/** Whether a (lower case) word is an American or a British spelling, or neither. */
export function spellingOf(word: string): "US" | "UK" | null {
  if (toUk.has(word)) return "US";
  if (toUs.has(word)) return "UK";
  return null;
}

/** Counts American and British spellings among the words. */
export function countSpellings(words: readonly string[]): { us: number; uk: number } {
  let us = 0;
  let uk = 0;
  for (const word of words) {
    const variant = spellingOf(word);
    if (variant === "US") us++;
    else if (variant === "UK") uk++;
  }
  return { us, uk };
}

function keepCase(original: string, replacement: string): string {
  if (original === original.toUpperCase() && original.length > 1) return replacement.toUpperCase();
  if (original.charAt(0) === original.charAt(0).toUpperCase())
    return replacement.charAt(0).toUpperCase() + replacement.slice(1);
  return replacement;
}

/**
 * Rewrites the words of a text (or the text parts of HTML: tags and attributes are left alone) into one spelling.
 * Only words that are unambiguous respellings change (British "whilst" is not forced on American text, nor the reverse
 * of words with other senses).
 */
export function respell(text: string, variant: "US" | "UK"): string {
  const map = variant === "UK" ? toUk : toUs;
  return text.replace(/(<[^>]*>)|([\p{L}]+)/gu, (whole, tag: string | undefined, word: string | undefined) => {
    if (tag || !word) return whole;
    const lower = word.toLowerCase();
    const replacement = map.get(lower);
    return replacement ? keepCase(word, replacement) : whole;
  });
}
