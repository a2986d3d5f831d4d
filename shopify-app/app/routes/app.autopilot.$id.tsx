// One autopilot plan: pause or resume it (and why the autopilot paused it), review its drafts (open, approve, skip),
// see what is coming, published, skipped or failed (as lists, or on a month calendar; 50 titles a page, ?page=2 for the
// next), add titles by hand or from a CSV file, remove a waiting title, and delete the plan. Every rule is the core's (@postwright/core/autopilot); each
// action is one intent of one form.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
  useSubmit,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Checkbox,
  Box,
  Button,
  Card,
  Divider,
  DropZone,
  FormLayout,
  InlineStack,
  Layout,
  List,
  Page,
  Pagination,
  Tabs,
  Text,
  TextField,
} from "@shopify/polaris";
import { useAppBridge } from "@shopify/app-bridge-react";
import { useEffect, useState } from "react";
import {
  contentPlanView,
  formatSlot,
  parsePlanId,
  planActions,
  planIdeasSchema,
  planItemSchema,
  type PlanItemInput,
} from "@postwright/core/autopilot";
import type { PlanItemStatus } from "@postwright/core/contracts";
import { badRequest, isAppError, parseInput } from "@postwright/core/errors";
import { actionError, loaderError } from "../action-error.server";
import { readForm } from "../read-form.server";
import {
  cadenceText,
  itemStatusLabel,
  itemTone,
  modeLabel,
  planStatusLabel,
  titleCount,
  titlePagesLabel,
} from "../autopilot-format";
import { FailureBanner } from "../failure-banner";
import { PlanCalendar, usePlanView } from "../plan-calendar";
import { shopAccount } from "../shop-account.server";
import { writerFor } from "../context.server";
import { authenticate } from "../shopify.server";

/** The plan's id from the address; anything else is a plan that does not exist. */
/** A row of a refused CSV file (line 0: the file as a whole). */
type CsvProblem = { line: number; reason: string };

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  try {
    const { ctx, user } = await shopAccount(session.shop, admin);
    // One page of titles: the address's ?page (and ?pageSize), checked by the core (400 with its message otherwise).
    const query = new URL(request.url).searchParams;
    const plan = await contentPlanView({ prisma: ctx.db.prisma }, user.id, parsePlanId(params.id), new Date(), {
      page: query.get("page") ?? undefined,
      pageSize: query.get("pageSize") ?? undefined,
    });
    // Slots read in the plan's own time zone, as the merchant set it.
    const slot = (iso: string | null) => (iso ? formatSlot(new Date(iso), plan.cadence.timeZone) : null);
    return {
      plan: {
        ...plan,
        nextSlot: slot(plan.nextSlotAt),
        items: plan.items.map((i) => ({ ...i, slot: slot(i.slotAt) })),
      },
      // The autopilot's reasons that a better plan fixes (no scheduling on this plan, the month's posts used up).
      upgrade: plan.needsUpgrade,
    };
  } catch (error) {
    throw loaderError(error);
  }
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session, admin, redirect } = await authenticate.admin(request);
  try {
    const { ctx, user } = await shopAccount(session.shop, admin);
    const plans = planActions({ db: ctx.db, writer: writerFor(ctx) }, { userId: user.id });
    const planId = params.id;
    const form = await readForm(request);
    const intent = String(form.get("intent") ?? "");
    const itemId = form.get("itemId");
    // Each action is the core's (the titles take their slots again after any change that frees or fills one).
    switch (intent) {
      case "pause":
        await plans.update(planId, { status: "paused" });
        return { intent, message: "Plan paused" };
      case "resume":
        await plans.update(planId, { status: "active" });
        return { intent, message: "Plan resumed" };
      case "add": {
        const keywords = String(form.get("keywords") ?? "")
          .split(",")
          .map((k) => k.trim())
          .filter(Boolean);
        const notes = String(form.get("notes") ?? "").trim();
        await plans.addItems(planId, [{ title: String(form.get("title") ?? ""), keywords, notes: notes || null }]);
        return { intent, message: "Title added" };
      }
      case "import": {
        const { added } = await plans.importCsv(planId, String(form.get("csv") ?? ""));
        return { intent, message: added === 1 ? "1 title imported" : `${added} titles imported` };
      }
      case "approve":
        await plans.approveItem(planId, itemId);
        return { intent, message: "Approved: it will be published in its slot" };
      case "skip":
        await plans.skipItem(planId, itemId);
        return { intent, message: "Skipped: it will not be published" };
      case "earlier":
      case "later":
        await plans.moveItem(planId, itemId, { direction: intent });
        return { intent, message: intent === "earlier" ? "Moved earlier" : "Moved later" };
      case "remove":
        await plans.removeItem(planId, itemId);
        return { intent, message: "Title removed" };
      case "ideas": {
        const answer = await plans.suggestIdeas(
          planId,
          parseInput(planIdeasSchema, { niche: String(form.get("niche") ?? "") }),
        );
        return { intent, ...answer };
      }
      case "add-ideas": {
        // Each chosen idea comes back as the JSON of its title and keywords, checked as a typed title.
        const items: PlanItemInput[] = form.getAll("idea").map((value) => {
          try {
            const idea = JSON.parse(String(value)) as { title?: unknown; keywords?: unknown };
            return parseInput(planItemSchema, { title: idea.title, keywords: idea.keywords, notes: null });
          } catch (error) {
            if (isAppError(error)) throw error;
            throw badRequest("Choose ideas from the list.");
          }
        });
        await plans.addItems(planId, items);
        return { intent, message: items.length === 1 ? "Title added" : `${items.length} titles added` };
      }
      case "delete":
        await plans.remove(planId);
        return redirect("/app/autopilot");
      default:
        throw badRequest("Unknown action.");
    }
  } catch (error) {
    // A refused CSV file: every row to fix, with its line.
    const problems = isAppError(error) ? error.details?.problems : undefined;
    if (isAppError(error) && Array.isArray(problems)) {
      return data(
        {
          message: error.message,
          status: error.status,
          code: error.code,
          problems: problems as CsvProblem[],
        },
        { status: error.status },
      );
    }
    return actionError(error);
  }
};

