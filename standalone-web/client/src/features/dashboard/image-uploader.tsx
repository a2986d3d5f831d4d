import type { UploadedImage } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation } from "@tanstack/react-query";
import { ImagePlus, Loader2, X } from "lucide-react";
import { useId } from "react";
import { useDropzone, type FileRejection } from "react-dropzone";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../hooks/use-toast";
import { callRoute } from "../../lib/api";
import { cn } from "../../lib/utils";
import { toastFailure } from "../../lib/failure-toast";

/** The uploader's maxImages default (the API accepts at most this many per post). */
export const DEFAULT_MAX_IMAGES = 5;

export interface ImageUploaderProps {
  images: UploadedImage[];
  onChange: (images: UploadedImage[]) => void;
  maxImages?: number;
  disabled?: boolean;
}

export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Featured images for the post: dropped or picked, uploaded at once, each with a description the writer uses. */
export function ImageUploader({
  images,
  onChange,
  maxImages = DEFAULT_MAX_IMAGES,
  disabled = false,
}: ImageUploaderProps) {
  const hintId = useId();
  const room = Math.max(0, maxImages - images.length);
  const full = room === 0;

  const upload = useMutation({
    mutationFn: ({ files }: { files: File[]; leftOut: number }) => {
      const body = new FormData();
      for (const file of files) {
        body.append("images", file);
        body.append("altTexts", "");
      }
      return callRoute(contract.uploadImages, { body });
    },
    onSuccess: (data, { leftOut }) => {
      const added = data?.images ?? [];
      onChange([...images, ...added].slice(0, maxImages));
      // One notification shows at a time, so the images left out are told here rather than in a toast of their own.
      const limitNote = leftOut > 0 ? ` ${leftOut} left out: a post takes up to ${maxImages} images.` : "";
      toast({ title: "Images uploaded successfully!", description: `${added.length} image(s) uploaded.${limitNote}` });
    },
    onError: toastFailure("Upload failed", "Failed to upload images. Please try again."),
  });

  function onDrop(accepted: File[], rejected: FileRejection[]) {
    if (rejected.length > 0) {
      toast({
        title: "Upload failed",
        description: "Only image files can be uploaded (PNG, JPEG, GIF or WebP).",
        variant: "destructive",
      });
    }
    if (accepted.length === 0) return;
    if (room === 0) {
      toast({
        title: "Too many images",
        description: `You can add up to ${maxImages} images. Remove one to add another.`,
        variant: "destructive",
      });
      return;
    }
    const files = accepted.slice(0, room);
    upload.mutate({ files, leftOut: accepted.length - files.length });
  }

  const busy = upload.isPending;
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop,
    accept: { "image/*": [] },
    multiple: true,
    disabled: disabled || busy || full,
  });

  function describe(index: number, altText: string) {
    onChange(images.map((image, i) => (i === index ? { ...image, altText } : image)));
  }

  return (
    <div className="grid gap-4">
      <div
        {...getRootProps({
          role: "button",
          "aria-label": "Upload images",
          "aria-describedby": hintId,
          "aria-disabled": disabled || busy || full || undefined,
        })}
        className={cn(
          "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-input bg-muted/30 px-4 py-8 text-center transition-colors",
          "hover:border-primary/60 hover:bg-secondary/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          isDragActive && "border-primary bg-secondary",
          (disabled || busy || full) && "cursor-not-allowed opacity-70 hover:border-input hover:bg-muted/30",
        )}
      >
        <input {...getInputProps()} />
        {busy ? (
          <Loader2 className="size-7 animate-spin text-primary motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <ImagePlus className="size-7 text-primary" aria-hidden="true" />
        )}
        <p className="text-sm font-medium" aria-live="polite">
          {busy
            ? "Uploading images..."
            : full
              ? `You have added the maximum of ${maxImages} images.`
              : isDragActive
                ? "Drop the images here"
                : "Drag and drop images here, or click to browse"}
        </p>
        <p id={hintId} className="text-xs text-muted-foreground">
          {full
            ? "Remove an image to add another."
            : `PNG, JPEG, GIF or WebP. Up to ${maxImages} images (${images.length} added).`}
        </p>
      </div>

      {images.length > 0 ? (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Uploaded images">
          {images.map((image, index) => (
            <ImageItem
              key={image.url}
              image={image}
              onRemove={() => onChange(images.filter((_, i) => i !== index))}
              onDescribe={(text) => describe(index, text)}
              disabled={disabled}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ImageItem({
  image,
  onRemove,
  onDescribe,
  disabled,
}: {
  image: UploadedImage;
  onRemove: () => void;
  onDescribe: (text: string) => void;
  disabled: boolean;
}) {
  const inputId = useId();
  return (
    <li className="overflow-hidden rounded-lg border border-border bg-card">
      <div className="relative aspect-video bg-muted">
        <img src={image.url} alt={image.altText || image.originalName} className="size-full object-cover" />
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove ${image.originalName}`}
          className="absolute right-2 top-2 rounded-full bg-foreground/75 p-1.5 text-white transition-colors hover:bg-destructive focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="grid gap-2 p-3">
        <Label htmlFor={inputId}>Image Description for AI</Label>
        <Input
          id={inputId}
          value={image.altText}
          onChange={(event) => onDescribe(event.target.value)}
          placeholder="What the image shows"
          maxLength={500}
          disabled={disabled}
        />
        <p className="flex justify-between gap-2 text-xs text-muted-foreground">
          <span className="truncate" title={image.originalName}>
            {image.originalName}
          </span>
          <span className="shrink-0">{formatKilobytes(image.size)}</span>
        </p>
      </div>
    </li>
  );
}
