import { zodResolver } from "../../lib/zod-resolver";
import { ChevronDown, Plus, Trash2 } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { flushSync } from "react-dom";
import { useFieldArray, useForm, useWatch, type Resolver } from "react-hook-form";
import { Button } from "../../components/ui/button";
import { Form } from "../../components/ui/form";
import { OptionalLabel, TextareaField, TextField } from "../../components/ui/text-field";
import {
  blogFormDefaults,
  blogFormFieldsSchema,
  completeLinks,
  emptyLinkRow,
  withMetaDescription,
  type BlogFormFields,
  type BlogFormValues,
} from "./blog-form-schema";
import type { StoreProduct } from "@postwright/core/contracts";
import { FeaturedProductsPicker } from "./featured-products-picker";
import type { GenerateRequest } from "./stream-generate-post";
import { TitleSuggestionPanel } from "./title-suggestions";

export const BLOG_FORM_ID = "blog-form";

/** Everything the generate request needs except the images, which the uploader holds. */
export type BlogFormSubmission = Omit<GenerateRequest, "images">;

// The resolver checks the form's own fields; link rows are checked on submit (they are optional and only complete
// rows count), so the extra `links` values pass through untouched.
const resolver = zodResolver(blogFormFieldsSchema) as unknown as Resolver<BlogFormValues, unknown, BlogFormFields>;

/** Enter in a one-line field would submit the form and start a generation of several minutes: it does nothing. */
function keepEnterFromSubmitting(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key === "Enter" && target instanceof HTMLInputElement) event.preventDefault();
}

export interface BlogFormProps {
  onSubmit: (values: BlogFormSubmission) => void;
  disabled?: boolean;
}

/** The "Create New Blog Post" form (id blog-form); its submit button may live outside it (form="blog-form"). */
export function BlogForm({ onSubmit, disabled = false }: BlogFormProps) {
  const form = useForm<BlogFormValues, unknown, BlogFormFields>({ resolver, defaultValues: blogFormDefaults });
  const links = useFieldArray({ control: form.control, name: "links" });
  const title = useWatch({ control: form.control, name: "title" });
  const firstKeyword = useWatch({ control: form.control, name: "keywords" }).split(",")[0]?.trim() ?? "";
  const [moreOpen, setMoreOpen] = useState(false);
  const [featured, setFeatured] = useState<StoreProduct[]>([]);
  const [showProductCards, setShowProductCards] = useState(false);
  const { errors } = form.formState;
  const optionalErrors = Boolean(errors.companyName || errors.focusKeyphrase || errors.seoInstructions || errors.links);

  const submit = form.handleSubmit((fields) => {
    const { links: rows, problems } = completeLinks(form.getValues("links"));
    if (problems.length > 0) {
      // The rows are among the folded options: open them first, so the first problem can take the focus.
      flushSync(() => setMoreOpen(true));
      problems.forEach((p, i) =>
        form.setError(`links.${p.index}.${p.field}`, { message: p.message }, { shouldFocus: i === 0 }),
      );
      return;
    }
    onSubmit({
      title: fields.title,
      keywords: fields.keywords,
      ...(fields.focusKeyphrase ? { focusKeyphrase: fields.focusKeyphrase } : {}),
      companyName: fields.companyName,
      seoInstructions: fields.seoInstructions,
      links: rows,
      ...(featured.length ? { featured: featured.map((product) => product.id), showProductCards } : {}),
    });
  });

  function applySuggestion(suggestion: string, metaDescription: string) {
    form.setValue("title", suggestion, { shouldDirty: true, shouldValidate: true });
    form.setValue("seoInstructions", withMetaDescription(form.getValues("seoInstructions"), metaDescription), {
      shouldDirty: true,
    });
  }

  return (
    <Form {...form}>
      <form id={BLOG_FORM_ID} noValidate onSubmit={submit} onKeyDown={keepEnterFromSubmitting} className="grid gap-5">
        <fieldset disabled={disabled} className="grid min-w-0 gap-5">
          {/* The suggestions sit right under the title; the panel takes no room while it is empty. */}
          <div>
            <TextField
              control={form.control}
              name="title"
              label="Blog Title"
              placeholder="e.g. How to Choose the Right Running Shoes"
              autoComplete="off"
            />
            <TitleSuggestionPanel title={title} onApply={applySuggestion} />
          </div>
          <TextField
            control={form.control}
            name="keywords"
            label="Target Keywords"
            placeholder="running shoes, trail running, shoe fitting"
            autoComplete="off"
            description="Separate keywords with commas."
          />
          <FeaturedProductsPicker
            selected={featured}
            onSelectedChange={setFeatured}
            showProductCards={showProductCards}
            onShowProductCardsChange={setShowProductCards}
            disabled={disabled}
          />
          {/* The optional fields fold away, so the form stays short and Generate stays in view; they open by
              themselves when one of them needs attention. */}
          <details
            open={moreOpen || optionalErrors}
            onToggle={(event) => setMoreOpen(event.currentTarget.open)}
            className="group rounded-lg border border-border"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-4 py-3 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
              <span>
                More options{" "}
                <span className="font-normal text-muted-foreground">
                  (optional: company, focus keyphrase, SEO instructions, links)
                </span>
              </span>
              <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
            </summary>
            <div className="grid gap-5 border-t border-border p-4">
              <TextField
                control={form.control}
                name="companyName"
                label={<OptionalLabel>Company Name</OptionalLabel>}
                placeholder="e.g. Trailhead Outfitters"
                autoComplete="organization"
                description="Used to personalise the content."
              />
              <TextField
                control={form.control}
                name="focusKeyphrase"
                label={<OptionalLabel>Focus Keyphrase</OptionalLabel>}
                placeholder={firstKeyword || "The first keyword"}
                autoComplete="off"
                description="The phrase the post, its SEO title and its address aim at. Leave empty to use the first keyword."
              />
              <TextareaField
                control={form.control}
                name="seoInstructions"
                label={<OptionalLabel>Additional SEO Instructions</OptionalLabel>}
                rows={4}
                placeholder="Tone, audience, points to cover, anything to avoid..."
              />
              <fieldset className="grid gap-3">
                <legend className="mb-1 text-sm font-medium">
                  <OptionalLabel>Links to Include</OptionalLabel>
                </legend>
                <p className="-mt-1 text-sm text-muted-foreground">
                  Pages the post should link to. A row is used only when both the URL and its description are filled.
                </p>
                {links.fields.map((row, index) => (
                  <div
                    key={row.id}
                    className="grid gap-2 rounded-lg border border-border bg-muted/30 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
                  >
                    <TextField
                      control={form.control}
                      name={`links.${index}.url`}
                      label={`Link ${index + 1} URL`}
                      labelClassName="sr-only"
                      type="url"
                      inputMode="url"
                      placeholder="https://example.com/page"
                    />
                    <TextField
                      control={form.control}
                      name={`links.${index}.description`}
                      label={`Link ${index + 1} description`}
                      labelClassName="sr-only"
                      placeholder="What the page is about"
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      onClick={() => links.remove(index)}
                      aria-label={`Remove link ${index + 1}`}
                      className="justify-self-end text-muted-foreground hover:text-destructive"
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                ))}
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="justify-self-start"
                  onClick={() => links.append({ ...emptyLinkRow })}
                >
                  <Plus aria-hidden="true" />
                  Add Link
                </Button>
              </fieldset>
            </div>
          </details>
        </fieldset>
      </form>
    </Form>
  );
}
