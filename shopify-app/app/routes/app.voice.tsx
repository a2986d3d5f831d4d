// "Brand voice" in Shopify admin: the store's voice in plain words with an example paragraph, read from its published
// articles, started from a preset, or edited by the merchant. Posts written for the store follow it, and each post
// shows how close it reads to it. Every rule is the core's (@postwright/core/voice), as on the site.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Layout,
  List,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import {
  voiceChoiceLabels,
  voiceChoiceNames,
  saveSiteVoiceRequestSchema,
  type SiteVoice,
  type VoiceSettings,
} from "@postwright/core/contracts";
import { badRequest, parseInput } from "@postwright/core/errors";
import { deriveSiteVoice, listSiteVoices, saveSiteVoice } from "@postwright/core/voice";
import { actionError } from "../action-error.server";
import { readForm } from "../read-form.server";
import { shopAccount } from "../shop-account.server";
import { authenticate } from "../shopify.server";
import { useActionToast } from "../use-action-toast";

/** The store's own voice row (the app's account has one connection: its store). */
async function storeVoice(shop: string, admin: Parameters<typeof shopAccount>[1]) {
  const { ctx, user } = await shopAccount(shop, admin);
  const voices = await listSiteVoices({ prisma: ctx.db.prisma }, { userId: user.id });
  const site = voices.sites.find((s) => s.platform === "shopify") ?? null;
  return { ctx, user, site, presets: voices.presets };
}

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { site, presets } = await storeVoice(session.shop, admin);
  return { site, presets };
};

/** Words typed as a comma-separated list. */
const words = (value: FormDataEntryValue | null) =>
  String(value ?? "")
    .split(",")
    .map((w) => w.trim())
    .filter(Boolean)
    .slice(0, 20);

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  try {
    const { ctx, user, site } = await storeVoice(session.shop, admin);
    if (!site) throw badRequest("Open the app's home page to connect your store first.");
    const form = await readForm(request);
    const intent = String(form.get("intent") ?? "");
    const ref = { userId: user.id, platform: "shopify" as const, connectionId: site.connectionId };
    // A preset or edited settings are checked as the site's own route checks them (the contract's request schema).
    const save = (request: { preset?: unknown; voice?: unknown }) =>
      saveSiteVoice(
        { prisma: ctx.db.prisma },
        { ...parseInput(saveSiteVoiceRequestSchema, { ...ref, ...request }), userId: user.id },
      );
    switch (intent) {
      case "derive": {
        const voice = await deriveSiteVoice(ctx.connections, ref);
        return { message: `Read from your ${voice.voice?.postsRead ?? 0} most recent articles` };
      }
      case "preset":
        await save({ preset: form.get("preset") });
        return { message: "Preset applied" };
      case "edit": {
        const current = site.voice;
        if (!current) throw badRequest("Read your voice from your articles or start from a preset first.");
        await save({
          voice: {
            ...current,
            person: form.get("person"),
            formality: form.get("formality"),
            spelling: form.get("spelling"),
            closing: form.get("closing"),
            closingExample: String(form.get("closingExample") ?? "").trim() || null,
            sentenceWords: { ...current.sentenceWords, mean: Number(form.get("sentenceWords")) },
            wordsUsed: words(form.get("wordsUsed")),
            wordsAvoided: words(form.get("wordsAvoided")),
          },
        });
        return { message: "Voice saved" };
      }
      default:
        throw badRequest("Unknown action.");
    }
  } catch (error) {
    return actionError(error);
  }
};

