import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Badge, Banner, BlockStack, Button, Card, InlineStack, Layout, List, Page, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { getPost, parsePostId, updatePost } from "@postwright/core/blog";
import { updatePostSchema } from "@postwright/core/contracts";
import { assertCanSchedule } from "@postwright/core/connections";
import { parseInput } from "@postwright/core/errors";
import { cancelSchedule, publishNow, schedulePost } from "@postwright/core/scheduling";
import { actionError, loaderError } from "../action-error.server";
import { publishingFor } from "../context.server";
import { shopAccount } from "../shop-account.server";
import { authenticate } from "../shopify.server";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  try {
    const { ctx, user } = await shopAccount(session.shop);
    const post = await getPost({ prisma: ctx.db.prisma }, { userId: user.id, postId: parsePostId(params.id ?? "") });
    return { post };
  } catch (error) {
    throw loaderError(error);
  }
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  try {
    const { ctx, user } = await shopAccount(session.shop);
    const postId = parsePostId(params.id ?? "");
    const form = await request.formData();
    const intent = form.get("intent");
    const publishing = publishingFor(ctx);
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
      await schedulePost(
        { db: ctx.db, assertCanSchedule: (userId, platforms) => assertCanSchedule(ctx.connections, userId, platforms) },
        { userId: user.id, postId, scheduledDate: String(form.get("scheduledDate") ?? ""), platforms: ["shopify"] },
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
  const { post } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [html, setHtml] = useState(post.htmlContent);
  const [meta, setMeta] = useState(post.metaDescription ?? "");
  const [when, setWhen] = useState("");
  const published = post.publications.some((p) => p.platform === "shopify" && p.publishedAt);
  return (
    <Page title={post.title} backAction={{ content: "Posts", url: "/app/posts" }} titleMetadata={<Badge>{post.status}</Badge>}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {answer?.message ? (
              <Banner tone={"status" in answer ? "critical" : "success"} title={answer.message} />
            ) : null}
            {post.lastError ? <Banner tone="critical" title={`Publication failed: ${post.lastError}`} /> : null}
            <Card>
              <Form method="post">
                <BlockStack gap="300">
                  <input type="hidden" name="intent" value="save" />
                  <TextField label="Meta description" name="metaDescription" value={meta} onChange={setMeta} autoComplete="off" multiline={2} />
                  <TextField label="Content (HTML)" name="htmlContent" value={html} onChange={setHtml} autoComplete="off" multiline={16} />
                  <Button submit loading={busy}>
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
                <Form method="post">
                  <input type="hidden" name="intent" value="publish" />
                  <Button submit variant="primary" loading={busy}>
                    {published ? "Republish" : "Publish now"}
                  </Button>
                </Form>
                <Form method="post">
                  <BlockStack gap="200">
                    <input type="hidden" name="intent" value="schedule" />
                    <TextField label="Publish on" type="datetime-local" value={when} onChange={setWhen} autoComplete="off" />
                    <input type="hidden" name="scheduledDate" value={when ? new Date(when).toISOString() : ""} />
                    <Button submit disabled={!when}>
                      {post.isScheduled ? "Reschedule" : "Schedule"}
                    </Button>
                  </BlockStack>
                </Form>
                {post.isScheduled ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="cancel" />
                    <Button submit tone="critical">
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
                        <Badge tone={check.status === "pass" ? "success" : check.status === "warn" ? "warning" : "critical"}>
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
