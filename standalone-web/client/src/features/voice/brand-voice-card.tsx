import {
  voiceChoiceLabels,
  voiceChoiceNames,
  type SiteVoice,
  type SiteVoicesResponse,
  type VoiceSettings,
} from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Feather } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { TitledCard } from "../../components/ui/titled-card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../hooks/use-toast";
import { callRoute, errorMessage, routeQuery, routeQueryKey } from "../../lib/api";

const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** "Brand voice": each connected site's voice in plain words with an example, read from its posts, a preset or edited. */
export function BrandVoiceCard() {
  const voices = useQuery(routeQuery(contract.getVoices));
  return (
    <TitledCard
      icon={Feather}
      title="Brand voice"
      description="How your posts sound, read from your own published posts. New posts for the site are written in it, and each shows how closely it matches."
      contentClassName="grid gap-8"
    >
      {voices.isPending ? <p className="text-sm text-muted-foreground">Loading your voice...</p> : null}
      {voices.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(voices.error, "We could not load your brand voice. Please try again.")}
        </p>
      ) : null}
      {voices.data && voices.data.sites.length === 0 ? (
        <p className="text-sm text-muted-foreground">Connect a Shopify store or a WordPress site to set its voice.</p>
      ) : null}
      {voices.data?.sites.map((site) => (
        <SiteVoiceSection key={`${site.platform}-${site.connectionId}`} site={site} presets={voices.data.presets} />
      ))}
    </TitledCard>
  );
}

