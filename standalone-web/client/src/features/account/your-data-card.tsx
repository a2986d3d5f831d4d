import { zodResolver } from "../../lib/zod-resolver";
import { deleteAccountSchema, type DeleteAccountInput } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation } from "@tanstack/react-query";
import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { PasswordField } from "../../components/auth/account-fields";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeading } from "../../components/ui/dialog";
import { BoundForm } from "../../components/ui/bound-form";
import { toast } from "../../hooks/use-toast";
import { callRoute, errorMessage, routeUrl } from "../../lib/api";
import { useSignedOut } from "./use-signed-out";

/** Download the account's data as a file, or delete the account (asks for the password). */
export function YourDataCard({ isAdmin }: { isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const signedOut = useSignedOut();
  const form = useForm({ resolver: zodResolver(deleteAccountSchema), defaultValues: { password: "" } });
  const remove = useMutation({
    mutationFn: (values: DeleteAccountInput) => callRoute(contract.deleteAccount, { body: values }),
    onSuccess: (data) => {
      toast({ title: "Account deleted", description: data.message });
      setOpen(false);
      signedOut();
    },
  });
  // Shown in the dialog itself: while a modal dialog is open, the rest of the page (notifications included) is hidden
  // from assistive technology.
  const failure = remove.isError
    ? errorMessage(remove.error, "We could not delete your account. Please try again.")
    : null;
  const openDialog = (next: boolean) => {
    if (next) remove.reset();
    setOpen(next);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Data</CardTitle>
        <CardDescription>Take your posts and account details with you, or delete the account for good.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          {/* The server sends the file as a download (Content-Disposition: attachment). */}
          <a href={routeUrl(contract.exportAccount)} download>
            <Download aria-hidden="true" />
            Download My Data
          </a>
        </Button>
        {isAdmin ? (
          <p className="text-sm text-muted-foreground">The administrator account cannot be deleted here.</p>
        ) : (
          <Button variant="destructive" onClick={() => openDialog(true)}>
            <Trash2 aria-hidden="true" />
            Delete Account
          </Button>
        )}
      </CardContent>
      <Dialog open={open} onOpenChange={(next) => (remove.isPending ? undefined : openDialog(next))}>
        <DialogContent>
          <DialogHeading
            title="Delete your account?"
            description="Your posts, images, store and site connections and every session are deleted for good, and a paid subscription is cancelled. This cannot be undone. Enter your password to confirm."
          />
          <BoundForm form={form} label="Delete account" onSubmit={(values) => remove.mutate(values)}>
            <PasswordField control={form.control} name="password" label="Password" purpose="current" />
            {failure ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {failure}
              </p>
            ) : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={remove.isPending}>
                  Keep Account
                </Button>
              </DialogClose>
              <Button type="submit" variant="destructive" loading={remove.isPending}>
                {remove.isPending ? "Deleting..." : "Delete Account"}
              </Button>
            </DialogFooter>
          </BoundForm>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
