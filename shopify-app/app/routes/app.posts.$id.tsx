import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  DatePicker,
  InlineStack,
  Layout,
  Page,
  Popover,
  ProgressBar,
  Select,
  SkeletonBodyText,
  Tabs,
  Text,
  TextField,
} from "@shopify/polaris";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { getPost, parsePostId, updatePost } from "@postwright/core/blog";
import {
  isWrittenWithoutModel,
  offlineDraftNotice,
  TITLE_MAX_WIDTH_PX,
  TITLE_MIN_WIDTH_PX,
  titleWidthPx,
  updatePostSchema,
  type SeoCheckResult,
} from "@postwright/core/contracts";
import { assertCanSchedule } from "@postwright/core/connections";
import { badRequest, parseInput } from "@postwright/core/errors";
import { cancelSchedule, publishNow, schedulePost } from "@postwright/core/scheduling";
import { instantToZonedTime, zonedTimeToInstant, zoneOffsetLabel } from "@postwright/core/scheduling/zoned-time";
import {
  chooseShopBlog,
  currentShopBlogId,
  readShopBlogs,
  readShopSite,
  type AdminGraphqlQuery,
} from "@postwright/core/shopify-shops";
import { actionError, loaderError } from "../action-error.server";
import { readForm } from "../read-form.server";
import { FailureBanner } from "../failure-banner";
import { useActionToast } from "../use-action-toast";
import { publishingFor } from "../context.server";
import { shopAccount } from "../shop-account.server";
import { authenticate } from "../shopify.server";
import articlePreviewStyles from "../article-preview.css?url";

export const links = () => [{ rel: "stylesheet", href: articlePreviewStyles }];

// Quill comes in its own chunk, fetched once the page is on screen.
const RichTextEditor = lazy(() => import("../rich-text-editor.client"));

type Admin = Awaited<ReturnType<typeof authenticate.admin>>["admin"];
const graphqlOf =
  (admin: Admin): AdminGraphqlQuery =>
  async (query, variables) =>
    (await admin.graphql(query, { variables })).json();

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  try {
    const { ctx, user } = await shopAccount(session.shop, admin);
    const [post, { storefrontUrl, blogs }, blogId] = await Promise.all([
      getPost({ prisma: ctx.db.prisma }, { userId: user.id, postId: parsePostId(params.id ?? "") }),
      readShopSite(graphqlOf(admin)),
      currentShopBlogId(ctx.db.prisma, { userId: user.id, shop: session.shop }),
    ]);
    // The blog chosen last, else the store's first blog. Times are the store's (its zone, taken at install).
    // The search preview shows the store's own address (its primary domain), where the article is read.
    return {
      post,
      blogs,
      blogId: blogs.some((b) => b.id === blogId) ? blogId : (blogs[0]?.id ?? ""),
      timeZone: user.timeZone,
      storefrontUrl,
    };
  } catch (error) {
    throw loaderError(error);
  }
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  try {
    const { ctx, user } = await shopAccount(session.shop, admin);
    const postId = parsePostId(params.id ?? "");
    const form = await readForm(request);
    const intent = form.get("intent");
    const publishing = publishingFor(ctx);
    const blogId = form.get("blogId");
    if ((intent === "publish" || intent === "schedule") && typeof blogId === "string" && blogId) {
      const blogs = await readShopBlogs(graphqlOf(admin));
      await chooseShopBlog(ctx.db.prisma, { userId: user.id, shop: session.shop, blogId, blogs });
    }
    if (intent === "save") {
      // The body is sent only when the merchant edited it; the core sanitises it as it saves it.
      const field = (name: string) => {
        const value = form.get(name);
        return typeof value === "string" ? value : undefined;
      };
      const patch = parseInput(updatePostSchema, {
        htmlContent: field("htmlContent"),
        metaDescription: field("metaDescription"),
        seoTitle: field("seoTitle"),
        slug: field("slug"),
        focusKeyphrase: field("focusKeyphrase"),
        showProductCards: field("showProductCards") === undefined ? undefined : field("showProductCards") === "true",
        confirmSlugChange: form.get("confirmSlugChange") === "on" ? true : undefined,
      });
      await updatePost({ prisma: ctx.db.prisma }, { userId: user.id, postId, patch });
      return { message: "Post saved" };
    }
    if (intent === "publish") {
      await publishNow(publishing, { userId: user.id, postId, platform: "shopify" });
      return { message: "Post published" };
    }
    if (intent === "schedule") {
      // The picker's wall-clock is read in the store's time zone, never the browser's.
      const scheduledDate = zonedTimeToInstant(String(form.get("scheduledTime") ?? ""), user.timeZone);
      if (!scheduledDate) throw badRequest("Choose a valid date and time.");
      await schedulePost(
        { db: ctx.db, assertCanSchedule: (userId, platforms) => assertCanSchedule(ctx.connections, userId, platforms) },
        { userId: user.id, postId, scheduledDate, platforms: ["shopify"] },
      );
      return { message: "Post scheduled" };
    }
    if (intent === "cancel") {
      await cancelSchedule({ db: ctx.db }, { userId: user.id, postId });
      return { message: "Schedule cancelled" };
    }
    return { message: "Unknown action" };
  } catch (error) {
    return actionError(error);
  }
};