type LoadedPlan = Awaited<ReturnType<typeof loader>>["plan"];
type LoadedItem = LoadedPlan["items"][number];

const sections: Array<{ title: string; statuses: PlanItemStatus[]; empty: string }> = [
  { title: "To review", statuses: ["to_review"], empty: "No drafts are waiting for you." },
  { title: "Upcoming", statuses: ["planned", "preparing", "approved"], empty: "Add titles for the plan to write." },
  { title: "Published", statuses: ["published"], empty: "Nothing published by this plan yet." },
  { title: "Skipped and failed", statuses: ["skipped", "failed"], empty: "Nothing skipped or failed." },
];

const viewTabs = [
  { id: "plan-view-list", content: "List", panelID: "plan-view-list-panel" },
  { id: "plan-view-calendar", content: "Calendar", panelID: "plan-view-calendar-panel" },
];

// Another view, or another month of the calendar, shows the plan already loaded; anything else (an action, another
// page) loads it again.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const withoutView = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("view");
    params.delete("month");
    return `${url.pathname}?${params}`;
  };
  if (!formMethod && withoutView(currentUrl) === withoutView(nextUrl)) return false;
  return defaultShouldRevalidate;
};

export default function AutopilotPlan() {
  const { plan, upgrade } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyWith = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const submit = useSubmit();
  const shopify = useAppBridge();
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Done: told in Shopify admin's own toast; failures stay on the page as a banner.
  useEffect(() => {
    if (answer && !("status" in answer) && "message" in answer && answer.message) shopify.toast.show(answer.message);
  }, [answer, shopify]);
  const setStatus = (intent: "pause" | "resume") => submit({ intent }, { method: "post" });
  const paused = plan.status === "paused";
  // While the shop's plan cannot run the plan (no scheduling), Resume cannot work: the upgrade is offered instead.
  const upgradeInstead = paused && !plan.canResume;
  const resume = { content: "Resume", onAction: () => setStatus("resume"), loading: busyWith === "resume" };
  const seePlans = { content: "See plans", url: "/app/plans" };
  const { view, setView, month, setMonth } = usePlanView(plan.cadence.timeZone);
  const [, setParams] = useSearchParams();
  // Another page of titles is a page of its own for the back button; Shopify admin's parameters stay.
  const goToPage = (page: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (page > 1) next.set("page", String(page));
      else next.delete("page");
      return next;
    });
  const pages = <TitlePages page={plan.itemsPage} shown={plan.items.length} onPage={goToPage} />;
  return (
    <Page
      title={plan.name}
      titleMetadata={<Badge tone={paused ? "warning" : "success"}>{planStatusLabel[plan.status]}</Badge>}
      subtitle={`${cadenceText(plan.cadence)}. ${modeLabel[plan.mode]}.`}
      backAction={{ content: "Autopilot", url: "/app/autopilot" }}
      primaryAction={
        upgradeInstead
          ? seePlans
          : paused
            ? resume
            : { content: "Pause", onAction: () => setStatus("pause"), loading: busyWith === "pause" }
      }
      secondaryActions={[{ content: "Delete plan", destructive: true, onAction: () => setConfirmDelete(true) }]}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {answer && "status" in answer ? <FailureBanner failure={answer} /> : null}
            {paused ? (
              <Banner
                tone="warning"
                title="This plan is paused"
                action={upgradeInstead ? seePlans : resume}
                secondaryAction={upgrade && !upgradeInstead ? seePlans : undefined}
              >
                <p>{plan.pausedReason ?? "Nothing is written or published until you resume it."}</p>
              </Banner>
            ) : null}
            {plan.delayNotice ? (
              <Banner tone="warning" title="Preparation is delayed">
                <p>{plan.delayNotice}</p>
              </Banner>
            ) : null}
            {confirmDelete ? (
              <Banner tone="critical" title={`Delete “${plan.name}”?`} onDismiss={() => setConfirmDelete(false)}>
                <BlockStack gap="200">
                  <p>
                    Its titles are removed and approved drafts are not published. The posts already written stay in your
                    Posts list.
                  </p>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <InlineStack gap="200">
                      <Button submit variant="primary" tone="critical" loading={busyWith === "delete"}>
                        Delete plan
                      </Button>
                      <Button onClick={() => setConfirmDelete(false)}>Keep it</Button>
                    </InlineStack>
                  </Form>
                </BlockStack>
              </Banner>
            ) : null}
            <Tabs
              tabs={viewTabs}
              selected={view === "calendar" ? 1 : 0}
              onSelect={(index) => setView(index === 1 ? "calendar" : "list")}
            >
              <Box paddingBlockStart="400">
                {view === "calendar" ? (
                  <BlockStack gap="400">
                    <PlanCalendar
                      items={plan.items}
                      timeZone={plan.cadence.timeZone}
                      month={month}
                      onMonthChange={setMonth}
                    />
                    {pages}
                  </BlockStack>
                ) : (
                  <BlockStack gap="400">
                    {sections.map((section) => (
                      <ItemSection
                        key={section.title}
                        title={section.title}
                        // The plan's titles in all, of which the page shows some.
                        count={section.statuses.reduce((sum, status) => sum + plan.counts[status], 0)}
                        empty={section.empty}
                        items={plan.items.filter((item) => section.statuses.includes(item.status))}
                      />
                    ))}
                    {pages}
                  </BlockStack>
                )}
              </Box>
            </Tabs>
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="100">
                <Text as="h2" variant="headingMd">
                  Next slot
                </Text>
                <Text as="p">{plan.nextSlot ?? "None yet: add titles to fill the slots."}</Text>
                <Text as="p" tone="subdued">
                  {`${plan.postsAhead} ${plan.postsAhead === 1 ? "post" : "posts"} prepared ahead. Each draft is written about a day before its slot.`}
                </Text>
              </BlockStack>
            </Card>
            <AddTitle />
            <AskForIdeas />
            <ImportCsv />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

/** Previous and Next through a long plan's titles (nothing when they fit on one page). */
function TitlePages({
  page,
  shown,
  onPage,
}: {
  page: { page: number; pageSize: number; total: number };
  shown: number;
  onPage: (page: number) => void;
}) {
  const last = Math.max(1, Math.ceil(page.total / page.pageSize));
  if (last === 1 && page.page === 1) return null;
  return (
    <InlineStack align="center">
      <Pagination
        label={titlePagesLabel(page, shown)}
        hasPrevious={page.page > 1}
        onPrevious={() => onPage(Math.min(page.page - 1, last))}
        hasNext={page.page < last}
        onNext={() => onPage(page.page + 1)}
        accessibilityLabels={{ previous: "Previous titles", next: "Next titles" }}
      />
    </InlineStack>
  );
}

function ItemSection({
  title,
  count,
  empty,
  items,
}: {
  title: string;
  count: number;
  empty: string;
  items: LoadedItem[];
}) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {count ? `${title} (${titleCount(count)})` : title}
        </Text>
        {items.length === 0 ? (
          <Text as="p" tone="subdued">
            {count ? "None on this page of titles." : empty}
          </Text>
        ) : (
          items.map((item, index) => (
            <BlockStack key={item.id} gap="300">
              {index > 0 ? <Divider /> : null}
              <ItemRow item={item} />
            </BlockStack>
          ))
        )}
      </BlockStack>
    </Card>
  );
}

