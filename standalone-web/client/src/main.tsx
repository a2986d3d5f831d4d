import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A public page comes prerendered (standalone-web/build.mjs): React takes over its elements, as a transition, so that
// the work is cut into short slices that leave the browser free to paint and answer input in between (a blocking
// hydration is one long task). Other pages start empty.
if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
