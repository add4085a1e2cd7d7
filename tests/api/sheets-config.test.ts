// Reading the Google Sheets configuration: the service account key (JSON text or a file) and the spreadsheet id.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadServiceAccount, SheetsError, sheetsConfigFrom } from "../../server/integrations/google-sheets";
import { createTestServiceAccount } from "../fakes/google-sheets";

const account = createTestServiceAccount();

describe("loadServiceAccount", () => {
  it("reads the JSON text or a key file", () => {
    expect(loadServiceAccount(JSON.stringify(account))).toMatchObject({
      client_email: account.client_email,
      private_key: account.private_key,
    });
    const file = join(mkdtempSync(join(tmpdir(), "rpas-sa-")), "key.json");
    writeFileSync(file, JSON.stringify(account));
    expect(loadServiceAccount(` ${file}\n`).client_email).toBe(account.client_email);
  });

  it("accepts a private key whose line breaks arrived as \\n", () => {
    const escaped = JSON.stringify({ ...account, private_key: account.private_key.replaceAll("\n", "\\n") });
    expect(loadServiceAccount(escaped).private_key).toBe(account.private_key);
  });

  it.each([
    ["", /is empty/],
    ["/nowhere/key.json", /Cannot read the service account key file \/nowhere\/key\.json \(ENOENT\)/],
    ['{"client_email": ', /GOOGLE_SERVICE_ACCOUNT_JSON is not valid JSON/],
    ["{}", /has no client_email or private_key/],
    ['{"type":"authorized_user","client_email":"a","private_key":"b"}', /not a service account key/],
    ['{"client_email":"a@b","private_key":"-----BEGIN PRIVATE KEY-----\\nnope"}', /not a PEM private key/],
  ])("explains what is wrong with %j", (value, message) => {
    expect(() => loadServiceAccount(value)).toThrow(message);
  });

  it("never repeats the key in its errors", () => {
    const broken = `${JSON.stringify(account).slice(0, -1)},}`;
    expect(() => loadServiceAccount(broken)).toThrow(SheetsError);
    try {
      loadServiceAccount(broken);
    } catch (error) {
      expect((error as Error).message).not.toContain("PRIVATE KEY");
    }
  });
});

describe("sheetsConfigFrom", () => {
  it("is null when sync is not configured, and refuses half a configuration", () => {
    expect(sheetsConfigFrom({})).toBeNull();
    expect(sheetsConfigFrom({ GOOGLE_SERVICE_ACCOUNT_JSON: " ", GOOGLE_SHEETS_ID: "" })).toBeNull();
    expect(() => sheetsConfigFrom({ GOOGLE_SHEETS_ID: "abc" })).toThrow(
      /GOOGLE_SERVICE_ACCOUNT_JSON is not set/,
    );
    expect(() => sheetsConfigFrom({ GOOGLE_SERVICE_ACCOUNT_JSON: "/k.json" })).toThrow(
      /GOOGLE_SHEETS_ID is not set/,
    );
  });

  it("takes the ID out of a pasted spreadsheet address", () => {
    expect(
      sheetsConfigFrom({
        GOOGLE_SERVICE_ACCOUNT_JSON: "/k.json",
        GOOGLE_SHEETS_ID: "https://docs.google.com/spreadsheets/d/1AbC-d_9/edit#gid=0",
        GOOGLE_SHEETS_API_URL: "http://127.0.0.1:9",
      }),
    ).toEqual({ serviceAccount: "/k.json", spreadsheetId: "1AbC-d_9", rootUrl: "http://127.0.0.1:9" });
  });
});
