// Images in a post written from Shopify admin: each file goes into the store's Files through the app's image route
// (checked by content first), the post takes the file's CDN address with the merchant's alt text, and the published
// article's image is that file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SHOP } from "@shopify/shopify-api/test-helpers";
import { onePixelPng, startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { callRoute, startAppHarness, type AppHarness } from "./app-harness";

let fake: FakeShopify;
let harness: AppHarness;
beforeAll(async () => {
  fake = await startFakeShopify({ shops: [{ domain: TEST_SHOP, name: "Test Shop" }] });
  harness = await startAppHarness({ fake });
  const home = await import("../app/routes/app._index");
  await callRoute(home.loader, "/app"); // installs the app
});
afterAll(async () => {
  await harness.close();
  await fake.close();
});

function imageForm(data: Uint8Array, name: string, type = "image/png") {
  const form = new FormData();
  form.append("image", new File([new Uint8Array(data)], name, { type }));
  return form;
}

async function upload(form: FormData) {
  const images = await import("../app/routes/app.images");
  const answer = (await callRoute(images.action, "/app/images", form)) as unknown;
  // An error answer is Remix `data` (body and status); a success is a plain object.
  if (answer && typeof answer === "object" && "init" in answer) {
    const { data, init } = answer as { data: { message: string }; init: { status: number } };
    return { status: init.status, body: { message: data.message, image: undefined } };
  }
  const { image } = answer as { image: { url: string; altText: string; originalName?: string } };
  return { status: 200, body: { message: undefined, image } };
}

describe("images in a post written from Shopify admin", () => {
  it("puts a chosen image into the store's Files and answers its CDN address", async () => {
    const png = onePixelPng(200, 120, 40);
    const { status, body } = await upload(imageForm(png, "Lavender candle.png"));
    expect(status).toBe(200);
    const files = fake.shop(TEST_SHOP).files;
    expect(files).toHaveLength(1);
    expect(files[0]!.data.equals(Buffer.from(png))).toBe(true);
    expect(files[0]!.filename).toMatch(/^postwright-[0-9a-f]{12}\.png$/);
    expect(body.image).toMatchObject({ originalName: "Lavender candle.png", size: png.length });
    expect(body.image!.url.startsWith(`${fake.origin}/cdn/shop/${TEST_SHOP}/files/`)).toBe(true);
    expect((await fetch(body.image!.url)).status).toBe(200);
  });

  it("refuses a file that is not an image, whatever its name, and stores nothing", async () => {
    const before = fake.shop(TEST_SHOP).files.length;
    const { status, body } = await upload(imageForm(new TextEncoder().encode("<html>hi</html>"), "photo.png"));
    expect(status).toBe(400);
    expect(body.message).toBe("Only images can be uploaded (PNG, JPEG, GIF or WebP).");
    const empty = await upload(new FormData());
    expect(empty).toEqual({ status: 400, body: expect.objectContaining({ message: "Choose an image to add." }) });
    expect(fake.shop(TEST_SHOP).files).toHaveLength(before);
  });

  it("refuses an image over the size limit while it arrives", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(onePixelPng(1, 2, 3));
    const { status, body } = await upload(imageForm(big, "huge.png"));
    expect(status).toBe(413);
    expect(body.message).toBe("Each image must be at most 10 MB.");
  });

  it("writes the post with the uploaded image and its alt text, and publishes the article with it", async () => {
    const { body } = await upload(imageForm(onePixelPng(30, 90, 200), "blue-jar.png"));
    const image = { ...body.image!, altText: "A blue soy candle jar" };
    const write = await import("../app/routes/app.write");
    const form = {
      title: "Soy candles in blue jars",
      keywords: "soy candles",
      companyName: "Test Shop",
      seoInstructions: "",
    };
    // An address Shopify could not fetch itself (plain http elsewhere) is refused.
    const refused = (await callRoute(write.action, "/app/write", {
      ...form,
      images: JSON.stringify([{ url: "http://elsewhere.example/a.png", altText: "x" }]),
    })) as { data: { message: string }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.message).toBe(
      "Add images by uploading them here: each one goes into your store's Files first.",
    );

    const written = await callRoute(write.action, "/app/write", { ...form, images: JSON.stringify([image]) });
    expect((written as Response).status).toBe(302);
    const user = await harness.db.prisma.user.findUniqueOrThrow({ where: { shopDomain: TEST_SHOP } });
    const post = await harness.db.prisma.blogPost.findFirstOrThrow({
      where: { userId: user.id },
      orderBy: { id: "desc" },
    });
    expect(post.images).toEqual([expect.objectContaining({ url: image.url, altText: "A blue soy candle jar" })]);

    const edit = await import("../app/routes/app.posts.$id");
    const published = await callRoute(
      edit.action,
      `/app/posts/${post.id}`,
      { intent: "publish" },
      { id: String(post.id) },
    );
    expect(published).toEqual({ message: "Post published" });
    const article = fake.shop(TEST_SHOP).articles.at(-1)!;
    expect(article.image).toMatchObject({ sourceUrl: image.url, altText: "A blue soy candle jar" });
  });
});
