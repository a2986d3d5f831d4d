// Imported first by every client test: DOM matchers, cleanup between tests, and the browser APIs jsdom lacks.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};
// Radix's pointer handling (toast swipes, select) calls these.
Element.prototype.hasPointerCapture = () => false;
Element.prototype.setPointerCapture = () => {};
Element.prototype.releasePointerCapture = () => {};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
