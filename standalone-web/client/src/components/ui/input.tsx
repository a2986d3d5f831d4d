import { forwardRef, type InputHTMLAttributes } from "react";
import { cn } from "../../lib/utils";

export const inputClassName =
  "flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs transition-colors sm:text-sm " +
  "placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30 " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive aria-[invalid=true]:focus-visible:ring-destructive/25 " +
  "file:border-0 file:bg-transparent file:text-sm file:font-medium";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  ({ className, type = "text", ...props }, ref) => (
    <input ref={ref} type={type} className={cn(inputClassName, className)} {...props} />
  ),
);
Input.displayName = "Input";
