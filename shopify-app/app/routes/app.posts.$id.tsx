import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Layout,
  List,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useAppBridge } from "@shopify/app-bridge-react";
import { useEffect, useState } from "react";
import { getPost, parsePostId, updatePost } from "@postwright/core/blog";
import { isWrittenWithoutModel, offlineDraftNotice, updatePostSchema } from "@postwright/core/contracts";
import { assertCanSchedule } from "@postwright/core/connections";
import { badRequest, parseInput } from "@postwright/core/errors";
import { cancelSchedule, publishNow, schedulePost } from "@postwright/core/scheduling";
import { instantToZonedTime, zonedTimeToInstant, zoneOffsetLabel } from "@postwright/core/scheduling/zoned-time";
import { chooseShopBlog, currentShopBlogId, readShopBlogs, type AdminGraphqlQuery } from "@postwright/core/shops";
import { actionError, loaderError } from "../action-error.server";
import { readForm } from "../read-form.server";
import { FailureBanner } from "../failure-banner";
import { publishingFor } from "../context.server";
import { shopAccount } from "../shop-account.server";
import { authenticate } from "../shopify.server";

type Admin = Awaited<ReturnType<typeof authenticate.admin>>["admin"];
const graphqlOf =
  (admin: Admin): AdminGraphqlQuery =>
  async (query, variables) =>
    (await admin.graphql(query, { variables })).json();

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  try {
    const { ctx, user } = await shopAccount(session.shop, admin);
    const [post, blogs, blogId] = await Promise.all([
      getPost({ prisma: ctx.db.prisma }, { userId: user.id, postId: parsePostId(params.id ?? "") }),
      readShopBlogs(graphqlOf(admin)),
      currentShopBlogId(ctx.db.prisma, { userId: user.id, shop: session.shop }),
    ]);
    // The blog chosen last, else the store's first blog. Times are the store's (its zone, taken at install).
    return {
      post,
      blogs,
      blogId: blogs.some((b) => b.id === blogId) ? blogId : (blogs[0]?.id ?? ""),
      timeZone: user.timeZone,
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
      const patch = parseInput(updatePostSchema, {
        htmlContent: form.get("htmlContent") ?? undefined,
        metaDescription: form.get("metaDescription") ?? undefined,
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

export default function EditPost() {
  const { post, blogs, blogId, timeZone } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const busyWith = busy ? navigation.formData?.get("intent") : undefined;
  const shopify = useAppBridge();
  const [blog, setBlog] = useState(blogId);
  // Done: told in Shopify admin's own toast; failures stay on the page as a banner with what to do.
  useEffect(() => {
    if (answer && !("status" in answer)) shopify.toast.show(answer.message);
  }, [answer, shopify]);
  const [html, setHtml] = useState(post.htmlContent);
  const [meta, setMeta] = useState(post.metaDescription ?? "");
  // A scheduled post's time, as the store's wall-clock ("YYYY-MM-DDTHH:MM", what datetime-local takes).
  const [when, setWhen] = useState(() =>
    post.isScheduled && post.scheduledPublishDate
      ? (instantToZonedTime(post.scheduledPublishDate, timeZone) ?? "")
      : "",
  );
  const offset = zoneOffsetLabel(when ? (zonedTimeToInstant(when, timeZone) ?? new Date()) : new Date(), timeZone);
  const published = post.publications.some((p) => p.platform === "shopify" && p.publishedAt);
  return (
    <Page
      title={post.title}
      backAction={{ content: "Posts", url: "/app/posts" }}
      titleMetadata={<Badge>{post.status}</Badge>}
    >
      <Layout>
        <Layout.Section>
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
            <Card>
              <Form method="post">
                <BlockStack gap="300">
                  <input type="hidden" name="intent" value="save" />
                  <TextField
                    label="Meta description"
                    name="metaDescription"
                    value={meta}
                    onChange={setMeta}
                    autoComplete="off"
                    multiline={2}
                  />
                  <TextField
                    label="Content (HTML)"
                    name="htmlContent"
                    value={html}
                    onChange={setHtml}
                    autoComplete="off"
                    multiline={16}
                  />
                  <Button submit loading={busyWith === "save"} disabled={busy}>
                    Save
                  </Button>
                </BlockStack>
              </Form>
            </Card>
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
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
                    <TextField
                      label="Publish on"
                      type="datetime-local"
                      name="scheduledTime"
                      value={when}
                      onChange={setWhen}
                      autoComplete="off"
                      helpText={`In your store's time zone, ${timeZone} (${offset}).`}
                    />
                    <Button submit loading={busyWith === "schedule"} disabled={busy || !when || !blog}>
                      {post.isScheduled ? "Reschedule" : "Schedule"}
                    </Button>
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
                <List>
                  {post.seoChecks.map((check) => (
                    <List.Item key={check.id}>
                      <InlineStack gap="100">
                        <Badge
                          tone={check.status === "pass" ? "success" : check.status === "warn" ? "warning" : "critical"}
                        >
                          {check.label}
                        </Badge>
                        <Text as="span">{check.message}</Text>
                      </InlineStack>
                    </List.Item>
                  ))}
                </List>
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