export default function BrandVoice() {
  const { site, presets } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyWith = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";
  const [preset, setPreset] = useState(presets[0]?.id ?? "");
  const [editing, setEditing] = useState(false);
  const chosen = presets.find((p) => p.id === preset);
  const error = result && "status" in result ? result.message : null;
  useActionToast(result);
  // A saved voice closes the editor, showing the voice as saved.
  useEffect(() => {
    if (result && !("status" in result)) setEditing(false);
  }, [result]);

  return (
    <Page
      title="Brand voice"
      subtitle="How your store writes: new posts follow it, and each post shows how close it reads to it."
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {error ? <Banner tone="critical" title={error} /> : null}
            {!site ? (
              <Banner tone="warning" title="Your store is not connected yet">
                <p>Open the app&apos;s home page to connect your store.</p>
              </Banner>
            ) : (
              <VoiceCard site={site} />
            )}
            {site ? (
              <Card>
                <BlockStack gap="300">
                  <Text as="h2" variant="headingMd">
                    Set your voice
                  </Text>
                  <InlineStack gap="300" blockAlign="end" wrap>
                    <Form method="post">
                      <input type="hidden" name="intent" value="derive" />
                      <Button submit variant="primary" loading={busyWith === "derive"}>
                        Read from my articles
                      </Button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="preset" />
                      <InlineStack gap="200" blockAlign="end">
                        <Select
                          label="Preset"
                          name="preset"
                          options={presets.map((p) => ({ label: p.name, value: p.id }))}
                          value={preset}
                          onChange={setPreset}
                        />
                        <Button submit loading={busyWith === "preset"}>
                          Use preset
                        </Button>
                      </InlineStack>
                    </Form>
                    {site.voice ? (
                      <Button onClick={() => setEditing((open) => !open)} disclosure={editing ? "up" : "down"}>
                        {editing ? "Close" : "Edit voice"}
                      </Button>
                    ) : null}
                  </InlineStack>
                  {/* The chosen preset in words under the row, so the buttons line up with the preset's field. */}
                  {chosen ? (
                    <Text as="p" variant="bodySm" tone="subdued">
                      {chosen.name}: {chosen.summary}
                    </Text>
                  ) : null}
                  {editing && site.voice ? <VoiceForm voice={site.voice} saving={busyWith === "edit"} /> : null}
                </BlockStack>
              </Card>
            ) : null}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

function VoiceCard({ site }: { site: SiteVoice }) {
  const voice = site.voice;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {site.siteName}
        </Text>
        {voice ? (
          <>
            <List type="bullet">
              {site.description.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
            <BlockStack gap="100">
              <Text as="h3" variant="headingSm">
                An example in this voice
              </Text>
              <Text as="p" tone="subdued">
                {site.example}
              </Text>
            </BlockStack>
            <Text as="p" variant="bodySm" tone="subdued">
              {voice.source === "posts"
                ? `Read from your ${voice.postsRead} most recent articles.`
                : voice.source === "preset"
                  ? "From a preset."
                  : "Edited by you."}
            </Text>
          </>
        ) : (
          <Text as="p" tone="subdued">
            No voice yet. Read it from your published articles, or start from a preset.
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}

type Choice = keyof typeof voiceChoiceLabels;

function VoiceForm({ voice, saving }: { voice: VoiceSettings; saving: boolean }) {
  const [draft, setDraft] = useState({
    person: voice.person as string,
    formality: voice.formality as string,
    spelling: voice.spelling as string,
    closing: voice.closing as string,
    sentenceWords: String(voice.sentenceWords.mean),
    closingExample: voice.closingExample ?? "",
    wordsUsed: voice.wordsUsed.join(", "),
    wordsAvoided: voice.wordsAvoided.join(", "),
  });
  const set = (key: keyof typeof draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const choice = (key: Choice) => (
    <Select
      label={voiceChoiceNames[key]}
      name={key}
      options={voiceChoiceLabels[key].map(([value, label]) => ({ value, label }))}
      value={draft[key]}
      onChange={set(key)}
    />
  );
  return (
    <Form method="post" aria-label="Edit voice">
      <input type="hidden" name="intent" value="edit" />
      <FormLayout>
        <FormLayout.Group>
          {choice("person")}
          {choice("formality")}
        </FormLayout.Group>
        <FormLayout.Group>
          {choice("spelling")}
          <TextField
            label="Words per sentence"
            name="sentenceWords"
            type="number"
            min={3}
            max={60}
            autoComplete="off"
            value={draft.sentenceWords}
            onChange={set("sentenceWords")}
          />
        </FormLayout.Group>
        <FormLayout.Group>
          {choice("closing")}
          <TextField
            label="Your last line (optional)"
            name="closingExample"
            maxLength={300}
            autoComplete="off"
            value={draft.closingExample}
            onChange={set("closingExample")}
          />
        </FormLayout.Group>
        <TextField
          label="Words you use (comma-separated)"
          name="wordsUsed"
          autoComplete="off"
          value={draft.wordsUsed}
          onChange={set("wordsUsed")}
        />
        <TextField
          label="Words you never use (comma-separated)"
          name="wordsAvoided"
          autoComplete="off"
          value={draft.wordsAvoided}
          onChange={set("wordsAvoided")}
        />
        <Button submit variant="primary" loading={saving}>
          Save voice
        </Button>
      </FormLayout>
    </Form>
  );
}
