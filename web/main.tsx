import "./styles.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "@/app";
import { startHydration } from "@/lib/hydrate-later";
import { createQueryClient } from "@/lib/query-client";
import { findRoute } from "@/route-table";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

const app = (
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>
);

// Load the current route's chunk first so hydration matches the prerendered HTML on the first pass.
const route = findRoute(window.location.pathname);
Promise.resolve(route?.page.preload()).then(() => {
  if (container.firstElementChild) {
    startHydration();
    hydrateRoot(container, app);
  } else createRoot(container).render(app); // dev server: no prerendered markup
});
