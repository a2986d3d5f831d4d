// In-app notifications, shadcn-style: a small store outside React so any code (mutations, event handlers) can call
// toast(). At most TOAST_LIMIT are shown; a dismissed toast stays in the store, closed, for TOAST_REMOVE_DELAY before
// it is dropped (the product's values: 1 and 1,000,000 ms).
import { useEffect, useState, type ReactNode } from "react";

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; the Toaster's default (5000) when unset. */
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
}

let counter = 0;
function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return String(counter);
}

let state: ToastState = { toasts: [] };
const listeners = new Set<(state: ToastState) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setState(next: ToastState): void {
  state = next;
  for (const listener of listeners) listener(state);
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setState({ toasts: state.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY),
  );
}

function dismiss(id?: string): void {
  for (const t of state.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  setState({ toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)) });
}

export interface ToastHandle {
  id: string;
  dismiss(): void;
  update(options: ToastOptions): void;
}

/** Shows a notification; the newest replaces the one on screen. */
export function toast(options: ToastOptions): ToastHandle {
  const id = nextId();
  setState({ toasts: [{ ...options, id, open: true }, ...state.toasts].slice(0, TOAST_LIMIT) });
  return {
    id,
    dismiss: () => dismiss(id),
    update: (next) => setState({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...next } : t)) }),
  };
}

/** Drops every notification and its pending removal, as on a fresh page load. Tests call it between cases so a
 * toast raised in one cannot show up in the next. */
export function resetToasts(): void {
  for (const timer of removeTimers.values()) clearTimeout(timer);
  removeTimers.clear();
  setState({ toasts: [] });
}

/** The current notifications, for the Toaster; also exposes toast() and dismiss() for components. */
export function useToast(): ToastState & { toast: typeof toast; dismiss: typeof dismiss } {
  const [current, setCurrent] = useState(state);
  useEffect(() => {
    listeners.add(setCurrent);
    setCurrent(state);
    return () => {
      listeners.delete(setCurrent);
    };
  }, []);
  return { ...current, toast, dismiss };
}
