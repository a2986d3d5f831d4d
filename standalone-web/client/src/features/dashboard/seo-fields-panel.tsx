import {
  TITLE_MAX_WIDTH_PX,
  TITLE_MIN_WIDTH_PX,
  titleWidthPx,
  type BlogPostView,
  type SeoCheckResult,
  type UpdatePostInput,
} from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, XCircle } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeading } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../hooks/use-toast";
import { ApiError, callRoute, errorMessage } from "../../lib/api";
import { cn } from "../../lib/utils";
import type { ShopifyConnectionView, WordpressConnectionView } from "@postwright/core/contracts";
import {
  postFromResponse,
  refreshPosts,
  storePost,
  useShopifyConnection,
  useWordpressConnection,
} from "./dashboard-queries";
import type { PlatformChoice } from "./platform-chooser";
import { usePlatformChoice } from "./use-platform-choice";

/** Which checks speak about which field, as Yoast SEO groups them under its snippet editor. */
const fieldChecks = {
  seoTitle: ["keyphrase-in-title", "title-width"],
  slug: ["keyphrase-in-slug", "slug-length"],
  metaDescription: ["keyphrase-in-meta-description", "meta-description-length"],
  focusKeyphrase: ["keyphrase-length", "keyphrase-in-introduction", "keyphrase-density"],
} as const;

const statusIcon = {
  pass: <CheckCircle2 className="size-3.5 text-success" aria-hidden="true" />,
  warn: <AlertTriangle className="size-3.5 text-warning" aria-hidden="true" />,
  fail: <XCircle className="size-3.5 text-destructive" aria-hidden="true" />,
};
const statusWord = { pass: "Passed", warn: "Could be better", fail: "Failed" };

