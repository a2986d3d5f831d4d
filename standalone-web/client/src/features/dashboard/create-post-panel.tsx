import type { GeneratePostResponse, UploadedImage } from "@postwright/core/contracts";
import { Wand2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { BLOG_FORM_ID, BlogForm, type BlogFormSubmission } from "./blog-form";
import { GenerationProgress } from "./generation-progress";
import { ImageUploader } from "./image-uploader";
import { useGeneratePost } from "./use-generate-post";

export interface CreatePostPanelProps {
  onGenerated?: (result: GeneratePostResponse) => void;
  onQuotaExceeded?: () => void;
}

/** The left column: the form, the featured images, and the Generate button with its progress. */
export function CreatePostPanel({ onGenerated, onQuotaExceeded }: CreatePostPanelProps) {
  const [images, setImages] = useState<UploadedImage[]>([]);
  const { generate, isGenerating, progress, cancel } = useGeneratePost({ onGenerated, onQuotaExceeded });

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

      <Card>
        <CardHeader className="pb-4">
          <CardTitle>
            Featured Images <span className="text-sm font-normal text-muted-foreground">(optional)</span>
          </CardTitle>
          <CardDescription>
            Images to place in the post. Describe each one so the writer knows what it shows.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ImageUploader images={images} onChange={setImages} disabled={isGenerating} />
        </CardContent>
      </Card>

      <div className="grid gap-4">
        <Button type="submit" form={BLOG_FORM_ID} size="lg" className="w-full" loading={isGenerating}>
          {isGenerating ? null : <Wand2 aria-hidden="true" />}
          {isGenerating ? "Generating..." : "Generate Blog Post"}
        </Button>
        {progress ? <GenerationProgress progress={progress} onCancel={cancel} /> : null}
      </div>
    </div>
  );
}
