import type { GeneratePostResponse, UploadedImage } from "@postwright/core/contracts";
import { ChevronDown, Wand2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { usePrefersReducedMotion } from "../../hooks/use-reduced-motion";
import { BLOG_FORM_ID, BlogForm, type BlogFormSubmission } from "./blog-form";
import { GenerationProgress } from "./generation-progress";
import { ImageUploader } from "./image-uploader";
import { useGeneratePost } from "./use-generate-post";

export interface CreatePostPanelProps {
  onGenerated?: (result: GeneratePostResponse) => void;
  onQuotaExceeded?: () => void;
}

/**
 * The left column: the form, the featured images (folded until wanted), and the Generate button with its progress,
 * which scrolls into view when a generation starts.
 */
export function CreatePostPanel({ onGenerated, onQuotaExceeded }: CreatePostPanelProps) {
  const [images, setImages] = useState<UploadedImage[]>([]);
  const { generate, isGenerating, progress, cancel } = useGeneratePost({ onGenerated, onQuotaExceeded });

  const progressRef = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const running = progress !== null;
  // The progress comes to the top of the window (below the sticky header), where the post then grows under it.
  useEffect(() => {
    if (running) progressRef.current?.scrollIntoView({ behavior: reducedMotion ? "auto" : "smooth", block: "start" });
  }, [running, reducedMotion]);

  function submit(values: BlogFormSubmission) {
    generate({ ...values, images: images.map(({ url, altText }) => ({ url, altText })) });
  }

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="font-display text-2xl">
            Create New Blog Post
          </CardTitle>
          <CardDescription>
            Enter a title and keywords; we write an SEO-optimised post you can edit, publish or schedule.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BlogForm onSubmit={submit} disabled={isGenerating} />
        </CardContent>
      </Card>

      <details className="group rounded-xl border border-border bg-card text-card-foreground shadow-sm">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-6 py-4 hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
          <span className="grid gap-0.5">
            <span className="font-semibold">
              Featured Images <span className="text-sm font-normal text-muted-foreground">(optional)</span>
              {images.length > 0 ? (
                <span className="ml-2 text-sm font-normal text-muted-foreground">
                  {images.length} {images.length === 1 ? "image" : "images"}
                </span>
              ) : null}
            </span>
            <span className="text-sm text-muted-foreground">
              Images to place in the post. Describe each one so the writer knows what it shows.
            </span>
          </span>
          <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        <div className="border-t border-border px-6 py-4">
          <ImageUploader images={images} onChange={setImages} disabled={isGenerating} />
        </div>
      </details>

      {/* While a post is written, the space it grows into is kept below the progress, so that the progress can come
          to the top of the window and the parts appear in view without the page jumping. */}
      <div
        ref={progressRef}
        className={
          running ? "grid min-h-[calc(100vh-7rem)] scroll-mt-24 content-start gap-4" : "grid scroll-mt-24 gap-4"
        }
      >
        <Button type="submit" form={BLOG_FORM_ID} size="lg" className="w-full" loading={isGenerating}>
          {isGenerating ? null : <Wand2 aria-hidden="true" />}
          {isGenerating ? "Generating..." : "Generate Blog Post"}
        </Button>
        {progress ? <GenerationProgress progress={progress} onCancel={cancel} /> : null}
      </div>
    </div>
  );
}
