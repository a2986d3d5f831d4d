// Imported first by every client test: DOM matchers, cleanup between tests (the toast store included), and the
// browser APIs jsdom lacks.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { resetToasts } from "../hooks/use-toast";

window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};
// Radix's pointer handling (toast swipes, select) calls these.
Element.prototype.hasPointerCapture = () => false;
Element.prototype.setPointerCapture = () => {};
Element.prototype.releasePointerCapture = () => {};

// As in a browser that has a session cookie: the client asks the (fake) API who is signed in, and a test decides.
beforeEach(() => {
  document.cookie = "pw.session=1; path=/";
});

afterEach(() => {
  cleanup();
  // After unmounting, so no Toaster re-renders; the store lives at module level and would carry toasts over.
  resetToasts();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
