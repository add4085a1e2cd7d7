// Staff text one applicant from the intake's places list (issue 34): "Send a text" opens a dialog with a live count of
// SMS parts that refuses more than 2 or characters outside GSM-7; sent, the text is listed in the Texts view with the
// number masked, and the applicant who did not ask for texts has the action disabled with the reason. The server is
// this spec's own: its database is prepared before it starts with an application that asked for texts and confirmed
// its number (the consent and code steps have browser tests of their own).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, pgliteDir } from "../../server/db/client";
import { SMS_DIR } from "../../server/integrations/sms/file-sms";
import { inQuietHours } from "../../shared/one-off-text";
import { insertEnrollment, insertIntake } from "../helpers/admin-session";
import { insertPlace } from "../helpers/training-rows";
import { expect, expectAxeClean, open, test } from "./fixtures";
import { STAFF, signInStaff } from "./staff-factors";

const port = Number(process.env.E2E_PORT ?? 5180) + 9;
const origin = `http://127.0.0.1:${port}`;
const LOCATION = "Labasa";
let server: ChildProcess | undefined;
// The page and its requests go to this spec's server.
test.use({ baseURL: origin });
let dataDir = "";

/** The database as the site will find it: an intake with two held places, one of them textable. */
async function prepareDatabase(dir: string) {
  const database = await openDatabase({ dataDir: pgliteDir(dir) });
  await database.migrate();
  const db = database.db;
  const intakeId = await insertIntake(db, 30, LOCATION, 6);
  const people = [
    { firstName: "Mere", textsWanted: true, phoneConfirmedAt: new Date() },
    { firstName: "Ana", textsWanted: false, phoneConfirmedAt: null },
  ];
  for (const person of people) {
    const email = `${person.firstName.toLowerCase()}@example.fj`;
    const enrollmentId = await insertEnrollment(db, {
      ...person,
      lastName: "Tester",
      email,
      phone: "70 12345",
      phoneE164: "+6797012345",
    });
    await insertPlace(db, { intakeId, enrollmentId, email, state: "held" });
  }
  await database.close();
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), "rpas-e2e-texts-"));
  await prepareDatabase(dataDir);
  // Its own process group, so the end of the spec stops tsx and the server it starts together.
  server = spawn(join("node_modules", ".bin", "tsx"), ["server/index.ts"], {
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
      ADMIN_USERNAME: STAFF.username,
      ADMIN_PASSWORD: STAFF.password,
      DATABASE_URL: "",
    },
    stdio: "ignore",
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${origin}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (!server?.pid || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once("exit", resolve));
  process.kill(-server.pid, "SIGTERM");
  await exited;
});

test("staff send a text from the places list, counted in SMS parts, and see it in the Texts view", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInStaff(page.request, origin);
  await open(page, "/admin/dashboard");
  await page.getByRole("tab", { name: "Intakes" }).click();
  const card = page.getByRole("article", { name: `Basic RPAS Pilot, ${LOCATION}` });
  await card.getByText("Places (2)").click();
  const places = card.getByRole("region", { name: /^Places in/ });

  // Ana did not ask for texts: the action is there, disabled, with the reason.
  const ana = places.getByRole("row", { name: /Ana Tester/ });
  await expect(ana.getByRole("button", { name: "Send a text Ana Tester" })).toBeDisabled();
  await expect(ana.getByText("Did not ask for texts")).toBeVisible();

  const mere = places.getByRole("row", { name: /Mere Tester/ });
  await mere.getByRole("button", { name: "Send a text Mere Tester" }).click();
  const dialog = page.getByRole("dialog", { name: "Text Mere Tester" });
  const text = dialog.getByRole("textbox", { name: "Text" });
  await expect(dialog.getByText("0 characters · 1 of 2 SMS parts, with the stop link")).toBeVisible();
  const night = inQuietHours(new Date());
  await expect(
    dialog.getByText("It is night in Fiji: this text waits and goes at 8:00 am Fiji time."),
  ).toBeVisible({
    visible: night,
  });
  await expectAxeClean(page, "the Send a text dialog");

  // Outside GSM-7, then too long: refused as typed, before anything is sent.
  await text.fill("Bula Mākereta");
  await expect(dialog.getByText(/characters an SMS cannot carry/)).toBeVisible();
  await expect(text).toHaveAttribute("aria-invalid", "true");
  await text.fill("x".repeat(246));
  await expect(dialog.getByText("246 characters · 3 of 2 SMS parts, with the stop link")).toBeVisible();
  await dialog.getByRole("button", { name: "Send text" }).click();
  await expect(
    dialog.getByText("The text is too long: at most 2 SMS parts with the stop link."),
  ).toBeVisible();

  const message = "Bula Mere, class starts at 9 am on Monday. Bring your ID.";
  await text.fill(message);
  await expect(
    dialog.getByText(`${message.length} characters · 1 of 2 SMS parts, with the stop link`),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Send text" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Text queued").first()).toBeVisible();

  // The Texts view lists it, the number masked, the words as staff wrote them.
  await page.getByRole("tab", { name: "Texts" }).click();
  const item = page.getByRole("article", { name: "Text from staff: Mere Tester" });
  await expect(item).toBeVisible();
  await expect(item.getByText(/To \+679 70•••45 by SMS · 1 part/)).toBeVisible();
  await expect(item.getByText(message)).toBeVisible();

  // At night in Fiji it waits for 08:00, as the dialog said; in the day it goes at once, and the text file (no Twilio
  // here) is what the person receives, ending with the stop link.
  if (night) {
    await expect(item.getByText("Waiting")).toBeVisible();
  } else {
    const dir = join(dataDir, SMS_DIR);
    await expect.poll(() => (existsSync(dir) ? readdirSync(dir).length : 0)).toBe(1);
    const file = readFileSync(join(dir, readdirSync(dir)[0] as string), "utf8");
    expect(file).toContain(`${message}\nStop texts: ${origin}/t/`);
  }
});