function FieldChecks({ checks, ids }: { checks: SeoCheckResult[]; ids: readonly string[] }) {
  const shown = ids.flatMap((id) => checks.filter((c) => c.id === id));
  if (shown.length === 0) return null;
  return (
    <ul className="grid gap-1" aria-label="Checks for this field">
      {shown.map((check) => (
        <li key={check.id} className="flex gap-1.5 text-xs" data-status={check.status}>
          <span className="mt-0.5 shrink-0">{statusIcon[check.status]}</span>
          <span>
            <span className="font-medium">{check.label}</span>
            <span className="sr-only"> ({statusWord[check.status]})</span>
            <span className="text-muted-foreground">: {check.message}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A bar like Yoast SEO's: green between 400 and 600 px, orange when short, red when Google would cut the title. */
function WidthMeter({ width }: { width: number }) {
  const tone = width > TITLE_MAX_WIDTH_PX ? "bg-destructive" : width < TITLE_MIN_WIDTH_PX ? "bg-warning" : "bg-success";
  return (
    <div className="grid gap-1">
      <div
        className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
        role="meter"
        aria-label="SEO title width"
        aria-valuemin={0}
        aria-valuemax={TITLE_MAX_WIDTH_PX}
        aria-valuenow={Math.min(width, TITLE_MAX_WIDTH_PX)}
        aria-valuetext={`${width} of ${TITLE_MAX_WIDTH_PX} px`}
      >
        <div
          className={cn("h-full", tone)}
          style={{ width: `${Math.min(100, (width / TITLE_MAX_WIDTH_PX) * 100)}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground tabular-nums">
        {width} / {TITLE_MAX_WIDTH_PX} px
      </p>
    </div>
  );
}

/** The address Google shows above a result: the host, then the path's folders, as "host › blogs › news". */
function breadcrumbOf(url: string): string[] | null {
  try {
    const address = new URL(url);
    if (address.protocol !== "https:" && address.protocol !== "http:") return null;
    return [address.host, ...address.pathname.split("/").filter(Boolean)];
  } catch {
    return null;
  }
}

/**
 * Where the post will live, as Google shows it before the slug: the address it is published at; otherwise the
 * connected site of the chosen platform (a Shopify store's blogs, the WordPress site's address); otherwise a neutral
 * "your-site.com". Never this service's own host.
 */
export function previewBreadcrumb(
  post: Pick<BlogPostView, "publications">,
  platform: PlatformChoice,
  shopify: ShopifyConnectionView | null | undefined,
  wordpress: WordpressConnectionView | null | undefined,
): string[] {
  // A published post: the folders of its address, without its own slug (the one being edited follows).
  const live = post.publications.map((p) => (p.remoteUrl ? breadcrumbOf(p.remoteUrl) : null)).find(Boolean);
  if (live) return live.length > 1 ? live.slice(0, -1) : live;
  const store = shopify
    ? breadcrumbOf(/^https?:\/\//i.test(shopify.storeUrl) ? shopify.storeUrl : `https://${shopify.storeUrl}`)
    : null;
  const site = wordpress ? breadcrumbOf(wordpress.siteUrl) : null;
  const chosen = platform === "wordpress" ? site : platform === "shopify" && store ? [...store, "blogs"] : null;
  const any = chosen ?? site ?? (store ? [...store, "blogs"] : null);
  return any ?? ["your-site.com"];
}

/** Google's result for the post, as Yoast SEO and Rank Math preview it. */
function SnippetPreview({
  title,
  slug,
  description,
  breadcrumb,
}: {
  title: string;
  slug: string;
  description: string;
  breadcrumb: string[];
}) {
  const [host, ...folders] = breadcrumb;
  const path = [...folders, slug || "…"];
  return (
    <figure
      className="rounded-lg border border-border bg-white p-4 font-[arial,sans-serif] text-left"
      aria-label="Google preview"
    >
      <p className="truncate text-sm text-[#202124]">
        {host}
        <span className="text-[#4d5156]"> › {path.join(" › ")}</span>
      </p>
      <p className="max-w-[600px] truncate text-xl leading-7 text-[#1a0dab]">{title || "Add an SEO title"}</p>
      <p className="line-clamp-2 max-w-[600px] text-sm text-[#4d5156]">
        {description || "Add a meta description to tell searchers what the post gives them."}
      </p>
    </figure>
  );
}

interface Fields {
  seoTitle: string;
  slug: string;
  metaDescription: string;
  focusKeyphrase: string;
}

function fieldsOf(post: BlogPostView): Fields {
  return {
    seoTitle: post.seoTitle ?? post.title,
    slug: post.slug ?? "",
    metaDescription: post.metaDescription ?? "",
    focusKeyphrase: post.focusKeyphrase,
  };
}

const isPublished = (post: BlogPostView) =>
  post.status === "published" || post.publications.some((p) => p.status === "published" || p.remoteUrl !== null);

/** The post's search appearance: SEO title, slug, meta description and focus keyphrase, each with its checks. */
export function SeoFieldsPanel({ post }: { post: BlogPostView }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(post));
  const [confirming, setConfirming] = useState(false);
  const saved = fieldsOf(post);
  const changed = (Object.keys(fields) as Array<keyof Fields>).filter(
    (key) => fields[key].trim() !== saved[key].trim(),
  );
  const published = isPublished(post);
  const [platform] = usePlatformChoice();
  const shopify = useShopifyConnection();
  const wordpress = useWordpressConnection();
  const breadcrumb = previewBreadcrumb(post, platform, shopify.data, wordpress.data);

  const save = useMutation({
    mutationFn: (confirmSlugChange: boolean) => {
      const patch: UpdatePostInput = {};
      for (const key of changed) patch[key] = fields[key].trim();
      if (confirmSlugChange) patch.confirmSlugChange = true;
      return callRoute(contract.updatePost, { params: { id: post.id }, body: patch });
    },
    onSuccess: async (data) => {
      const next = postFromResponse(data);
      if (next) {
        storePost(queryClient, next);
        setFields(fieldsOf(next));
      }
      setConfirming(false);
      toast({ title: "SEO settings saved", description: "The checks were run again on the new settings." });
      await refreshPosts(queryClient);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409 && error.body.includes("slug_change_needs_confirmation")) {
        setConfirming(true);
        return;
      }
      toast({
        title: "Save failed",
        description: errorMessage(error, "Failed to save the SEO settings. Please try again."),
        variant: "destructive",
      });
    },
  });

  const set = (key: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: event.target.value }));
  const width = titleWidthPx(fields.seoTitle.trim());
  const metaLength = [...fields.metaDescription.trim()].length;

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4 rounded-lg border border-border bg-card p-4">
      <div>
        <h4 id={`${id}-heading`} className="text-sm font-semibold">
          Search appearance
        </h4>
        <p className="text-xs text-muted-foreground">
          How the post shows in Google, and the checks each setting passes.
        </p>
      </div>
      <SnippetPreview
        title={fields.seoTitle.trim()}
        slug={fields.slug.trim()}
        description={fields.metaDescription.trim()}
        breadcrumb={breadcrumb}
      />

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-keyphrase`}>Focus keyphrase</Label>
        <Input id={`${id}-keyphrase`} value={fields.focusKeyphrase} onChange={set("focusKeyphrase")} maxLength={100} />
        <FieldChecks checks={post.seoChecks} ids={fieldChecks.focusKeyphrase} />
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-title`}>SEO title</Label>
        <Input id={`${id}-title`} value={fields.seoTitle} onChange={set("seoTitle")} maxLength={300} />
        <WidthMeter width={width} />
        <FieldChecks checks={post.seoChecks} ids={fieldChecks.seoTitle} />
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-slug`}>Slug</Label>
        <Input
          id={`${id}-slug`}
          value={fields.slug}
          onChange={set("slug")}
          maxLength={200}
          placeholder="words-joined-by-hyphens"
        />
        {published ? (
          <p className="text-xs text-warning">
            This post is published: changing its slug changes its URL, and links to the old address break.
          </p>
        ) : null}
        <FieldChecks checks={post.seoChecks} ids={fieldChecks.slug} />
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-meta`}>Meta description</Label>
        <Textarea
          id={`${id}-meta`}
          value={fields.metaDescription}
          onChange={set("metaDescription")}
          maxLength={320}
          rows={3}
        />
        <p className="text-xs text-muted-foreground tabular-nums">{metaLength} characters (120-156 show in full)</p>
        <FieldChecks checks={post.seoChecks} ids={fieldChecks.metaDescription} />
      </div>

      <div className="flex justify-end gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={changed.length === 0 || save.isPending}
          onClick={() => setFields(saved)}
        >
          Reset
        </Button>
        <Button
          type="button"
          disabled={changed.length === 0}
          loading={save.isPending}
          onClick={() => save.mutate(false)}
        >
          {save.isPending ? "Saving..." : "Save SEO settings"}
        </Button>
      </div>

      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeading
            title="Change the URL?"
            description={
              <>
                This post is already published. Its new address will be /{fields.slug.trim()}: links to the old one (/
                {post.slug}) break unless the platform redirects them. Shopify adds a redirect; on WordPress, check your
                redirects.
              </>
            }
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              Keep the current URL
            </Button>
            <Button type="button" loading={save.isPending} onClick={() => save.mutate(true)}>
              Change the URL
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
