// The post body's rich-text editor (Quill, the editor the site uses, through react-quill-new), with the formats of
// Shopify's own article editor. Loaded only in the browser, after the page is shown, so Quill and its stylesheet stay
// out of the post page's first download.
import { useEffect, useMemo, useRef } from "react";
import ReactQuill from "react-quill-new";
import "react-quill-new/dist/quill.snow.css";
import "./rich-text-editor.css";

const TOOLBAR = [
  [{ header: [2, 3, 4, false] }],
  ["bold", "italic", "underline"],
  [{ list: "ordered" }, { list: "bullet" }],
  ["blockquote", "link"],
  [{ align: [] }],
  ["clean"],
];

/**
 * Quill writes every space of its HTML as &nbsp;, which would stop published text from wrapping: the last space of
 * each run becomes an ordinary one again (runs of several spaces keep their width).
 */
export function normalizeEditorHtml(html: string): string {
  return html.replace(/((?:&nbsp;)*)&nbsp;/g, "$1 ");
}

/**
 * The post without its product cards: they are not edited here (Quill would flatten them into paragraphs); the core
 * keeps them and places them again when the edited body is saved.
 */
export function withoutProductCards(html: string): string {
  if (!html.includes("postwright-product-card")) return html;
  const document = new DOMParser().parseFromString(html, "text/html");
  document.querySelectorAll("div.postwright-product-card").forEach((card) => card.remove());
  return document.body.innerHTML;
}

export interface RichTextEditorProps {
  value: string;
  /** Called for the merchant's own edits only (not for Quill reading the saved HTML in). */
  onChange: (html: string) => void;
  label: string;
}

export default function RichTextEditor({ value, onChange, label }: RichTextEditorProps) {
  const editorRef = useRef<ReactQuill>(null);
  const editable = useMemo(() => withoutProductCards(value), [value]);
  useEffect(() => {
    // Name the editable area for screen readers (Quill renders it itself), and the toolbar's buttons.
    const quill = editorRef.current?.getEditor();
    const root = quill?.root;
    root?.setAttribute("aria-label", label);
    root?.setAttribute("aria-multiline", "true");
    root?.setAttribute("role", "textbox");
    const toolbar = root?.closest(".rich-text-editor")?.querySelector(".ql-toolbar");
    toolbar?.setAttribute("role", "toolbar");
    toolbar?.setAttribute("aria-label", "Formatting");
    const names: Record<string, string> = {
      "ql-bold": "Bold",
      "ql-italic": "Italic",
      "ql-underline": "Underline",
      "ql-blockquote": "Quote",
      "ql-link": "Link",
      "ql-clean": "Clear formatting",
    };
    toolbar?.querySelectorAll("button").forEach((button) => {
      const format = [...button.classList].find((c) => c.startsWith("ql-"));
      const name =
        format === "ql-list"
          ? button.value === "ordered"
            ? "Numbered list"
            : "Bulleted list"
          : format
            ? names[format]
            : undefined;
      if (name) button.setAttribute("aria-label", name);
    });
    toolbar?.querySelectorAll(".ql-picker-label").forEach((picker) => {
      const kind = picker.closest(".ql-header") ? "Text style" : "Alignment";
      picker.setAttribute("aria-label", kind);
    });
  }, [label]);
  return (
    <div className="rich-text-editor">
      <ReactQuill
        ref={editorRef}
        theme="snow"
        value={editable}
        modules={{ toolbar: TOOLBAR }}
        onChange={(html, _delta, source) => {
          if (source === "user") onChange(normalizeEditorHtml(html));
        }}
      />
    </div>
  );
}