/** Which checks speak about which field, as the site groups them under its search appearance fields. */
const fieldChecks = {
  seoTitle: ["keyphrase-in-title", "title-width"],
  slug: ["keyphrase-in-slug", "slug-length"],
  metaDescription: ["keyphrase-in-meta-description", "meta-description-length"],
  focusKeyphrase: ["keyphrase-length", "keyphrase-in-introduction", "keyphrase-density"],
} as const;

const checkTone = { pass: "success", warn: "warning", fail: "critical" } as const;
const checkWord = { pass: "Passed", warn: "Could be better", fail: "Failed" } as const;

function CheckList({ checks, ids }: { checks: SeoCheckResult[]; ids?: readonly string[] }) {
  const shown = ids ? ids.flatMap((id) => checks.filter((c) => c.id === id)) : checks;
  if (shown.length === 0) return null;
  return (
    <BlockStack gap="100" as="ul">
      {shown.map((check) => (
        <Box as="li" key={check.id}>
          <InlineStack gap="200" wrap={false} blockAlign="start">
            <Badge tone={checkTone[check.status]} size="small">
              {checkWord[check.status]}
            </Badge>
            <Text as="span" variant="bodySm">
              <Text as="span" variant="bodySm" fontWeight="medium">
                {check.label}
              </Text>
              {": "}
              <Text as="span" variant="bodySm" tone="subdued">
                {check.message}
              </Text>
            </Text>
          </InlineStack>
        </Box>
      ))}
    </BlockStack>
  );
}

/** Google's result for the article, at the store's own address. */
function SearchPreview(props: { host: string; path: string[]; title: string; description: string }) {
  return (
    <figure className="search-preview" aria-label="Google preview" style={{ margin: 0 }}>
      <div className="search-preview__address">
        {props.host}
        <span className="search-preview__path">{props.path.map((part) => ` › ${part}`).join("")}</span>
      </div>
      <div className="search-preview__title">{props.title || "Add an SEO title"}</div>
      <div className="search-preview__description">
        {props.description || "Add a meta description to tell searchers what the post gives them."}
      </div>
    </figure>
  );
}

/** The article as the store shows it: blog, title, the first image, the body. */
function ArticlePreview(props: {
  blogTitle: string;
  title: string;
  image?: { url: string; altText: string };
  html: string;
}) {
  return (
    <article className="article-preview" aria-label="Article preview">
      {props.blogTitle ? <div className="article-preview__meta">{props.blogTitle}</div> : null}
      <h1>{props.title}</h1>
      {props.image ? <img className="article-preview__image" src={props.image.url} alt={props.image.altText} /> : null}
      <div className="article-preview__body" dangerouslySetInnerHTML={{ __html: props.html }} />
    </article>
  );
}

