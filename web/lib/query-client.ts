// Data loading (docs/product.md, Data loading): every call sends cookies, payloads are JSON, a non-2xx response throws
// "STATUS: body-or-statusText", and the default query GETs the key parts joined by '/'.
import { QueryClient, type QueryFunction } from "@tanstack/react-query";

import { apiRequest, throwIfNotOk } from "./api";

// Kept here too: the forms and screens import the request helper with the query client.
export { apiRequest };

export type UnauthorizedBehavior = "returnNull" | "throw";

export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join("/"), { credentials: "include" });
    if (on401 === "returnNull" && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      // A mutation is tried when asked, even offline, and fails there: TanStack would otherwise hold it and send
      // it by itself once the browser is back online, a payment request firing when nobody may be watching
      // (ADR 041). The public forms keep what got no answer on the device instead (web/lib/send-queue.ts).
      mutations: { retry: false, networkMode: "always" },
    },
  });
}
