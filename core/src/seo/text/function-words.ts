// English function words: they carry grammar, not topic, so a keyphrase is matched on its other ("content") words,
// as Yoast SEO does: "how to brew coffee" is found in "brewing coffee at home, and how".
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the this that these those some any each every either neither no all both half several many much more most " +
    "few fewer less least other another such what which who whom whose whoever whatever whichever " +
    "i me my mine myself you your yours yourself yourselves he him his himself she her hers herself it its itself " +
    "we us our ours ourselves they them their theirs themselves one ones " +
    "is am are was were be been being do does did done doing have has had having " +
    "can could may might must shall should will would ought " +
    "and or but nor so yet if then else than because while although though unless until since whether " +
    "as at by for from in into of off on onto out over to up upon with within without about above across after " +
    "against along among around before behind below beneath beside besides between beyond down during except " +
    "inside near outside past per through throughout toward towards under underneath via " +
    "not very too also just only even still already again ever never always often here there when where why how " +
    "now quite rather really so-called yes"
  ).split(" "),
);

export function isFunctionWord(word: string): boolean {
  return FUNCTION_WORDS.has(word);
}