function ItemRow({ item }: { item: LoadedItem }) {
  const post = item.post;
  return (
    <InlineStack align="space-between" blockAlign="start" gap="300">
      <BlockStack gap="100">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h3" variant="headingSm">
            {post?.title ?? item.title}
          </Text>
          <Badge tone={itemTone[item.status]}>{itemStatusLabel[item.status]}</Badge>
          {post && item.status === "to_review" ? <Badge tone="info">{`SEO score ${post.seoScore}`}</Badge> : null}
        </InlineStack>
        <Text as="p" tone="subdued">
          {whenText(item)}
          {item.keywords.length ? ` · ${item.keywords.join(", ")}` : ""}
        </Text>
        {item.lastError && (item.status === "skipped" || item.status === "failed") ? (
          <Text as="p" tone={item.status === "failed" ? "critical" : "subdued"}>
            {item.lastError}
          </Text>
        ) : null}
        {post ? (
          <Link to={`/app/posts/${post.id}`}>{item.status === "to_review" ? "Open draft" : "Open post"}</Link>
        ) : null}
      </BlockStack>
      <InlineStack gap="200" wrap={false}>
        {item.status === "to_review" ? (
          <>
            <ItemAction item={item} intent="approve" variant="primary">
              Approve
            </ItemAction>
            <ItemAction item={item} intent="skip">
              Skip
            </ItemAction>
          </>
        ) : null}
        {item.status === "approved" ? (
          <ItemAction item={item} intent="skip">
            Skip
          </ItemAction>
        ) : null}
        {item.status === "planned" ? (
          <>
            <ItemAction item={item} intent="earlier">
              Earlier
            </ItemAction>
            <ItemAction item={item} intent="later">
              Later
            </ItemAction>
          </>
        ) : null}
        {item.status === "planned" || item.status === "skipped" || item.status === "failed" ? (
          <ItemAction item={item} intent="remove" tone="critical">
            Remove
          </ItemAction>
        ) : null}
      </InlineStack>
    </InlineStack>
  );
}

