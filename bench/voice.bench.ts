// Does a post written for a site read like that site? Three sites with clearly different voices (a formal British
// B2B firm writing as "we", a casual American shop writing short sentences to "you", a potter's first-person notes;
// core/src/voice/fixtures), each with its voice read from its own six posts. For each site, ten posts on new topics
// are written with its voice, by the offline writer and by the model pipeline through the local fake OpenAI-compatible
// server (which follows the prompt's voice lines in its own crude way), and each post's stylometric distance
// (function words, sentence lengths, person, spelling) is measured to its own site's voice and to the other two.
// The baseline: the same posts written without a voice. Goal: closer to its own site than to either other site in
// at least 90% of cases, for both writers.
import { createWriter, type Writer } from "../core/src/ai/index.ts";
import { generatePostSchema } from "../core/src/contracts/blog.ts";
import { deriveVoiceProfile, voiceDistance, type VoiceProfile } from "../core/src/voice/index.ts";
import { SAMPLE_SITES } from "../core/src/voice/fixtures/sample-sites.ts";
import { startFakeOpenAI } from "../tests/fakes/openai/server.ts";

const GOAL = 0.9;

interface Tally {
  own: number[];
  other: number[];
  closer: number;
  total: number;
  match: number[];
}

async function measure(writer: Writer, profiles: VoiceProfile[], withVoice: boolean): Promise<Tally[]> {
  const tallies: Tally[] = [];
  for (const [i, site] of SAMPLE_SITES.entries()) {
    const tally: Tally = { own: [], other: [], closer: 0, total: 0, match: [] };
    for (const topic of site.topics) {
      const input = generatePostSchema.parse({ title: topic.title, keywords: topic.keywords, companyName: site.name });
      const post = await writer.writePost(input, withVoice ? { voice: profiles[i] } : {});
      const distances = profiles.map((profile) => voiceDistance(post.html, profile).distance);
      const own = distances[i]!;
      const others = distances.filter((_, k) => k !== i);
      tally.own.push(own);
      tally.other.push(...others);
      tally.match.push(Math.round(100 * (1 - own)));
      tally.total++;
      if (others.every((d) => own < d)) tally.closer++;
    }
    tallies.push(tally);
  }
  return tallies;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / (values.length || 1);
const pct = (n: number) => `${Math.round(n * 100)}%`;

function report(label: string, tallies: Tally[]): number {
  console.log(`\n${label}:`);
  let closer = 0;
  let total = 0;
  for (const [i, t] of tallies.entries()) {
    console.log(
      `  ${SAMPLE_SITES[i]!.name.padEnd(18)} own ${mean(t.own).toFixed(3)}  others ${mean(t.other).toFixed(3)}` +
        `  closer to own ${t.closer}/${t.total}  match ${Math.round(mean(t.match))}`,
    );
    closer += t.closer;
    total += t.total;
  }
  console.log(`  closer to own site: ${closer}/${total} (${pct(closer / total)})`);
  return closer / total;
}

export default async function bench(): Promise<void> {
  const profiles = SAMPLE_SITES.map((site) =>
    deriveVoiceProfile(site.posts.map((p) => ({ title: p.title, body: p.body }))),
  );
  console.log("voices read from each site's six posts (distance 0 = same style, 1 = nothing in common)");

  const offline = createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "none" } });
  const offlineBase = report("offline writer, no voice (baseline)", await measure(offline, profiles, false));
  const offlineVoice = report("offline writer, with the site's voice", await measure(offline, profiles, true));

  const fake = await startFakeOpenAI({ tokensPerSecond: Infinity, latencyMs: 0 });
  try {
    const model = createWriter({
      openai: { apiKey: "bench", baseUrl: fake.url, model: "fake-model" },
      targetWords: 900,
    });
    const modelBase = report(
      "model through the local fake, no voice (baseline)",
      await measure(model, profiles, false),
    );
    const modelVoice = report(
      "model through the local fake, with the site's voice",
      await measure(model, profiles, true),
    );
    console.log(
      `\nratio to baseline (share closer to own site): offline ${(offlineVoice / Math.max(offlineBase, 0.01)).toFixed(1)}x,` +
        ` model ${(modelVoice / Math.max(modelBase, 0.01)).toFixed(1)}x` +
        ` (goal: at least ${pct(GOAL)} with each writer: offline ${offlineVoice >= GOAL ? "met" : "not met"},` +
        ` model ${modelVoice >= GOAL ? "met" : "not met"})`,
    );
  } finally {
    await fake.close();
  }
}
