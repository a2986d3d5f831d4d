import { zodResolver } from "../../lib/zod-resolver";
import { accountTimeZoneSchema, type AccountTimeZoneInput, type CurrentUser } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Globe } from "lucide-react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button";
import { TitledCard } from "../../components/ui/titled-card";
import { BoundForm } from "../../components/ui/bound-form";
import { userQueryKey } from "../../hooks/use-auth";
import { toast } from "../../hooks/use-toast";
import { callRoute } from "../../lib/api";
import { browserTimeZone } from "../autopilot/plan-format";
import { TimeZoneField } from "../autopilot/time-zone-field";
import { toastFailure } from "../../lib/failure-toast";

/** The account's time zone: where new content plans' publishing times are read (each plan keeps its own). */
export function TimeZoneCard({ timeZone }: { timeZone: string }) {
  const queryClient = useQueryClient();
  const here = browserTimeZone();
  const form = useForm({ resolver: zodResolver(accountTimeZoneSchema), defaultValues: { timeZone } });
  const save = useMutation({
    mutationFn: (values: AccountTimeZoneInput) => callRoute(contract.setTimeZone, { body: values }),
    onSuccess: (saved) => {
      toast({ title: "Time zone saved", description: saved.message });
      queryClient.setQueryData<CurrentUser>(userQueryKey, (user) =>
        user ? { ...user, timeZone: saved.timeZone } : user,
      );
      form.reset({ timeZone: saved.timeZone });
    },
    onError: toastFailure("Time zone not saved", "We could not save your time zone. Please try again."),
  });
  return (
    <TitledCard
      icon={Globe}
      title="Time Zone"
      description="New autopilot plans publish at times of this zone. Each plan keeps its own, so changing it moves no slot."
    >
      <BoundForm form={form} label="Time zone" onSubmit={(values) => save.mutate(values)}>
        <TimeZoneField
          control={form.control}
          name="timeZone"
          list
          description="New accounts start in the zone of the browser they were verified in."
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={save.isPending}>
            {save.isPending ? "Saving..." : "Save time zone"}
          </Button>
          {here !== form.watch("timeZone") ? (
            <Button
              type="button"
              variant="outline"
              onClick={() => form.setValue("timeZone", here, { shouldDirty: true, shouldValidate: true })}
            >
              {`Use this device's (${here})`}
            </Button>
          ) : null}
        </div>
      </BoundForm>
    </TitledCard>
  );
}
