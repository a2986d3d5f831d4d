import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import articlePreviewStyles from "../article-preview.css?url";
import {
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  Layout,
  Page,
  Badge,
  ProgressBar,
  Tag,
  Text,
  TextField,
} from "@shopify/polaris";
import { useAppBridge } from "@shopify/app-bridge-react";
import { useRef, useState } from "react";
import { MAX_FEATURED_ITEMS } from "@postwright/core/contracts";
import { actionError } from "../action-error.server";
import { prepareWrite } from "../write-post.server";
import { useWriteStream } from "../use-write-stream";
import { WriteProgressCard } from "../write-progress";
import { FailureBanner } from "../failure-banner";
import type { action as titlesAction } from "./app.titles";
import { PostImages, usePostImages } from "../post-images";
import { PostLinks } from "../post-links";
import { shopAccount } from "../shop-account.server";
import { authenticate } from "../shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { user } = await shopAccount(session.shop, admin);
  return { companyName: user.firstName ?? "" };
};

export const links = () => [{ rel: "stylesheet", href: articlePreviewStyles }];

/** A plain form post (without the page's script): the post is written, then its page opens. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, redirect, admin } = await authenticate.admin(request);
  try {
    const write = await prepareWrite(request, session.shop, admin);
    const result = await write();
    return redirect(`/app/posts/${result.blogPost.id}`);
  } catch (error) {
    return actionError(error);
  }
};

interface Picked {
  id: string;
  title: string;
}

/** At most this many products and collections in one post: the core's limit, the same on every surface. */
const MAX_FEATURED = MAX_FEATURED_ITEMS;