function whenText(item: LoadedItem): string {
  if (item.status === "to_review" && item.slot) return `Publishes ${item.slot} if you approve it`;
  if (item.status === "published" && item.slot) return `Published in its slot, ${item.slot}`;
  if (item.slot) return `Slot: ${item.slot}`;
  return item.status === "planned" ? "Waiting for a slot" : "No slot";
}

function ItemAction({
  item,
  intent,
  variant,
  tone,
  children,
}: {
  item: LoadedItem;
  intent: "approve" | "skip" | "remove" | "earlier" | "later";
  variant?: "primary";
  tone?: "critical";
  children: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const mine =
    busy && navigation.formData?.get("intent") === intent && navigation.formData?.get("itemId") === String(item.id);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="itemId" value={item.id} />
      <Button submit size="slim" variant={variant} tone={tone} loading={mine} disabled={busy}>
        {children}
      </Button>
    </Form>
  );
}

function AddTitle() {
  const answer = useActionData<typeof action>();
  const adding = useNavigation().formData?.get("intent") === "add";
  const [title, setTitle] = useState("");
  const [keywords, setKeywords] = useState("");
  const [notes, setNotes] = useState("");
  useEffect(() => {
    if (answer && "intent" in answer && answer.intent === "add") {
      setTitle("");
      setKeywords("");
      setNotes("");
    }
  }, [answer]);
  return (
    <Card>
      <Form method="post">
        <FormLayout>
          <Text as="h2" variant="headingMd">
            Add a title
          </Text>
          <input type="hidden" name="intent" value="add" />
          <TextField label="Title" name="title" value={title} onChange={setTitle} autoComplete="off" />
          <TextField
            label="Keywords"
            name="keywords"
            value={keywords}
            onChange={setKeywords}
            autoComplete="off"
            helpText="Separate keywords with commas"
          />
          <TextField
            label="Notes for the writer"
            name="notes"
            value={notes}
            onChange={setNotes}
            autoComplete="off"
            multiline={3}
          />
          <Button submit loading={adding} disabled={!title.trim()}>
            Add title
          </Button>
        </FormLayout>
      </Form>
    </Card>
  );
}

