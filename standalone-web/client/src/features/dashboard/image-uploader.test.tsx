import "../../test/setup";
import type { UploadedImage } from "@postwright/core/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage, type FakeRequest } from "../../test/render";
import { findToast } from "./dashboard-test-data";
import { ImageUploader } from "./image-uploader";

function png(name: string, bytes = 2048) {
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

/** The upload endpoint: echoes each file back as an uploaded image. */
function uploadRoute(request: FakeRequest) {
  const form = request.body as FormData;
  const images = (form.getAll("images") as File[]).map((file, i) => ({
    url: `/uploads/${i}-${file.name}`,
    altText: "",
    originalName: file.name,
    size: file.size,
  }));
  return { body: { images } };
}

function Harness({ initial = [] }: { initial?: UploadedImage[] }) {
  const [images, setImages] = useState(initial);
  return (
    <>
      <ImageUploader images={images} onChange={setImages} />
      <output data-testid="alt-texts">{images.map((i) => i.altText).join("|")}</output>
    </>
  );
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe("ImageUploader", () => {
  it("uploads the chosen images with empty descriptions and shows each with its name and size", async () => {
    const requests = fakeApi({ "POST /api/images/upload": uploadRoute });
    renderPage(<Harness />);
    await userEvent.upload(fileInput(), [png("shoe.png", 3072), png("trail.png", 1536)]);

    expect(await findToast("Images uploaded successfully!")).toHaveTextContent("2 image(s) uploaded.");
    const sent = requests.find((r) => r.path === "/api/images/upload")!.body as FormData;
    expect((sent.getAll("images") as File[]).map((f) => f.name)).toEqual(["shoe.png", "trail.png"]);
    expect(sent.getAll("altTexts")).toEqual(["", ""]);

    const list = screen.getByRole("list", { name: "Uploaded images" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByText("3.0 KB")).toBeInTheDocument();
    expect(within(list).getByRole("img", { name: "shoe.png" })).toHaveAttribute("src", "/uploads/0-shoe.png");

    // The description is editable, and a removed image leaves the list.
    const [first] = screen.getAllByLabelText("Image Description for AI");
    fireEvent.change(first!, { target: { value: "Red trail shoe on rocks" } });
    expect(screen.getByTestId("alt-texts")).toHaveTextContent("Red trail shoe on rocks|");
    await userEvent.click(screen.getByRole("button", { name: "Remove trail.png" }));
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
  });

  it("takes at most 5 images: a 6th is refused and the user is told why", async () => {
    const requests = fakeApi({ "POST /api/images/upload": uploadRoute });
    renderPage(<Harness />);
    await userEvent.upload(
      fileInput(),
      [1, 2, 3, 4, 5, 6].map((n) => png(`photo-${n}.png`)),
    );

    expect(await findToast("Images uploaded successfully!")).toHaveTextContent(
      "5 image(s) uploaded. 1 left out: a post takes up to 5 images.",
    );
    await waitFor(() => expect(screen.getAllByLabelText("Image Description for AI")).toHaveLength(5));
    const sent = requests.filter((r) => r.path === "/api/images/upload");
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as FormData).getAll("images")).toHaveLength(5);

    // Full: the drop zone says so and takes no more.
    const zone = screen.getByRole("button", { name: "Upload images" });
    expect(zone).toHaveTextContent("You have added the maximum of 5 images.");
    expect(zone).toHaveAttribute("aria-disabled", "true");
    await userEvent.upload(fileInput(), png("photo-7.png"));
    expect(requests.filter((r) => r.path === "/api/images/upload")).toHaveLength(1);
  });

  it("reports a refused upload with the server's reason", async () => {
    fakeApi({
      "POST /api/images/upload": {
        status: 415,
        body: { message: '"notes.png" is not an image. Only PNG, JPEG, GIF and WebP images can be uploaded.' },
      },
    });
    renderPage(<Harness />);
    await userEvent.upload(fileInput(), png("notes.png"));
    expect(await findToast("Upload failed")).toHaveTextContent('"notes.png" is not an image.');
    expect(screen.queryByRole("list", { name: "Uploaded images" })).not.toBeInTheDocument();
  });

  it("says Uploading images... while the upload runs", async () => {
    let finish: (reply: { body: unknown }) => void = () => {};
    const pending = new Promise<{ body: unknown }>((resolve) => (finish = resolve));
    fakeApi({});
    const fetchMock = globalThis.fetch as unknown as { mockImplementationOnce(fn: () => Promise<Response>): void };
    fetchMock.mockImplementationOnce(async () => {
      const reply = await pending;
      return new Response(JSON.stringify(reply.body), { headers: { "Content-Type": "application/json" } });
    });
    renderPage(<Harness />);
    await userEvent.upload(fileInput(), png("shoe.png"));
    expect(await screen.findByText("Uploading images...")).toBeInTheDocument();
    finish({ body: { images: [{ url: "/uploads/a.png", altText: "", originalName: "shoe.png", size: 10 }] } });
    await waitFor(() => expect(screen.queryByText("Uploading images...")).not.toBeInTheDocument());
  });
});
