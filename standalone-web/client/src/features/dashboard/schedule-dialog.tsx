import { platforms, SCHEDULING_NOT_INCLUDED, type BlogPostView, type Platform } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeading } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { useAuth } from "../../hooks/use-auth";
import { toast } from "../../hooks/use-toast";
import { ApiError, callRoute, errorMessage } from "../../lib/api";
import { postFromResponse, refreshPosts, storePost, useSubscriptionDetails } from "./dashboard-queries";
import { formatDateTime, platformLabel } from "./post-format";
import { zoneOffsetLabel } from "@postwright/core/scheduling/zoned-time";
import { combineDateTime, defaultScheduleMoment, scheduleZone, toDateValue, toTimeValue } from "./schedule-time";

export interface ScheduleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  post: BlogPostView;
  /** Which platforms have a saved connection; only those can be chosen. */
  connected: Record<Platform, boolean>;
  /** Platforms ticked when the dialog opens (for a new schedule: the chosen publishing platform). */
  defaultPlatforms: Platform[];
}

/** Schedules (or reschedules) a post: a date from today on, a time, one or more platforms, a moment in the future. */
export function ScheduleDialog({ open, onOpenChange, ...props }: ScheduleDialogProps) {
  // Dates are entered in the account's time zone (Account settings), not the browser's; the form starts again from
  // its first values should the zone become known only after it opened.
  const zone = scheduleZone(useAuth().user?.timeZone);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? <ScheduleForm key={zone} {...props} zone={zone} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function initialMoment(post: BlogPostView, zone: string): { date: string; time: string } {
  // A post already scheduled for a future moment keeps it as the starting point; otherwise tomorrow at 09:00.
  const current = post.scheduledPublishDate ? new Date(post.scheduledPublishDate) : null;
  if (post.isScheduled && current && current.getTime() > Date.now()) {
    return { date: toDateValue(current, zone), time: toTimeValue(current, zone) };
  }
  return defaultScheduleMoment(zone);
}

function ScheduleForm({
  post,
  connected,
  defaultPlatforms,
  zone,
  onDone,
}: Omit<ScheduleDialogProps, "open" | "onOpenChange"> & { zone: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [{ date, time }, setMoment] = useState(() => initialMoment(post, zone));
  const [chosen, setChosen] = useState<Platform[]>(() => {
    const start = post.isScheduled && post.scheduledPlatforms.length > 0 ? post.scheduledPlatforms : defaultPlatforms;
    return start.filter((p) => connected[p]);
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  // A plan without scheduling (Free) is told at once, with the way to upgrade; the server refuses it all the same.
  const planCannotSchedule = useSubscriptionDetails().data?.tierInfo.canSchedule === false;
  const notice = refusal ?? (planCannotSchedule ? SCHEDULING_NOT_INCLUDED : null);

  const moment = combineDateTime(date, time, zone);
  const inFuture = moment !== null && moment.getTime() > Date.now();
  const canSchedule = moment !== null && inFuture && chosen.length > 0 && !planCannotSchedule;
  const rescheduling = post.isScheduled;

  const schedule = useMutation({
    mutationFn: (body: { scheduledDate: string; platforms: Platform[] }) =>
      callRoute(contract.schedulePost, { params: { id: post.id }, body }),
    onSuccess: async (data, body) => {
      const updated = postFromResponse(data);
      if (updated) storePost(queryClient, updated);
      toast({
        title: rescheduling ? "Post rescheduled" : "Post scheduled",
        description: `It will be published on ${formatDateTime(body.scheduledDate, zone)} to ${body.platforms
          .map((p) => platformLabel[p])
          .join(" and ")}.`,
      });
      onDone();
      await refreshPosts(queryClient);
    },
    onError: (error) => {
      const message = errorMessage(error, "Failed to schedule the post. Please try again.");
      // Free plans cannot schedule: the server says so (403) and the dialog keeps the explanation in view.
      if (error instanceof ApiError && error.status === 403) setRefusal(message);
      toast({ title: "Scheduling failed", description: message, variant: "destructive" });
    },
  });

  function toggle(platform: Platform, on: boolean) {
    setChosen((list) => (on ? [...list.filter((p) => p !== platform), platform] : list.filter((p) => p !== platform)));
  }

  const today = toDateValue(new Date(), zone);
  const pastMoment = moment !== null && !inFuture;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!canSchedule || !moment) return;
        setRefusal(null);
        schedule.mutate({ scheduledDate: moment.toISOString(), platforms: chosen });
      }}
    >
      <DialogHeading
        title={rescheduling ? "Reschedule Blog Post" : "Schedule Blog Post"}
        description={<>Choose when &ldquo;{post.title}&rdquo; should be published, and where.</>}
      />

      {notice ? (
        <div role="alert" className="flex gap-3 rounded-lg border border-warning/30 bg-warning-soft p-3 text-sm">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          <div className="grid gap-1">
            <p>{notice}</p>
            <Link to="/pricing" className="font-semibold text-primary underline-offset-2 hover:underline">
              View plans
            </Link>
          </div>
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-date`}>Date</Label>
          <Input
            id={`${ids}-date`}
            type="date"
            min={today}
            value={date}
            onChange={(event) => setMoment({ date: event.target.value, time })}
            required
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-time`}>Time</Label>
          <Input
            id={`${ids}-time`}
            type="time"
            value={time}
            onChange={(event) => setMoment({ date, time: event.target.value })}
            required
            aria-describedby={pastMoment ? `${ids}-past` : undefined}
            aria-invalid={pastMoment || undefined}
          />
        </div>
      </div>
      <p id={`${ids}-zone`} className="-mt-2 text-sm text-muted-foreground">
        Times are in your account&rsquo;s time zone, {zone} ({zoneOffsetLabel(moment ?? new Date(), zone)}).{" "}
        <Link to="/account" className="font-medium text-primary underline-offset-2 hover:underline">
          Change it
        </Link>
      </p>
      {pastMoment ? (
        <p id={`${ids}-past`} className="-mt-2 text-sm font-medium text-destructive" role="alert">
          Choose a moment in the future.
        </p>
      ) : null}

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Platforms</legend>
        {platforms.map((platform) => {
          const id = `${ids}-${platform}`;
          const available = connected[platform];
          return (
            <div key={platform} className="flex items-center gap-2">
              <input
                id={id}
                type="checkbox"
                className="size-4 rounded border-input accent-[var(--color-primary)] disabled:opacity-50"
                checked={chosen.includes(platform)}
                disabled={!available}
                onChange={(event) => toggle(platform, event.target.checked)}
              />
              <Label htmlFor={id} className={available ? undefined : "text-muted-foreground"}>
                {platformLabel[platform]}
                {available ? null : <span className="font-normal"> (not connected)</span>}
              </Label>
            </div>
          );
        })}
        {!connected.shopify && !connected.wordpress ? (
          <p className="text-sm text-muted-foreground">Connect Shopify or WordPress first to schedule posts.</p>
        ) : null}
      </fieldset>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSchedule} loading={schedule.isPending}>
          {schedule.isPending ? "Scheduling..." : rescheduling ? "Reschedule" : "Schedule"}
        </Button>
      </DialogFooter>
    </form>
  );
}
