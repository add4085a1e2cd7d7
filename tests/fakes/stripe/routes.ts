// The Stripe API calls the fake answers: prices, customers, subscriptions, charges, disputes, invoice payments and
// billing portal sessions, each as [method, path pattern, handler].
import type { StripeModel } from "./model";
import { created, found } from "./store";
import { addMonth, id, type Json, list, missing, now, StripeApiError, type StripeState } from "./wire";

export type StripeRoute = [string, RegExp, (m: RegExpExecArray, q: Json, b: Json) => [number, unknown]];

/** `baseUrl` answers the fake's own address (known once it listens), for the billing portal's page. */
export function stripeRoutes(state: StripeState, model: StripeModel, baseUrl: () => string): StripeRoute[] {
  const { customers, prices, subscriptions, invoices, charges, disputes, invoicePayments } = state;
  const { openInvoice, serializeInvoice, serializeSubscription } = model;
  return [
    [
      "GET",
      /^\/v1\/prices$/,
      (_m, q) => {
        const keys = (q.lookup_keys as string[] | undefined) ?? [];
        const found = [...prices.values()].filter(
          (p) =>
            (keys.length === 0 || keys.includes(p.lookup_key as string)) &&
            (q.active === undefined || String(p.active) === q.active),
        );
        return [200, list("/v1/prices", found.slice(0, Number(q.limit ?? 10)))];
      },
    ],
    [
      "POST",
      /^\/v1\/prices$/,
      (_m, _q, b) => {
        const recurring = b.recurring as Json | undefined;
        const productData = b.product_data as Json | undefined;
        if (!b.currency) throw new StripeApiError(400, "Missing required param: currency.");
        if (!b.product && !productData?.name)
          throw new StripeApiError(400, "Missing required param: product.");
        if (b.lookup_key && [...prices.values()].some((p) => p.lookup_key === b.lookup_key)) {
          throw new StripeApiError(400, `A price already uses the lookup key ${b.lookup_key}.`);
        }
        return created(prices, {
          id: id("price"),
          object: "price",
          active: true,
          currency: b.currency,
          unit_amount: Number(b.unit_amount),
          lookup_key: b.lookup_key ?? null,
          product: (b.product as string | undefined) ?? id("prod"),
          product_name: productData?.name,
          recurring: recurring
            ? { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) }
            : null,
          type: recurring ? "recurring" : "one_time",
        });
      },
    ],
    [
      "GET",
      /^\/v1\/customers$/,
      (_m, q) => {
        const found = [...customers.values()].filter((c) => q.email === undefined || c.email === q.email);
        return [200, list("/v1/customers", found.slice(0, Number(q.limit ?? 10)))];
      },
    ],
    [
      "GET",
      /^\/v1\/customers\/search$/,
      (_m, q) => {
        const email = /^email:['"](.+)['"]$/.exec(String(q.query ?? ""))?.[1];
        const data = [...customers.values()].filter((c) => c.email === email);
        return [
          200,
          { object: "search_result", data, has_more: false, next_page: null, url: "/v1/customers/search" },
        ];
      },
    ],
    [
      "POST",
      /^\/v1\/customers$/,
      (_m, _q, b) =>
        created(customers, {
          id: id("cus"),
          object: "customer",
          email: b.email ?? null,
          name: b.name ?? null,
          metadata: b.metadata ?? {},
        }),
    ],
    [
      "POST",
      /^\/v1\/subscriptions$/,
      (_m, _q, b) => {
        const customer = b.customer as string;
        if (!customers.has(customer)) throw missing("customer", customer, "customer");
        const items = (b.items as Json[] | undefined) ?? [];
        const priceId = items[0]?.price as string | undefined;
        const price = priceId ? prices.get(priceId) : undefined;
        if (!priceId || !price) throw missing("price", String(priceId), "items[0][price]");
        const start = now();
        const end = addMonth(start);
        const incomplete = b.payment_behavior === "default_incomplete";
        const subscriptionId = id("sub");
        const subscription: Json = {
          id: subscriptionId,
          object: "subscription",
          customer,
          status: incomplete ? "incomplete" : "active",
          cancel_at_period_end: false,
          canceled_at: null,
          ended_at: null,
          created: start,
          start_date: start,
          currency: price.currency,
          metadata: b.metadata ?? {},
          payment_settings: b.payment_settings ?? null,
          items: list(`/v1/subscription_items?subscription=${subscriptionId}`, [
            {
              id: id("si"),
              object: "subscription_item",
              price,
              quantity: 1,
              subscription: subscriptionId,
              current_period_start: start,
              current_period_end: end,
            },
          ]),
          latest_invoice: null,
          livemode: false,
        };
        subscriptions.set(subscriptionId, subscription);
        openInvoice(subscription, start, end);
        return [200, serializeSubscription(subscription, (b.expand as string[] | undefined) ?? [])];
      },
    ],
    [
      "GET",
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m, q) => {
        const subscription = found(subscriptions, m[1] as string, "subscription", "id");
        return [200, serializeSubscription(subscription, (q.expand as string[] | undefined) ?? [])];
      },
    ],
    [
      "POST",
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m, _q, b) => {
        const subscription = found(subscriptions, m[1] as string, "subscription", "id");
        if (subscription.status === "canceled") {
          throw new StripeApiError(400, "A canceled subscription can only update its cancellation_details.");
        }
        if (b.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = b.cancel_at_period_end === "true";
        }
        return [200, serializeSubscription(subscription, (b.expand as string[] | undefined) ?? [])];
      },
    ],
    ["GET", /^\/v1\/charges\/([^/]+)$/, (m) => [200, found(charges, m[1] as string, "charge", "charge")]],
    ["GET", /^\/v1\/disputes\/([^/]+)$/, (m) => [200, found(disputes, m[1] as string, "dispute", "dispute")]],
    [
      "GET",
      /^\/v1\/invoice_payments$/,
      (_m, q) => {
        const payment = q.payment as Json | undefined;
        const found = invoicePayments.filter(
          (p) =>
            (q.invoice === undefined || p.invoice === q.invoice) &&
            (payment?.payment_intent === undefined ||
              (p.payment as Json).payment_intent === payment.payment_intent),
        );
        const expand = (q.expand as string[] | undefined) ?? [];
        const data = found
          .slice(0, Number(q.limit ?? 10))
          .map((p) =>
            expand.includes("data.invoice")
              ? { ...p, invoice: serializeInvoice(invoices.get(p.invoice as string) as Json, []) }
              : p,
          );
        return [200, list("/v1/invoice_payments", data)];
      },
    ],
    [
      "POST",
      /^\/v1\/billing_portal\/sessions$/,
      (_m, _q, b) => {
        const customer = b.customer as string;
        if (!customers.has(customer)) throw missing("customer", customer, "customer");
        const sessionId = id("bps");
        return [
          200,
          {
            id: sessionId,
            object: "billing_portal.session",
            customer,
            return_url: b.return_url ?? null,
            url: `${baseUrl()}/p/session/${sessionId}`,
            created: now(),
            livemode: false,
          },
        ];
      },
    ],
  ];
}