function SiteVoiceSection({ site, presets }: { site: SiteVoice; presets: SiteVoicesResponse["presets"] }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [preset, setPreset] = useState<string>(presets[0]?.id ?? "");
  const ref = { platform: site.platform, connectionId: site.connectionId };
  const saved = (next: SiteVoice, title: string) => {
    queryClient.setQueryData<SiteVoicesResponse>(routeQueryKey(contract.getVoices), (data) =>
      data
        ? {
            ...data,
            sites: data.sites.map((s) =>
              s.platform === next.platform && s.connectionId === next.connectionId ? next : s,
            ),
          }
        : data,
    );
    setEditing(false);
    toast({ title });
  };
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, "Please try again."), variant: "destructive" });

  const derive = useMutation({
    mutationFn: () => callRoute(contract.deriveVoice, { body: ref }),
    onSuccess: (next) => saved(next, "Voice read from your posts"),
    onError: failed("Voice not read"),
  });
  const usePreset = useMutation({
    mutationFn: (id: string) =>
      callRoute(contract.saveVoice, { body: { ...ref, preset: id as (typeof presets)[number]["id"] } }),
    onSuccess: (next) => saved(next, "Voice saved"),
    onError: failed("Voice not saved"),
  });
  const save = useMutation({
    mutationFn: (voice: VoiceSettings) => callRoute(contract.saveVoice, { body: { ...ref, voice } }),
    onSuccess: (next) => saved(next, "Voice saved"),
    onError: failed("Voice not saved"),
  });

  return (
    <section aria-label={`Brand voice of ${site.siteName}`} className="grid gap-4">
      <h3 className="font-semibold">
        {site.siteName} <span className="text-sm font-normal text-muted-foreground">{site.siteUrl}</span>
      </h3>
      {site.voice ? (
        <>
          <ul aria-label="Your voice" className="grid list-disc gap-1 pl-5 text-sm">
            {site.description.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <figure className="rounded-md border bg-muted/40 p-4 text-sm">
            <figcaption className="mb-2 font-medium">An example in this voice</figcaption>
            <blockquote>{site.example}</blockquote>
          </figure>
          <p className="text-xs text-muted-foreground">
            {site.voice.source === "posts"
              ? `Read from your ${site.voice.postsRead} most recent posts.`
              : site.voice.source === "preset"
                ? "From a preset."
                : "Edited by you."}
          </p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          No voice yet. Read it from your published posts, or start from a preset.
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <Button type="button" onClick={() => derive.mutate()} loading={derive.isPending}>
          {derive.isPending ? "Reading your posts..." : "Read from my posts"}
        </Button>
        <div className="grid gap-1">
          <Label htmlFor={`preset-${site.platform}`}>Preset</Label>
          <select
            id={`preset-${site.platform}`}
            className={selectClass}
            value={preset}
            onChange={(event) => setPreset(event.target.value)}
          >
            {presets.map((p) => (
              <option key={p.id} value={p.id} title={p.summary}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <Button type="button" variant="outline" onClick={() => usePreset.mutate(preset)} loading={usePreset.isPending}>
          Use preset
        </Button>
        {site.voice ? (
          <Button type="button" variant="outline" onClick={() => setEditing((open) => !open)}>
            {editing ? "Close" : "Edit voice"}
          </Button>
        ) : null}
      </div>
      {editing && site.voice ? (
        <VoiceForm voice={site.voice} saving={save.isPending} onSave={(voice) => save.mutate(voice)} />
      ) : null}
    </section>
  );
}

const words = (text: string) =>
  text
    .split(",")
    .map((w) => w.trim())
    .filter(Boolean)
    .slice(0, 20);

type ChoiceSetting = "person" | "formality" | "spelling" | "closing";

function VoiceForm({
  voice,
  saving,
  onSave,
}: {
  voice: VoiceSettings;
  saving: boolean;
  onSave: (voice: VoiceSettings) => void;
}) {
  const [draft, setDraft] = useState({
    ...voice,
    used: voice.wordsUsed.join(", "),
    avoided: voice.wordsAvoided.join(", "),
  });
  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const field = (id: string, label: string, control: React.ReactNode) => (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      {control}
    </div>
  );
  /** A setting picked from a list (select id voice-<setting>). */
  const choice = <K extends ChoiceSetting>(
    key: K,
    label: string,
    options: ReadonlyArray<readonly [VoiceSettings[K], string]>,
  ) =>
    field(
      `voice-${key}`,
      label,
      <select
        id={`voice-${key}`}
        className={selectClass}
        value={draft[key]}
        onChange={(e) => set(key, e.target.value as (typeof draft)[K])}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>,
    );
  return (
    <form
      aria-label="Edit voice"
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        const { used, avoided, ...settings } = draft;
        onSave({ ...settings, wordsUsed: words(used), wordsAvoided: words(avoided) });
      }}
    >
      {choice("person", voiceChoiceNames.person, voiceChoiceLabels.person)}
      {choice("formality", voiceChoiceNames.formality, voiceChoiceLabels.formality)}
      {choice("spelling", voiceChoiceNames.spelling, voiceChoiceLabels.spelling)}
      {field(
        "voice-sentence",
        "Words per sentence",
        <Input
          id="voice-sentence"
          type="number"
          min={3}
          max={60}
          value={draft.sentenceWords.mean}
          onChange={(e) => set("sentenceWords", { ...draft.sentenceWords, mean: Number(e.target.value) || 0 })}
        />,
      )}
      {choice("closing", voiceChoiceNames.closing, voiceChoiceLabels.closing)}
      {field(
        "voice-closing-line",
        "Your last line (optional)",
        <Input
          id="voice-closing-line"
          value={draft.closingExample ?? ""}
          maxLength={300}
          onChange={(e) => set("closingExample", e.target.value.trim() ? e.target.value : null)}
        />,
      )}
      {field(
        "voice-used",
        "Words you use (comma-separated)",
        <Input id="voice-used" value={draft.used} onChange={(e) => set("used", e.target.value)} />,
      )}
      {field(
        "voice-avoided",
        "Words you never use (comma-separated)",
        <Input id="voice-avoided" value={draft.avoided} onChange={(e) => set("avoided", e.target.value)} />,
      )}
      <div className="sm:col-span-2">
        <Button type="submit" loading={saving}>
          {saving ? "Saving..." : "Save voice"}
        </Button>
      </div>
    </form>
  );
}
