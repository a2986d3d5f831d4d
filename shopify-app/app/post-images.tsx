// The write page's images: dropped or chosen files go one by one to the app's image route, which puts each into the
// store's Files; each shows its progress, its thumbnail from Shopify's CDN and an alt text field. The references
// (CDN address and alt text) travel with the form as JSON in one hidden field.
import {
  BlockStack,
  Button,
  DropZone,
  InlineStack,
  InlineError,
  Spinner,
  Text,
  TextField,
  Thumbnail,
} from "@shopify/polaris";
import { useState } from "react";
import type { ImageRef } from "@postwright/core/contracts";

/** As many as a post takes (the core's contract says the same). */
export const MAX_POST_IMAGES = 5;

interface PostImage {
  key: string;
  name: string;
  state: "uploading" | "ready" | "failed";
  ref?: ImageRef;
  altText: string;
  error?: string;
}

async function uploadImage(file: File): Promise<ImageRef> {
  const body = new FormData();
  body.append("image", file);
  // Shopify admin's App Bridge adds the session token to the app's own requests.
  const response = await fetch("/app/images", { method: "POST", body });
  const answer = (await response.json().catch(() => ({}))) as { image?: ImageRef; message?: string };
  if (!response.ok || !answer.image)
    throw new Error(answer.message || "The image could not be added. Please try again.");
  return answer.image;
}

const altFromName = (name: string) =>
  name
    .replace(/\.[a-z0-9]+$/i, "")
    .replace(/[-_]+/g, " ")
    .trim();

/** The images' state, held by the write page (which waits for uploads before it writes). */
export function usePostImages() {
  const [images, setImages] = useState<PostImage[]>([]);
  const update = (key: string, change: Partial<PostImage>) =>
    setImages((all) => all.map((image) => (image.key === key ? { ...image, ...change } : image)));

  function add(files: File[]) {
    const room = MAX_POST_IMAGES - images.length;
    const added = files.slice(0, Math.max(0, room)).map((file) => ({
      file,
      image: {
        key: `${Date.now()}-${Math.random()}`,
        name: file.name,
        state: "uploading" as const,
        altText: altFromName(file.name),
      },
    }));
    setImages((all) => [...all, ...added.map((a) => a.image)]);
    for (const { file, image } of added) {
      uploadImage(file).then(
        (ref) => update(image.key, { state: "ready", ref }),
        (error: unknown) => update(image.key, { state: "failed", error: (error as Error).message }),
      );
    }
  }
  const remove = (key: string) => setImages((all) => all.filter((image) => image.key !== key));
  return { images, add, update, remove, uploading: images.some((image) => image.state === "uploading") };
}

export function PostImages({ images, add, update, remove }: ReturnType<typeof usePostImages>) {
  const ready = images.filter((image) => image.state === "ready" && image.ref);
  const refs = ready.map((image) => ({ ...image.ref!, altText: image.altText }));
  const full = images.length >= MAX_POST_IMAGES;
  return (
    <BlockStack gap="200">
      <Text as="p">Images</Text>
      <input type="hidden" name="images" value={JSON.stringify(refs)} />
      {images.map((image) => (
        <InlineStack key={image.key} gap="300" blockAlign="center" wrap={false}>
          {image.state === "ready" && image.ref ? (
            <Thumbnail source={image.ref.url} alt={image.altText} size="small" />
          ) : image.state === "uploading" ? (
            <Spinner accessibilityLabel={`Adding ${image.name} to your store's Files`} size="small" />
          ) : null}
          <div style={{ flex: 1 }}>
            {image.state === "failed" ? (
              <InlineError message={`${image.name}: ${image.error}`} fieldID={`image-${image.key}`} />
            ) : (
              <TextField
                label={`Alt text for ${image.name}`}
                value={image.altText}
                onChange={(altText) => update(image.key, { altText })}
                autoComplete="off"
                helpText={image.state === "uploading" ? "Adding it to your store's Files…" : undefined}
              />
            )}
          </div>
          <Button variant="tertiary" onClick={() => remove(image.key)} accessibilityLabel={`Remove ${image.name}`}>
            Remove
          </Button>
        </InlineStack>
      ))}
      {full ? (
        <Text as="p" tone="subdued">
          {`A post takes at most ${MAX_POST_IMAGES} images.`}
        </Text>
      ) : (
        <DropZone
          accept="image/png,image/jpeg,image/gif,image/webp"
          type="image"
          onDropAccepted={add}
          label="Add images"
          labelHidden
        >
          <DropZone.FileUpload
            actionTitle="Add images"
            actionHint="PNG, JPEG, GIF or WebP; they go into your store's Files"
          />
        </DropZone>
      )}
    </BlockStack>
  );
}
