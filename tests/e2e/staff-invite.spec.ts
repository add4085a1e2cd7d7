// Staff accounts in the browser: the owner invites someone from the dashboard, the invitee opens the link of the
// e-mail (read from the .eml outbox, as from their inbox), chooses a username and password and lands on the dashboard
// as staff, without the owner's views; the owner disables them and their open dashboard loses access on its next call.
import type { Page } from "@playwright/test";
import { expect, expectAxeClean, open, test } from "./fixtures";
import { openDashboard, STATUS_401, signIn, uniqueTag } from "./staff-helpers";
import { bodyText, mailsTo } from "./subscriber";

// The invitee's dashboard meets a 401 on purpose once disabled.
test.use({ allowedConsoleErrors: [STATUS_401] });

/** The path of the invitation link in the e-mail to `email`, once the outbox has sent it. */
async function invitePathFor(email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const texts = (await mailsTo(email)).map(bodyText);
        path = texts.map((text) => /https?:\/\/\S+?(\/admin\/invite#[\w-]+)/.exec(text)?.[1]).find(Boolean);
        return Boolean(path);
      },
      { message: `the invitation e-mail to ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return path ?? "";
}

async function openStaffAccounts(page: Page) {
  await page.getByRole("tab", { name: "Staff accounts" }).click();
  await expect(page.getByRole("heading", { name: "Staff accounts", level: 2 })).toBeVisible();
}

test("an owner invites staff, who set their password and work as staff until the owner disables them", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const email = `${tag}@example.com`;
  await signIn(page, baseURL ?? "");
  await openDashboard(page);
  await openStaffAccounts(page);

  const form = page.getByRole("form", { name: "Invite someone" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption("staff");
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent", { exact: true })).toBeVisible();
  const invites = page.getByRole("region", { name: "Invitations list" });
  await expect(invites.getByRole("row", { name: new RegExp(email) })).toContainText("Waiting");
  await expectAxeClean(page, "the staff accounts view");

  // The invitee, in a browser of their own.
  const invitee = await (await browser.newContext()).newPage();
  await open(invitee, await invitePathFor(email));
  await expect(invitee.getByText(`staff invited ${email} to join as staff`)).toBeVisible();
  await expectAxeClean(invitee, "the invitation page");
  await invitee.getByLabel("Username").fill(tag);
  await invitee.getByLabel("Password").fill("password1234");
  await invitee.getByRole("button", { name: "Create my account" }).click();
  await expect(invitee.getByRole("alert")).toContainText("too common");
  await invitee.getByLabel("Password").fill("mangrove-outrigger-sunrise-93");
  await invitee.getByRole("button", { name: "Create my account" }).click();
  await expect(invitee).toHaveURL(/\/admin\/dashboard$/);
  await expect(invitee.getByRole("tab", { name: "Enrollments" })).toBeVisible();
  await expect(invitee.getByRole("tab", { name: "Staff accounts" })).toHaveCount(0);

  // The owner sees the new account and disables it.
  await page.reload();
  await openStaffAccounts(page);
  const accounts = page.getByRole("region", { name: "Staff accounts list" });
  const row = accounts.getByRole("row", { name: new RegExp(tag) });
  await expect(row).toContainText("Staff");
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: `Disable ${tag}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disable account" }).click();
  await expect(row).toContainText("Disabled");

  // The invitee's open dashboard: its next call is refused and it goes back to the sign-in page.
  await invitee.getByRole("tab", { name: "Messages" }).click();
  await expect(invitee).toHaveURL(/\/admin$/);
  await expect(invitee.getByRole("heading", { name: "Staff Sign In" })).toBeVisible();

  // The link worked once: opened again it says so, and acts on nothing.
  await open(invitee, await invitePathFor(email));
  await expect(invitee.getByRole("alert")).toHaveText(
    "This invitation has already been used. Please sign in instead.",
  );
  // "sign in" is the way there.
  await invitee.getByRole("alert").getByRole("link", { name: "sign in" }).click();
  await expect(invitee).toHaveURL(/\/admin$/);
  await expect(invitee.getByRole("heading", { name: "Staff Sign In" })).toBeVisible();
  await invitee.context().close();
});
