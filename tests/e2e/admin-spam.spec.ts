import { expect, expectAxeClean, open, test } from "./fixtures";
import { signIn, uniqueTag } from "./staff-helpers";

test("staff open the Spam view, see why an application was caught, and restore it with Not spam", async ({
  page,
  baseURL,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const email = `${tag}@example.fj`;
  const caught = await page.request.post("/api/enrollment/basic", {
    headers: { Origin: baseURL ?? "" },
    data: {
      firstName: "Caught",
      lastName: tag,
      email,
      phone: "+679 999 0000",
      highestEducation: "bachelor",
      hasDroneExperience: false,
      // An autofilling password manager can fill the hidden field too: exactly the person staff restore.
      website: "https://autofill.example",
      formElapsedMs: 45_000,
    },
  });
  expect(caught.status(), await caught.text()).toBe(201);

  await signIn(page, baseURL ?? "");
  await open(page, "/admin/dashboard");
  await page.getByRole("tab", { name: "Spam", exact: true }).click();
  const item = page.getByRole("article", { name: `Caught ${tag}` });
  await expect(item).toContainText("Filled the hidden field only bots see");
  await expect(item).toContainText("Enrollment");
  await expectAxeClean(page, "the Spam view");

  await item.getByRole("button", { name: new RegExp(`^Not spam\\W+restore Caught ${tag}$`) }).click();
  await expect(page.getByText("Restored", { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);

  const listed = await page.request.get(`/api/enrollments?tab=all&q=${tag}`);
  expect(JSON.stringify(await listed.json())).toContain(email);
  await expect
    .poll(async () => {
      const lists = await Promise.all(
        ["pending", "sent"].map(async (status) =>
          JSON.stringify(await (await page.request.get(`/api/admin/outbox?status=${status}`)).json()),
        ),
      );
      return lists.some((text) => text.includes(email));
    })
    .toBe(true);
});