export default function WritePost() {
  const { companyName } = useLoaderData<typeof loader>();
  const shopify = useAppBridge();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [showCards, setShowCards] = useState(false);
  const pickedProducts = picked.some((item) => item.id.includes("/Product/"));
  const form = useRef<HTMLFormElement>(null);
  async function pick(type: "product" | "collection") {
    const others = picked.filter((item) => !item.id.includes(type === "product" ? "/Product/" : "/Collection/"));
    const selection = await shopify.resourcePicker({
      type,
      multiple: Math.max(1, MAX_FEATURED - others.length),
      action: "select",
      selectionIds: picked.filter((item) => !others.includes(item)).map((item) => ({ id: item.id })),
    });
    if (!selection) return;
    setPicked([...others, ...selection.map((item) => ({ id: item.id, title: item.title }))].slice(0, MAX_FEATURED));
  }
  const actionFailure = useActionData<typeof action>();
  const stream = useWriteStream();
  const failure = stream.failure ?? actionFailure;
  const submitting = useNavigation().state === "submitting";
  const writing = stream.writing || submitting;
  const [title, setTitle] = useState("");
  const [keywords, setKeywords] = useState("");
  const [focusKeyphrase, setFocusKeyphrase] = useState("");
  const [company, setCompany] = useState(companyName);
  const [instructions, setInstructions] = useState("");
  const images = usePostImages();
  const titles = useFetcher<typeof titlesAction>();
  const suggesting = titles.state !== "idle";
  const answer = titles.data;
  const suggestions =
    answer && "suggestions" in answer
      ? [answer.suggestions.optimizedTitle, ...answer.suggestions.titleVariations].filter(
          (suggestion) => suggestion.trim() && suggestion !== title,
        )
      : [];
  function suggest() {
    titles.submit({ title, keywords }, { method: "post", action: "/app/titles" });
  }
  return (
    <Page title="Write a post" backAction={{ content: "Home", url: "/app" }}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {failure?.message ? (
              <FailureBanner failure={failure} onRetry={() => form.current?.requestSubmit()} />
            ) : null}
            <Card>
              <Form
                method="post"
                ref={form}
                onSubmit={(event) => {
                  // With the page's script, the post is written through the stream and shown as it grows.
                  event.preventDefault();
                  void stream.write(event.currentTarget);
                }}
              >
                <FormLayout>
                  <BlockStack gap="200">
                    <TextField
                      label="Title"
                      name="title"
                      value={title}
                      onChange={setTitle}
                      autoComplete="off"
                      requiredIndicator
                      connectedRight={
                        <Button onClick={suggest} loading={suggesting} disabled={!title.trim()}>
                          Suggest titles
                        </Button>
                      }
                    />
                    {answer && "message" in answer ? <FailureBanner failure={answer} /> : null}
                    {suggestions.length > 0 ? (
                      <BlockStack gap="100">
                        <InlineStack gap="200" blockAlign="center">
                          <Text as="p" tone="subdued">
                            Suggested titles
                          </Text>
                          {answer && "suggestions" in answer ? (
                            <Badge tone="info">{`Title score ${answer.suggestions.seoScore}`}</Badge>
                          ) : null}
                        </InlineStack>
                        <InlineStack gap="200">
                          {suggestions.map((suggestion) => (
                            <Button key={suggestion} variant="tertiary" onClick={() => setTitle(suggestion)}>
                              {`Use “${suggestion}”`}
                            </Button>
                          ))}
                        </InlineStack>
                      </BlockStack>
                    ) : null}
                  </BlockStack>
                  <TextField
                    label="Keywords"
                    name="keywords"
                    value={keywords}
                    onChange={setKeywords}
                    helpText="Separate keywords with commas"
                    autoComplete="off"
                  />
                  <TextField
                    label="Focus keyphrase (optional)"
                    name="focusKeyphrase"
                    value={focusKeyphrase}
                    onChange={setFocusKeyphrase}
                    placeholder={keywords.split(",")[0]?.trim() || "The first keyword"}
                    helpText="The phrase the post, its SEO title and its address aim at. Leave empty to use the first keyword."
                    autoComplete="off"
                  />
                  <TextField
                    label="Company name"
                    name="companyName"
                    value={company}
                    onChange={setCompany}
                    autoComplete="off"
                  />
                  <TextField
                    label="SEO instructions"
                    name="seoInstructions"
                    value={instructions}
                    onChange={setInstructions}
                    multiline={4}
                    autoComplete="off"
                  />
                  <BlockStack gap="200">
                    <Text as="p">Products and collections to feature</Text>
                    {picked.length > 0 ? (
                      <InlineStack gap="200">
                        {picked.map((item) => (
                          <Tag key={item.id} onRemove={() => setPicked(picked.filter((p) => p.id !== item.id))}>
                            {item.title}
                          </Tag>
                        ))}
                      </InlineStack>
                    ) : (
                      <Text as="p" tone="subdued">
                        The post links to each one with its page in your store.
                      </Text>
                    )}
                    {picked.map((item) => (
                      <input key={item.id} type="hidden" name="featured" value={item.id} />
                    ))}
                    <InlineStack gap="200">
                      <Button onClick={() => void pick("product")}>Pick products</Button>
                      <Button onClick={() => void pick("collection")}>Pick collections</Button>
                    </InlineStack>
                    {pickedProducts ? (
                      <Checkbox
                        label="Show as product cards"
                        name="showProductCards"
                        checked={showCards}
                        onChange={setShowCards}
                        helpText="Each picked product also appears as a card: its image, name, price and a View product link, styled by your theme."
                      />
                    ) : null}
                  </BlockStack>
                  <PostLinks />
                  <PostImages {...images} />
                  <Button submit variant="primary" loading={writing} disabled={!title.trim() || images.uploading}>
                    {images.uploading ? "Adding images…" : "Generate post"}
                  </Button>
                </FormLayout>
              </Form>
            </Card>
            {stream.progress ? (
              <WriteProgressCard progress={stream.progress} />
            ) : writing ? (
              <Card>
                <BlockStack gap="200">
                  <Text as="p">Planning, writing and reviewing your post…</Text>
                  <ProgressBar progress={60} animated />
                </BlockStack>
              </Card>
            ) : null}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
