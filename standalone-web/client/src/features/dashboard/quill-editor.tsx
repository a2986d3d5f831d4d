// The rich-text editor (Quill, through react-quill-new). This module is loaded only when someone edits a post, so
// Quill and its stylesheet stay out of the dashboard's first download.
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useEffect, useMemo, useRef } from "react";
import ReactQuill from "react-quill-new";
import "react-quill-new/dist/quill.snow.css";
import "./quill-editor.css";
import { toast } from "../../hooks/use-toast";
import { callRoute, errorMessage } from "../../lib/api";

export const EDITOR_TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  [{ font: [] }, { size: ["small", false, "large", "huge"] }],
  ["bold", "italic", "underline", "strike"],
  [{ color: [] }, { background: [] }],
  [{ script: "sub" }, { script: "super" }],
  ["blockquote", "code-block"],
  [{ list: "ordered" }, { list: "bullet" }],
  [{ indent: "-1" }, { indent: "+1" }],
  [{ direction: "rtl" }, { align: [] }],
  ["link", "image"],
  ["clean"],
];

/**
 * Quill 2.0.3 writes every space of its semantic HTML as &nbsp;, which would stop published text from wrapping. The
 * last space of each run becomes an ordinary one again; runs of several spaces keep their width.
 */
export function normalizeEditorHtml(html: string): string {
  return html.replace(/((?:&nbsp;)*)&nbsp;/g, "$1 ");
}

/**
 * The post without its product cards: they are not edited here (Quill would flatten them into paragraphs); the server
 * keeps them and places them again when the edited post is saved.
 */
export function withoutProductCards(html: string): string {
  if (!html.includes("postwright-product-card")) return html;
  const document = new DOMParser().parseFromString(html, "text/html");
  document.querySelectorAll("div.postwright-product-card").forEach((card) => card.remove());
  return document.body.innerHTML;
}

export interface QuillEditorProps {
  value: string;
  onChange: (html: string) => void;
  label: string;
}

export default function QuillEditor({ value, onChange, label }: QuillEditorProps) {
  const editorRef = useRef<ReactQuill>(null);
  const editable = useMemo(() => withoutProductCards(value), [value]);
  useEffect(() => {
    // Name the editable area for screen readers (Quill renders it itself).
    const root = editorRef.current?.getEditor().root;
    root?.setAttribute("aria-label", label);
    root?.setAttribute("aria-multiline", "true");
    root?.setAttribute("role", "textbox");
  }, [label]);

  // Pictures go through the image upload like the uploader's, rather than into the post as huge data: URLs.
  const modules = useMemo(
    () => ({
      toolbar: {
        container: EDITOR_TOOLBAR,
        handlers: {
          image: () => {
            const input = document.createElement("input");
            input.type = "file";
            input.accept = "image/*";
            input.onchange = async () => {
              const file = input.files?.[0];
              const quill = editorRef.current?.getEditor();
              if (!file || !quill) return;
              const body = new FormData();
              body.append("images", file);
              body.append("altTexts", "");
              try {
                const data = await callRoute(contract.uploadImages, { body });
                const image = data?.images[0];
                if (!image) return;
                const at = quill.getSelection(true)?.index ?? quill.getLength();
                quill.insertEmbed(at, "image", image.url, "user");
                quill.setSelection(at + 1, 0, "user");
              } catch (error) {
                toast({
                  title: "Upload failed",
                  description: errorMessage(error, "Failed to upload images. Please try again."),
                  variant: "destructive",
                });
              }
            };
            input.click();
          },
        },
      },
    }),
    [],
  );

  return (
    <div className="post-editor">
      <ReactQuill
        ref={editorRef}
        theme="snow"
        value={editable}
        onChange={(html) => onChange(normalizeEditorHtml(html))}
        modules={modules}
      />
    </div>
  );
}
