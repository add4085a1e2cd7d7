// A staff member who is not an owner, for the tests of what such a member sees: invited by the owner through the API
// and signed in (the invitation's own screens have their test in staff-invite.spec.ts).
import type { APIRequestContext, Browser } from "@playwright/test";
import { expect } from "./fixtures";
import { bodyText, mailsTo } from "./subscriber";

/** The invitation's token in the e-mail to `email`, once the outbox has sent it. */
async function inviteToken(email: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const texts = (await mailsTo(email)).map(bodyText);
        token = texts.map((text) => /\/admin\/invite#([\w-]+)/.exec(text)?.[1]).find(Boolean);
        return Boolean(token);
      },
      { message: `the invitation e-mail to ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return token ?? "";
}

/** A staff member (not an owner), invited by the owner and signed in, in a browser of their own. */
export async function newStaffMember(
  browser: Browser,
  owner: APIRequestContext,
  baseURL: string,
  tag: string,
) {
  const email = `${tag}@example.com`;
  const invited = await owner.post("/api/admin/staff/invites", {
    headers: { Origin: baseURL },
    data: { email, role: "staff" },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const page = await (await browser.newContext()).newPage();
  const accepted = await page.request.post("/api/staff-invite/accept", {
    headers: { Origin: baseURL },
    data: { token: await inviteToken(email), username: tag, password: "mangrove-outrigger-sunrise-93" },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return page;
}
