// The name a subscriber gives when paying is kept (the /subscribe page's, else the one typed on the payment form),
// shown to staff in Subscribers and used by the portal's greeting and the e-mails; a sandbox card payment is listed
// as a card. After paying, the buyer signs in with the code mailed to the address paid for: the payment alone signs
// nobody in (ADR 063).
import { describe, expect, it } from "vitest";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { parsedMailsTo } from "../helpers/outbox-mail";
import { withFakeStripe } from "../helpers/stripe";
import { cookieOf, requestSignInCode } from "../helpers/subscriber";
import { postFromSite, SANDBOX_ORIGIN, withTestApp } from "../helpers/test-app";

const SANDBOX_CARD = "/api/sandbox/card-payment";

interface ListedSubscriber {
  email: string;
  name: string | null;
  firstName: string | null;
  provider: string;
  hasAccess: boolean;
}

describe("a sandbox card buyer", () => {
  const t = withTestApp({
    env: { PAYMENTS_SANDBOX: "true", PUBLIC_URL: SANDBOX_ORIGIN, RATE_LIMIT_PUBLIC_PER_MINUTE: "0" },
  });

  const pay = (email: string, name?: string) =>
    t.app.inject({
      method: "POST",
      url: SANDBOX_CARD,
      headers: { origin: SANDBOX_ORIGIN },
      payload: { email, ...(name === undefined ? {} : { name }) },
    });

  let staff: string | undefined;
  async function listed(email: string): Promise<ListedSubscriber | undefined> {
    staff ??= await createStaffAndSignIn(t.app, t.database.db);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/admin/subscribers?q=${encodeURIComponent(email)}`,
      headers: { cookie: staff },
    });
    expect(res.statusCode).toBe(200);
    return (res.json().items as ListedSubscriber[]).find((row) => row.email === email);
  }

  it("is listed by the name given, as a sandbox card payment, and greeted by first name once signed in", async () => {
    const email = "litia.koroi@example.fj";
    expect((await pay(email, "  Litia   Koroi ")).statusCode).toBe(200);

    expect(await listed(email)).toMatchObject({ name: "Litia Koroi", provider: "sandbox", hasAccess: true });
    // Staff find them by that name too.
    const byName = await t.app.inject({
      method: "GET",
      url: "/api/admin/subscribers?q=koroi",
      headers: { cookie: staff ?? "" },
    });
    expect((byName.json().items as ListedSubscriber[]).map((row) => row.email)).toEqual([email]);

    // The receipt, read as the buyer's mail program shows it: greeted by first name, paid by card, what it bought.
    await t.app.outbox.drain();
    const [receipt] = await parsedMailsTo(t.app.env.DATA_DIR, email);
    expect(receipt?.subject).toMatch(/^Receipt: FJD 50\.00 paid by card \(PSR-[A-Z2-7]{10}\)$/);
    expect(receipt?.text).toMatch(/^Bula Litia,\n/);
    expect(receipt?.text).toContain("Paid with: card");
    expect(receipt?.text).toContain(`${SANDBOX_ORIGIN}/portal`);

    // Paying signed nobody in: the portal still answers 401 to a browser without a session.
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);

    // The portal asks for the code of the address paid for; the buyer reads it from their inbox and signs in.
    const { code } = await requestSignInCode(t.app, email, "/portal");
    const signedIn = await postFromSite(
      t.app,
      "/api/login/email/verify",
      { email, code },
      { origin: SANDBOX_ORIGIN },
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      returnTo: "/portal",
      user: { email, firstName: "Litia", subscription: { provider: "sandbox", hasAccess: true } },
    });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: cookieOf(signedIn) },
    });
    expect(me.json()).toMatchObject({ email, firstName: "Litia" });
    // The sign-in e-mail greets by the name given too.
    const mails = await parsedMailsTo(t.app.env.DATA_DIR, email);
    expect(mails.at(-1)?.text).toMatch(/^Bula Litia,\n/);
  });

  it("keeps the newest name given, and a payment without one keeps it", async () => {
    const email = "names.change@example.fj";
    expect((await pay(email)).statusCode).toBe(200);
    expect(await listed(email)).toMatchObject({ name: null, provider: "sandbox" });
    expect((await pay(email, "Mere Tui")).statusCode).toBe(200);
    expect((await pay(email, "")).statusCode).toBe(200);
    expect(await listed(email)).toMatchObject({ name: "Mere Tui" });
    expect((await pay(email, "Mere Tuilau")).statusCode).toBe(200);
    expect(await listed(email)).toMatchObject({ name: "Mere Tuilau" });
  });

  it("a sandbox wallet payer is listed by the name typed on the M-PAiSA form", async () => {
    const email = "wallet.name@example.fj";
    const started = await t.app.inject({
      method: "POST",
      url: "/api/create-mpaisa-payment",
      headers: { origin: SANDBOX_ORIGIN },
      payload: { phone: "9123456", email, name: "Sera Naivalu", amount: "50.00" },
    });
    expect(started.statusCode).toBe(200);
    const { transactionId } = started.json() as { transactionId: string };
    const approved = await t.app.inject({
      method: "POST",
      url: `/api/mpaisa/sandbox/${transactionId}/approve`,
      headers: { origin: SANDBOX_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(approved.statusCode).toBe(303);
    const back = new URL(String(approved.headers.location));
    expect((await t.app.inject({ method: "GET", url: `${back.pathname}${back.search}` })).statusCode).toBe(
      303,
    );
    expect(await listed(email)).toMatchObject({ name: "Sera Naivalu", provider: "mpaisa", hasAccess: true });
  });
});

describe("a Stripe card buyer", () => {
  const card = withFakeStripe();

  it("is listed by the name given at checkout once Stripe says the invoice is paid", async () => {
    const email = "card.name@example.fj";
    const res = await postFromSite(card.t.app, "/api/create-subscription", { email, name: "Jone Waqa" });
    expect(res.statusCode).toBe(200);
    const subscription = [...card.stripe.subscriptions.values()].find(
      (s) => (s.metadata as { email: string }).email === email,
    );
    if (!subscription) throw new Error("no subscription at the fake");
    const paid = await card.deliver(
      card.stripe.event("invoice.paid", card.stripe.payLatestInvoice(subscription.id as string)),
    );
    expect(paid.statusCode).toBe(200);

    const staff = await createStaffAndSignIn(card.t.app, card.t.database.db);
    const list = await card.t.app.inject({
      method: "GET",
      url: `/api/admin/subscribers?q=${encodeURIComponent(email)}`,
      headers: { cookie: staff },
    });
    expect(list.json().items).toMatchObject([{ email, name: "Jone Waqa", provider: "stripe" }]);
    // The card receipt greets by that name's first word.
    await card.t.app.outbox.drain();
    const receipts = await parsedMailsTo(card.t.app.env.DATA_DIR, email);
    expect(receipts.at(-1)?.text).toMatch(/^Bula Jone,\n/);
  });
});
