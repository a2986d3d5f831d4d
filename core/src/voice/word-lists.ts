// Two word lists the voice is read against: everyday English content words (not distinctive of anyone's voice),
// and words common in blog and marketing copy that many owners never use (listed as "avoided" when their posts lack
// them, so that the writers keep them out).

export const COMMON_WORDS: ReadonlySet<string> = new Set(
  (
    "about after again also always another back because been before being best better between both came come could " +
    "day days does done down each even every first from give given good great have here high home just keep know " +
    "last life like little long look made make many more most much must need never next number only other over part " +
    "people place point really right same said should show small some something still such take than that their " +
    "them then there these they thing things think this those through time times today under until used very want " +
    "well were what when where which while will with work world would year years your yours into just than then " +
    "going getting means often start started help helps thing lot lots year week weeks month months everything " +
    "anything nothing someone everyone business customer customers team post posts blog read reading find found " +
    "around without within once able sure whether though although however because across against along among " +
    "enough less least several toward towards usually quite rather really simply actually maybe perhaps ever"
  ).split(/\s+/),
);

/** In the order they are listed as avoided (the most telling first). */
export const VOICE_WATCH_WORDS: readonly string[] = [
  "delve",
  "unlock",
  "elevate",
  "leverage",
  "seamless",
  "game-changer",
  "supercharge",
  "skyrocket",
  "revolutionize",
  "revolutionise",
  "cutting-edge",
  "synergy",
  "awesome",
  "amazing",
  "stuff",
  "literally",
  "whilst",
  "furthermore",
  "moreover",
  "hence",
  "utilize",
  "utilise",
  "journey",
  "landscape",
  "robust",
  "ultimate",
  "empower",
  "harness",
];
