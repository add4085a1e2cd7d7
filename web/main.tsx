import "./styles.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "@/app";
import { nextTask } from "@/lib/hydrate-later";
import { watchTouches } from "@/lib/hydrate-on-touch";
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
    // The first pass waits for a task of its own: the route chunk was run in this one (its modules build the
    // forms' schemas), and the two together made one long task on a slow phone (ADR 042, ADR 047).
    nextTask(() => {
      watchTouches();
      hydrateRoot(container, app);
    });
  } else createRoot(container).render(app); // dev server: no prerendered markup
});
