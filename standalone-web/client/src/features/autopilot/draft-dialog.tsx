// "Open draft": the post a plan wrote, in a dialog on the plan's page, shown (and editable) exactly as the dashboard
// shows a post: its SEO score and checks, meta description, keywords and content. A draft to review can be approved
// or skipped from here too. The post's view loads when a draft is first opened.
import type { ContentPlanItemView } from "@postwright/core/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Check, SkipForward } from "lucide-react";
import { lazy, Suspense } from "react";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeading } from "../../components/ui/dialog";
import { contentPlanKey } from "./autopilot-queries";
import { DraftLoading } from "./draft-loading";

const DraftView = lazy(() => import("./draft-view"));

export interface DraftDialogProps {
  planId: number;
  /** The title whose post is open, or null when the dialog is closed. */
  item: ContentPlanItemView | null;
  /** Its slot in words, in the plan's zone. */
  slot: string;
  onClose: () => void;
  onApprove: (item: ContentPlanItemView) => void;
  onSkip: (item: ContentPlanItemView) => void;
}

export function DraftDialog({ planId, item, slot, onClose, onApprove, onSkip }: DraftDialogProps) {
  const queryClient = useQueryClient();
  const toReview = item?.status === "to_review";
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => {
        if (open) return;
        onClose();
        // An edit in the dialog may have changed the title or its SEO score.
        void queryClient.invalidateQueries({ queryKey: contentPlanKey(planId), exact: true });
      }}
    >
      <DialogContent className="max-w-4xl">
        {item ? (
          <>
            <DialogHeading
              title={item.post?.title ?? item.title}
              description={
                toReview
                  ? slot
                    ? `Draft for ${slot}. Approve it to publish it then, or skip it.`
                    : "Approve it to publish it in its slot, or skip it."
                  : "The post this plan wrote for this title."
              }
              titleClassName="break-words"
            />
            {item.post ? (
              <Suspense fallback={<DraftLoading />}>
                <DraftView postId={item.post.id} />
              </Suspense>
            ) : null}
            {toReview ? (
              <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 border-t border-border bg-card px-6 py-4">
                <Button variant="ghost" onClick={() => onSkip(item)}>
                  <SkipForward aria-hidden="true" />
                  Skip
                </Button>
                <Button onClick={() => onApprove(item)}>
                  <Check aria-hidden="true" />
                  Approve
                </Button>
              </DialogFooter>
            ) : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
