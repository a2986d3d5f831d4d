// The autopilot's plans for this store, and a new plan: the merchant chooses weekdays, a time in their time zone, how
// many posts are prepared ahead, whether drafts wait for approval (the default) and the blog. Every rule (cadence,
// slots, entitlements) is the core's: this page shows and submits.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  ChoiceList,
  EmptyState,
  FormLayout,
  IndexTable,
  InlineStack,
  Layout,
  List,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { createContentPlanSchema, formatSlot, listContentPlans, planActions } from "@postwright/core/autopilot";
import { getEntitlements } from "@postwright/core/billing";
import { parseInput } from "@postwright/core/errors";
import {
  chooseShopBlog,
  currentShopBlogId,
  readShopBlogs,
  type AdminGraphqlQuery,
} from "@postwright/core/shopify-shops";
import { actionError } from "../action-error.server";
import { readForm } from "../read-form.server";
import { browserTimeZone, cadenceText, countsText, modeLabel, planStatusLabel, weekdays } from "../autopilot-format";
import { FailureBanner } from "../failure-banner";
import { shopAccount } from "../shop-account.server";
import { authenticate } from "../shopify.server";
import emptyStateImage from "../assets/empty-state-calendar.svg";

type Admin = Awaited<ReturnType<typeof authenticate.admin>>["admin"];
const graphqlOf =
  (admin: Admin): AdminGraphqlQuery =>
  async (query, variables) =>
    (await admin.graphql(query, { variables })).json();

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { ctx, user } = await shopAccount(session.shop, admin);
  const prisma = ctx.db.prisma;
  const [plans, blogs, blogId, entitlements] = await Promise.all([
    listContentPlans({ prisma }, user.id),
    readShopBlogs(graphqlOf(admin)),
    currentShopBlogId(prisma, { userId: user.id, shop: session.shop }),
    getEntitlements({ prisma }, user.id),
  ]);
  return {
    plans: plans.map((plan) => ({
      ...plan,
      // In the plan's own time zone, as the merchant set it.
      nextSlot: plan.nextSlotAt ? formatSlot(new Date(plan.nextSlotAt), plan.cadence.timeZone) : null,
    })),
    blogs,
    // The blog chosen last, else the store's first blog (as on a post's page).
    blogId: blogs.some((b) => b.id === blogId) ? blogId : (blogs[0]?.id ?? ""),
    canSchedule: entitlements.canSchedule,
    // The store's time zone (from Shopify's settings at install), where new plans start.
    timeZone: user.timeZone,
  };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin, redirect } = await authenticate.admin(request);
  try {
    const { ctx, user } = await shopAccount(session.shop, admin);
    const prisma = ctx.db.prisma;
    const form = await readForm(request);
    const blogId = String(form.get("blogId") ?? "");
    const postsAhead = form.get("postsAhead");
    const input = {
      name: String(form.get("name") ?? ""),
      // The app's own store, through the app's access: no connection of its own.
      platform: "shopify",
      connectionId: null,
      blogId: blogId || null,
      cadence: {
        weekdays: form.getAll("weekdays").map(Number),
        time: String(form.get("time") ?? ""),
        timeZone: String(form.get("timeZone") ?? ""),
      },
      postsAhead: postsAhead === null ? undefined : Number(postsAhead),
      mode: form.get("mode") ?? undefined,
    };
    // Checked before the blog is chosen, so a refused plan changes nothing.
    const checked = parseInput(createContentPlanSchema, input);
    if (blogId) {
      const blogs = await readShopBlogs(graphqlOf(admin));
      await chooseShopBlog(prisma, { userId: user.id, shop: session.shop, blogId, blogs });
    }
    const plan = await planActions({ db: ctx.db }, { userId: user.id }).create(checked);
    return redirect(`/app/autopilot/${plan.id}`);
  } catch (error) {
    return actionError(error);
  }
};

const statusTone = { active: "success", paused: "warning" } as const;

