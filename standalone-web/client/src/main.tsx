import { StrictMode } from "react";
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
// A public page comes prerendered (standalone-web/build.mjs): React takes over its elements. Other pages start empty.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