function ImportCsv() {
  const answer = useActionData<typeof action>();
  const importing = useNavigation().formData?.get("intent") === "import";
  const [csv, setCsv] = useState("");
  const [fileName, setFileName] = useState("");
  useEffect(() => {
    if (answer && "intent" in answer && answer.intent === "import") {
      setCsv("");
      setFileName("");
    }
  }, [answer]);
  const problems: CsvProblem[] = answer && "problems" in answer ? (answer.problems as CsvProblem[]) : [];
  return (
    <Card>
      <Form method="post">
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Import titles from CSV
          </Text>
          <Text as="p" tone="subdued">
            A header row naming title and keywords (keywords separated by ; or |), and optionally notes and date
            (YYYY-MM-DD). If any row is wrong, nothing is imported.
          </Text>
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="csv" value={csv} />
          <DropZone
            label="CSV file"
            accept=".csv,text/csv"
            type="file"
            allowMultiple={false}
            onDrop={(files: File[]) => {
              const file = files[0];
              if (!file) return;
              setFileName(file.name);
              // Read here, sent as text: the server never receives the file itself.
              void file.text().then(setCsv);
            }}
          >
            {fileName ? (
              <Box padding="400">
                <Text as="p" alignment="center">
                  {fileName}
                </Text>
              </Box>
            ) : (
              <DropZone.FileUpload actionTitle="Choose a CSV file" actionHint="or drop it here" />
            )}
          </DropZone>
          {problems.length > 0 ? (
            <Banner tone="critical" title="Fix these rows, then import the file again">
              <List>
                {problems.map((problem) => (
                  <List.Item key={`${problem.line}:${problem.reason}`}>
                    {problem.line > 0 ? `Line ${problem.line}: ${problem.reason}` : problem.reason}
                  </List.Item>
                ))}
              </List>
            </Banner>
          ) : null}
          <InlineStack>
            <Button submit loading={importing} disabled={!csv}>
              Import titles
            </Button>
          </InlineStack>
        </BlockStack>
      </Form>
    </Card>
  );
}

type Idea = { title: string; keywords: string[]; overlap: { title: string; percent: number } | null };

function AskForIdeas() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const asking = navigation.formData?.get("intent") === "ideas";
  const adding = navigation.formData?.get("intent") === "add-ideas";
  const [niche, setNiche] = useState("");
  const [ideas, setIdeas] = useState<Idea[]>([]);
  const [excluded, setExcluded] = useState(0);
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => {
    if (answer && "intent" in answer && answer.intent === "ideas" && "ideas" in answer) {
      setIdeas(answer.ideas as Idea[]);
      setExcluded(Number(answer.excluded ?? 0));
      setChosen([]);
    }
    if (answer && "intent" in answer && answer.intent === "add-ideas") {
      // The added ideas are titles of the plan now.
      setIdeas((current) => current.filter((idea) => !chosen.includes(idea.title)));
      setChosen([]);
    }
    // `chosen` is read when an answer arrives, not a reason to run again.
  }, [answer]);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Ask for ideas
        </Text>
        <Form method="post">
          <FormLayout>
            <input type="hidden" name="intent" value="ideas" />
            <TextField
              label="Your niche"
              name="niche"
              value={niche}
              onChange={setNiche}
              autoComplete="off"
              placeholder="scented soy candles"
              helpText="Ideas draw on your store's products and leave out topics your blog already covers."
            />
            <InlineStack>
              <Button submit loading={asking} disabled={!niche.trim()}>
                Suggest ideas
              </Button>
            </InlineStack>
          </FormLayout>
        </Form>
        {ideas.length > 0 ? (
          <Form method="post">
            <BlockStack gap="200">
              <input type="hidden" name="intent" value="add-ideas" />
              {ideas
                .filter((idea) => chosen.includes(idea.title))
                .map((idea) => (
                  <input key={idea.title} type="hidden" name="idea" value={JSON.stringify(idea)} />
                ))}
              {ideas.map((idea) => (
                <Checkbox
                  key={idea.title}
                  label={idea.title}
                  checked={chosen.includes(idea.title)}
                  onChange={(checked) =>
                    setChosen(checked ? [...chosen, idea.title] : chosen.filter((title) => title !== idea.title))
                  }
                  helpText={
                    `Keywords: ${idea.keywords.join(", ")}` +
                    (idea.overlap ? `. Close to "${idea.overlap.title}" (${idea.overlap.percent}% shared)` : "")
                  }
                />
              ))}
              <InlineStack>
                <Button submit variant="primary" loading={adding} disabled={chosen.length === 0}>
                  {`Add ${chosen.length} selected`}
                </Button>
              </InlineStack>
            </BlockStack>
          </Form>
        ) : null}
        {excluded > 0 ? (
          <Text as="p" tone="subdued">
            {excluded === 1
              ? "1 idea was left out because your store already covers it."
              : `${excluded} ideas were left out because your store already covers them.`}
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}
