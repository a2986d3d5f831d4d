import { toast } from "../hooks/use-toast";
import { errorMessage } from "./api";

/** A request's error handler that says it failed in a toast: the title, and the server's reason or the fallback. */
export function toastFailure(title: string, fallback: string) {
  return (error: unknown) => {
    toast({ title, description: errorMessage(error, fallback), variant: "destructive" });
  };
}
