import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, FormLayout, Layout, Page, ProgressBar, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { generatePost } from "@postwright/core/blog";
import { generatePostSchema } from "@postwright/core/contracts";
import { parseInput } from "@postwright/core/errors";
import { actionError } from "../action-error.server";
import { writerFor } from "../context.server";
import { shopAccount } from "../shop-account.server";
import { authenticate } from "../shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { user } = await shopAccount(session.shop);
  return { companyName: user.firstName ?? "" };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, redirect } = await authenticate.admin(request);
  try {
    const { ctx, user } = await shopAccount(session.shop);
    const form = await request.formData();
    const input = parseInput(generatePostSchema, {
      title: form.get("title"),
      keywords: String(form.get("keywords") ?? ""),
      companyName: form.get("companyName") ?? "",
      seoInstructions: form.get("seoInstructions") ?? "",
    });
    const result = await generatePost({ prisma: ctx.db.prisma, writer: writerFor(ctx) }, { userId: user.id, input });
    return redirect(`/app/posts/${result.blogPost.id}`);
  } catch (error) {
    return actionError(error);
  }
};

export default function WritePost() {
  const { companyName } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const writing = useNavigation().state === "submitting";
  const [title, setTitle] = useState("");
  const [keywords, setKeywords] = useState("");
  const [company, setCompany] = useState(companyName);
  const [instructions, setInstructions] = useState("");
  return (
    <Page title="Write a post" backAction={{ content: "Home", url: "/app" }}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {failure?.message ? (
              <Banner
                tone="critical"
                title={failure.message}
                action={failure.status === 403 || failure.status === 402 ? { content: "See plans", url: "/app/plans" } : undefined}
              />
            ) : null}
            <Card>
              <Form method="post">
                <FormLayout>
                  <TextField label="Title" name="title" value={title} onChange={setTitle} autoComplete="off" requiredIndicator />
                  <TextField
                    label="Keywords"
                    name="keywords"
                    value={keywords}
                    onChange={setKeywords}
                    helpText="Separate keywords with commas"
                    autoComplete="off"
                  />
                  <TextField label="Company name" name="companyName" value={company} onChange={setCompany} autoComplete="off" />
                  <TextField
                    label="SEO instructions"
                    name="seoInstructions"
                    value={instructions}
                    onChange={setInstructions}
                    multiline={4}
                    autoComplete="off"
                  />
                  <Button submit variant="primary" loading={writing} disabled={!title.trim()}>
                    Generate post
                  </Button>
                </FormLayout>
              </Form>
            </Card>
            {writing ? (
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