export default function Autopilot() {
  const { plans, blogs, blogId, canSchedule, timeZone } = useLoaderData<typeof loader>();
  return (
    <Page title="Autopilot" backAction={{ content: "Home", url: "/app" }}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  How autopilot works
                </Text>
                <List>
                  <List.Item>
                    You give a plan titles and keywords; it writes each one about a day before its slot on the weekdays
                    and at the time you choose.
                  </List.Item>
                  <List.Item>
                    By default every draft waits for your approval: open it, edit it like any post, then approve or skip
                    it.
                  </List.Item>
                  <List.Item>
                    A draft you have not approved when its slot comes is skipped. Nothing is published without you
                    having seen it, unless you choose a plan that publishes without review.
                  </List.Item>
                </List>
              </BlockStack>
            </Card>
            {canSchedule ? null : (
              <Banner
                tone="info"
                title="Autopilot writes and publishes on the Starter plan and above"
                action={{ content: "See plans", url: "/app/plans" }}
              >
                <p>You can build a plan and add titles now; it starts writing once your store is on such a plan.</p>
              </Banner>
            )}
            <Card padding="0">
              {plans.length === 0 ? (
                <EmptyState heading="No plans yet" image={emptyStateImage}>
                  <p>Create a plan below, then add the titles you want written, one by one or from a CSV file.</p>
                </EmptyState>
              ) : (
                <IndexTable
                  itemCount={plans.length}
                  selectable={false}
                  headings={[
                    { title: "Plan" },
                    { title: "Publishes" },
                    { title: "Mode" },
                    { title: "Status" },
                    { title: "Next slot" },
                    { title: "Titles" },
                  ]}
                >
                  {plans.map((plan, index) => (
                    <IndexTable.Row id={String(plan.id)} key={plan.id} position={index}>
                      <IndexTable.Cell>
                        <Link to={`/app/autopilot/${plan.id}`}>{plan.name}</Link>
                      </IndexTable.Cell>
                      <IndexTable.Cell>{cadenceText(plan.cadence)}</IndexTable.Cell>
                      <IndexTable.Cell>{modeLabel[plan.mode]}</IndexTable.Cell>
                      <IndexTable.Cell>
                        <InlineStack gap="100">
                          <Badge tone={statusTone[plan.status]}>{planStatusLabel[plan.status]}</Badge>
                          {plan.delayNotice ? <Badge tone="warning">Delayed</Badge> : null}
                        </InlineStack>
                      </IndexTable.Cell>
                      <IndexTable.Cell>{plan.nextSlot ?? "None yet"}</IndexTable.Cell>
                      <IndexTable.Cell>{countsText(plan.counts)}</IndexTable.Cell>
                    </IndexTable.Row>
                  ))}
                </IndexTable>
              )}
            </Card>
            <CreatePlan blogs={blogs} blogId={blogId} storeTimeZone={timeZone} />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

function CreatePlan({
  blogs,
  blogId,
  storeTimeZone,
}: {
  blogs: Array<{ id: string; title: string }>;
  blogId: string;
  storeTimeZone: string;
}) {
  const failure = useActionData<typeof action>();
  const creating = useNavigation().state === "submitting";
  const [name, setName] = useState("");
  const [days, setDays] = useState<string[]>(["1", "3", "5"]);
  const [time, setTime] = useState("09:00");
  // The store's time zone; a store whose account predates it (still UTC) takes the browser's once the page runs.
  const [timeZone, setTimeZone] = useState(storeTimeZone !== "UTC" ? storeTimeZone : "");
  useEffect(() => setTimeZone((zone) => zone || browserTimeZone()), []);
  const [postsAhead, setPostsAhead] = useState("3");
  const [mode, setMode] = useState("review");
  const [blog, setBlog] = useState(blogId);
  return (
    <Card>
      <Form method="post">
        <FormLayout>
          <Text as="h2" variant="headingMd">
            New plan
          </Text>
          {failure?.message ? <FailureBanner failure={failure} /> : null}
          <TextField label="Name" name="name" value={name} onChange={setName} autoComplete="off" requiredIndicator />
          <ChoiceList
            title="Publish on"
            allowMultiple
            choices={weekdays.map((day) => ({ label: day.long, value: String(day.value) }))}
            selected={days}
            onChange={setDays}
          />
          {days.map((day) => (
            <input key={day} type="hidden" name="weekdays" value={day} />
          ))}
          <FormLayout.Group>
            <TextField label="At" type="time" name="time" value={time} onChange={setTime} autoComplete="off" />
            <TextField
              label="Time zone"
              name="timeZone"
              value={timeZone}
              onChange={setTimeZone}
              autoComplete="off"
              helpText="Your store's, from Shopify's settings. For example Europe/Paris or America/New_York."
            />
          </FormLayout.Group>
          <TextField
            label="Posts prepared ahead"
            type="number"
            name="postsAhead"
            min={1}
            max={14}
            value={postsAhead}
            onChange={setPostsAhead}
            autoComplete="off"
            helpText="How many upcoming slots get a title at once (1 to 14)."
          />
          <Select
            label="Mode"
            name="mode"
            options={[
              { label: "Review: drafts wait for my approval", value: "review" },
              { label: "Automatic: publish drafts in their slot without review", value: "auto" },
            ]}
            value={mode}
            onChange={setMode}
            helpText={
              mode === "review"
                ? "A draft you have not approved by its slot is skipped, never published unseen."
                : "Drafts are published in their slot without you seeing them first."
            }
          />
          {blogs.length > 0 ? (
            <Select
              label="Blog"
              name="blogId"
              options={blogs.map((b) => ({ label: b.title, value: b.id }))}
              value={blog}
              onChange={setBlog}
              helpText="Your store's posts are published to this blog from now on, as when you choose one on a post's page."
            />
          ) : (
            <Banner tone="warning" title="Your store has no blog yet">
              <p>Add a blog in Online Store, Blog posts, before the plan's first slot.</p>
            </Banner>
          )}
          <InlineStack>
            <Button submit variant="primary" loading={creating} disabled={!name.trim()}>
              Create plan
            </Button>
          </InlineStack>
        </FormLayout>
      </Form>
    </Card>
  );
}
