import { Loader2 } from "lucide-react";
import { lazy, Suspense } from "react";
import { Textarea } from "../../components/ui/textarea";
import type { QuillEditorProps } from "./quill-editor";

/** When the editor's code cannot be loaded (a dropped connection, a new deployment), HTML can still be edited. */
function PlainHtmlEditor({ value, onChange, label }: QuillEditorProps) {
  return (
    <Textarea
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="min-h-[400px] font-mono text-sm"
    />
  );
}

const QuillEditor = lazy(() =>
  import("./quill-editor").catch((error: unknown) => {
    console.error("The rich-text editor could not be loaded", error);
    return { default: PlainHtmlEditor };
  }),
);

/** The rich-text editor, loaded on first use; "Loading editor..." until it is ready. */
export function ContentEditor(props: QuillEditorProps) {
  return (
    <Suspense
      fallback={
        <div
          role="status"
          className="flex min-h-[400px] items-center justify-center gap-2 rounded-lg border border-dashed border-border text-sm text-muted-foreground"
        >
          <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Loading editor...
        </div>
      }
    >
      <QuillEditor {...props} />
    </Suspense>
  );
}
