import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useEffect } from "react";
import { Route, Router, Switch, useLocation } from "wouter";
import NotFound from "@/components/layout/not-found-page";
import { ToasterHost } from "@/components/ui/toaster-host";
import { watchSendQueue } from "@/lib/send-queue";
import { findRoute, NOT_FOUND_TITLE, ROUTE_TABLE } from "@/route-table";

/** Keeps the tab title in step with client-side navigation; prerendered HTML already carries the right one. */
function DocumentTitle() {
  const [location] = useLocation();
  useEffect(() => {
    document.title = findRoute(location)?.title ?? NOT_FOUND_TITLE;
  }, [location]);
  return null;
}

function PageFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center text-slate-600" role="status">
      Loading...
    </div>
  );
}

export function App({ queryClient, ssrPath }: { queryClient: QueryClient; ssrPath?: string }) {
  // Forms sent without a connection are sent again from any page of the site (web/lib/send-queue.ts).
  useEffect(watchSendQueue, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={ssrPath}>
        <DocumentTitle />
        <Suspense fallback={<PageFallback />}>
          <Switch>
            {ROUTE_TABLE.map((route) => (
              <Route key={route.path} path={route.pattern} component={route.page} />
            ))}
            <Route component={NotFound} />
          </Switch>
        </Suspense>
      </Router>
      <ToasterHost />
    </QueryClientProvider>
  );
}