/** Every quarter of an hour of the day, as "HH:MM" with a 12-hour label. */
const TIMES = Array.from({ length: 96 }, (_, i) => {
  const hours = Math.floor(i / 4);
  const minutes = (i % 4) * 15;
  const value = `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
  return { value, label: timeLabel(value) };
});

function timeLabel(value: string): string {
  const [h = 0, m = 0] = value.split(":").map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

/** "YYYY-MM-DD" as a Date at local midnight, the way Polaris's DatePicker counts days. */
const dayOf = (ymd: string) => {
  const [y = 1970, mo = 1, d = 1] = ymd.split("-").map(Number);
  return new Date(y, mo - 1, d);
};
const ymdOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/** The date and time in the store's zone: Polaris's DatePicker in a popover, and a time list. */
function ScheduleFields(props: {
  timeZone: string;
  date: string;
  time: string;
  onDate: (ymd: string) => void;
  onTime: (hhmm: string) => void;
}) {
  const storeToday = useMemo(
    () => (instantToZonedTime(new Date(), props.timeZone) ?? new Date().toISOString()).slice(0, 10),
    [props.timeZone],
  );
  const shown = dayOf(props.date || storeToday);
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState({ month: shown.getMonth(), year: shown.getFullYear() });
  const words = props.date ? new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(dayOf(props.date)) : "";
  const times = TIMES.some((t) => t.value === props.time)
    ? TIMES
    : [...TIMES, { value: props.time, label: timeLabel(props.time) }].sort((a, b) => a.value.localeCompare(b.value));
  return (
    <InlineStack gap="200" wrap={false} blockAlign="start">
      <Box minWidth="0" width="60%">
        <Popover
          active={open}
          onClose={() => setOpen(false)}
          preferredAlignment="left"
          autofocusTarget="first-node"
          activator={
            <BlockStack gap="100">
              <Text as="span" id="publish-date-label">
                Publish date
              </Text>
              <Button
                disclosure
                fullWidth
                textAlign="left"
                onClick={() => setOpen((o) => !o)}
                accessibilityLabel={`Publish date: ${words || "Choose a date"}`}
              >
                {words || "Choose a date"}
              </Button>
            </BlockStack>
          }
        >
          <Box padding="300">
            <DatePicker
              month={month.month}
              year={month.year}
              onMonthChange={(m, y) => setMonth({ month: m, year: y })}
              selected={props.date ? dayOf(props.date) : undefined}
              disableDatesBefore={dayOf(storeToday)}
              onChange={({ start }) => {
                props.onDate(ymdOf(start));
                setOpen(false);
              }}
            />
          </Box>
        </Popover>
      </Box>
      <Box minWidth="0" width="40%">
        <Select label="Time" options={times} value={props.time} onChange={props.onTime} />
      </Box>
    </InlineStack>
  );
}

export default function EditPost() {
  const { post, blogs, blogId, timeZone, storefrontUrl } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const busyWith = busy ? navigation.formData?.get("intent") : undefined;
  const [blog, setBlog] = useState(blogId);
  useActionToast(answer);
  const [html, setHtml] = useState(post.htmlContent);
  const [htmlEdited, setHtmlEdited] = useState(false);
  const [meta, setMeta] = useState(post.metaDescription ?? "");
  const [seoTitle, setSeoTitle] = useState(post.seoTitle ?? post.title);
  const [slug, setSlug] = useState(post.slug ?? "");
  const [keyphrase, setKeyphrase] = useState(post.focusKeyphrase);
  const [confirmSlug, setConfirmSlug] = useState(false);
  const [showCards, setShowCards] = useState(post.showProductCards);
  const [tab, setTab] = useState(0);
  // The editor is fetched once the page is shown (never on the server).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // After a save, the fields show what was stored (the core trims them and may have cleaned the body).
  useEffect(() => {
    setHtml(post.htmlContent);
    setHtmlEdited(false);
    setMeta(post.metaDescription ?? "");
    setSeoTitle(post.seoTitle ?? post.title);
    setSlug(post.slug ?? "");
    setKeyphrase(post.focusKeyphrase);
    setShowCards(post.showProductCards);
  }, [post]);
  // A scheduled post's time, as the store's wall-clock: the date ("YYYY-MM-DD") and the time ("HH:MM").
  const scheduledAt =
    post.isScheduled && post.scheduledPublishDate
      ? (instantToZonedTime(post.scheduledPublishDate, timeZone) ?? "")
      : "";
  const [date, setDate] = useState(scheduledAt.slice(0, 10));
  const [time, setTime] = useState(scheduledAt.slice(11, 16) || "09:00");
  const when = date ? `${date}T${time}` : "";
  const offset = zoneOffsetLabel(when ? (zonedTimeToInstant(when, timeZone) ?? new Date()) : new Date(), timeZone);
  const published = post.publications.some((p) => p.platform === "shopify" && p.publishedAt);
  const slugChanged = slug.trim() !== (post.slug ?? "");
  const blogNow = blogs.find((b) => b.id === blog);
  const host = (() => {
    try {
      return new URL(storefrontUrl).host;
    } catch {
      return storefrontUrl;
    }
  })();
  const width = titleWidthPx(seoTitle.trim());
  const metaLength = [...meta.trim()].length;
  return (
    <Page
      title={post.title}
      backAction={{ content: "Posts", url: "/app/posts" }}
      titleMetadata={<Badge>{post.status}</Badge>}
    >
      <Layout>
        <Layout.Section>
          <Form method="post">
            <input type="hidden" name="intent" value="save" />
            {htmlEdited ? <input type="hidden" name="htmlContent" value={html} /> : null}
            <BlockStack gap="400">
              {answer && "status" in answer ? <FailureBanner failure={answer} /> : null}
              {isWrittenWithoutModel(post) ? (
                <Banner tone="warning" title={offlineDraftNotice.title}>
                  <p>{offlineDraftNotice.text}</p>
                </Banner>
              ) : null}
              {post.lastError ? (
                <Banner tone="critical" title="Shopify did not publish this post">
                  <p>{post.lastError}</p>
                </Banner>
              ) : null}
              <Card padding="0">
                <Tabs
                  tabs={[
                    { id: "post-content", content: "Content", panelID: "post-content-panel" },
                    { id: "post-preview", content: "Preview", panelID: "post-preview-panel" },
                  ]}
                  selected={tab}
                  onSelect={setTab}
                />
                <Box padding="400">
                  {tab === 0 ? (
                    <BlockStack gap="200">
                      <Text as="span" variant="bodyMd">
                        Content
                      </Text>
                      <div style={{ height: EDITOR_HEIGHT }}>
                        {mounted ? (
                          <Suspense fallback={<EditorLoading />}>
                            <RichTextEditor
                              value={html}
                              label="Content"
                              onChange={(next) => {
                                setHtml(next);
                                setHtmlEdited(true);
                              }}
                            />
                          </Suspense>
                        ) : (
                          <EditorLoading />
                        )}
                      </div>
                    </BlockStack>
                  ) : (
                    <ArticlePreview
                      blogTitle={blogNow?.title ?? ""}
                      title={post.title}
                      image={post.images[0]}
                      html={html}
                    />
                  )}
                </Box>
              </Card>
              {post.productCards.length > 0 ? (
                <Card>
                  <Checkbox
                    label="Show as product cards"
                    checked={showCards}
                    onChange={setShowCards}
                    helpText="Each featured product appears as a card (image, name, price and a View product link) after the paragraph that names it; the Preview shows them. The editor leaves the cards out and keeps them as they are. Save to apply."
                  />
                  {showCards !== post.showProductCards ? (
                    <input type="hidden" name="showProductCards" value={String(showCards)} />
                  ) : null}
                </Card>
              ) : null}
              <Card>
                <BlockStack gap="400">
                  <BlockStack gap="100">
                    <Text as="h2" variant="headingMd">
                      Search engine listing
                    </Text>
                    <Text as="p" tone="subdued">
                      How the post shows in Google, and the checks each setting passes.
                    </Text>
                  </BlockStack>
                  <Box padding="300" borderWidth="025" borderColor="border" borderRadius="200">
                    <SearchPreview
                      host={host}
                      path={["blogs", blogNow?.handle ?? "news", slug.trim() || "…"]}
                      title={seoTitle.trim()}
                      description={meta.trim()}
                    />
                  </Box>
                  <BlockStack gap="200">
                    <TextField
                      label="Focus keyphrase"
                      name="focusKeyphrase"
                      value={keyphrase}
                      onChange={setKeyphrase}
                      autoComplete="off"
                      maxLength={100}
                    />
                    <CheckList checks={post.seoChecks} ids={fieldChecks.focusKeyphrase} />
                  </BlockStack>
                  <BlockStack gap="200">
                    <TextField
                      label="SEO title"
                      name="seoTitle"
                      value={seoTitle}
                      onChange={setSeoTitle}
                      autoComplete="off"
                      maxLength={300}
                      helpText={`${width} of ${TITLE_MAX_WIDTH_PX} px: Google shows about ${TITLE_MAX_WIDTH_PX} px of a title.`}
                    />
                    <ProgressBar
                      progress={Math.min(100, (width / TITLE_MAX_WIDTH_PX) * 100)}
                      size="small"
                      tone={
                        width > TITLE_MAX_WIDTH_PX ? "critical" : width < TITLE_MIN_WIDTH_PX ? "highlight" : "success"
                      }
                      ariaLabelledBy="seo-title-width"
                    />
                    <span id="seo-title-width" hidden>
                      SEO title width
                    </span>
                    <CheckList checks={post.seoChecks} ids={fieldChecks.seoTitle} />
                  </BlockStack>
                  <BlockStack gap="200">
                    <TextField
                      label="URL handle"
                      name="slug"
                      value={slug}
                      onChange={setSlug}
                      autoComplete="off"
                      maxLength={200}
                      placeholder="words-joined-by-hyphens"
                      prefix={`${host}/blogs/${blogNow?.handle ?? "news"}/`}
                    />
                    {published && slugChanged ? (
                      <Banner tone="warning">
                        <BlockStack gap="200">
                          <p>
                            This post is published: a new handle changes its URL, and links to /{post.slug} break unless
                            the store redirects them.
                          </p>
                          <Checkbox
                            label="Change the URL of this published post"
                            name="confirmSlugChange"
                            checked={confirmSlug}
                            onChange={setConfirmSlug}
                          />
                        </BlockStack>
                      </Banner>
                    ) : null}
                    <CheckList checks={post.seoChecks} ids={fieldChecks.slug} />
                  </BlockStack>
                  <BlockStack gap="200">
                    <TextField
                      label="Meta description"
                      name="metaDescription"
                      value={meta}
                      onChange={setMeta}
                      autoComplete="off"
                      multiline={3}
                      maxLength={320}
                      helpText={`${metaLength} characters (120-156 show in full)`}
                    />
                    <CheckList checks={post.seoChecks} ids={fieldChecks.metaDescription} />
                  </BlockStack>
                </BlockStack>
              </Card>
              <InlineStack align="end">
                <Button submit variant="primary" loading={busyWith === "save"} disabled={busy}>
                  Save
                </Button>
              </InlineStack>
            </BlockStack>
          </Form>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Publishing
                </Text>
                {blogs.length > 0 ? (
                  <Select
                    label="Blog"
                    options={blogs.map((b) => ({ label: b.title, value: b.id }))}
                    value={blog}
                    onChange={setBlog}
                  />
                ) : (
                  <Banner tone="warning" title="Your store has no blog yet">
                    <p>Add a blog in Online Store, Blog posts, then publish.</p>
                  </Banner>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="publish" />
                  <input type="hidden" name="blogId" value={blog} />
                  <Button submit variant="primary" loading={busyWith === "publish"} disabled={busy || !blog}>
                    {published ? "Republish" : "Publish now"}
                  </Button>
                </Form>
                <Form method="post">
                  <BlockStack gap="200">
                    <input type="hidden" name="intent" value="schedule" />
                    <input type="hidden" name="blogId" value={blog} />
                    <input type="hidden" name="scheduledTime" value={when} />
                    <ScheduleFields timeZone={timeZone} date={date} time={time} onDate={setDate} onTime={setTime} />
                    <Text as="p" tone="subdued">
                      {`In your store's time zone, ${timeZone} (${offset}).`}
                    </Text>
                    <InlineStack gap="200">
                      <Button submit loading={busyWith === "schedule"} disabled={busy || !when || !blog}>
                        {post.isScheduled ? "Reschedule" : "Schedule"}
                      </Button>
                    </InlineStack>
                  </BlockStack>
                </Form>
                {post.isScheduled ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="cancel" />
                    <Button submit tone="critical" loading={busyWith === "cancel"} disabled={busy}>
                      Cancel schedule
                    </Button>
                  </Form>
                ) : null}
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  SEO score {post.seoScore}
                </Text>
                <CheckList checks={post.seoChecks} />
              </BlockStack>
            </Card>
            {post.voiceMatch ? (
              <Card>
                <BlockStack gap="100">
                  <Text as="h2" variant="headingMd">
                    Brand voice match {post.voiceMatch.match}/100
                  </Text>
                  <Text as="p" tone="subdued">
                    Measured against your store's voice: common words, sentence length, person and spelling.
                  </Text>
                </BlockStack>
              </Card>
            ) : null}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

/** The editor's height, toolbar included: kept while it loads, so the page does not move when it arrives. */
const EDITOR_HEIGHT = 520;

function EditorLoading() {
  return (
    <Box padding="300" borderWidth="025" borderColor="border" borderRadius="200" minHeight={`${EDITOR_HEIGHT}px`}>
      <SkeletonBodyText lines={8} />
    </Box>
  );
}
