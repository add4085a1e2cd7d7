// The prefix of certificate numbers and wallet payment references comes from Settings (issue 32, ADR 056): the owner
// changes it, new numbers and references take it, and those given before keep theirs and still verify and resolve.
// The site's icon and the starting documents' PDFs name the company as Settings hold it too.
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, describe, expect, it } from "vitest";
import { documents, documentVersions } from "../../server/db/schema";
import { versionKey } from "../../server/library/files";
import { NO_SUCH_PAYMENT } from "../../server/payments/wallet-return";
import { seedDocuments } from "../../server/portal/documents";
import { readSettings, resetSetting, updateSettings } from "../../server/settings/settings";
import { PORTAL_DOCUMENTS } from "../../shared/documents";
import { fijiToday } from "../../shared/fiji-time";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { withCertificateClass } from "../helpers/certificate-class";
import { textOf } from "../helpers/html-text";
import { sameSite, siteIsBuilt, withTestApp } from "../helpers/test-app";
import { withGatewayWallet } from "../helpers/wallet";

/** The answer slot of a /verify page (as tests/api/verify-page.test.ts reads it). */
function verifyAnswer(html: string): string {
  const match = /<div id="verify-answer"[^>]*><!--answer:verify-->([\s\S]*?)<\/div><section/.exec(html);
  if (!match) throw new Error("no answer slot in the page");
  return textOf(match[1] ?? "");
}

describe("the certificate-number prefix", () => {
  const c = withCertificateClass(() => ({ site: siteIsBuilt }));
  afterAll(async () => resetSetting(c.t.database.db, "referencePrefix"));
  const year = fijiToday().slice(0, 4);
  const setPrefix = (referencePrefix: unknown) => c.staff.put("/api/admin/settings", { referencePrefix });

  it.each<[unknown, string]>([
    ["PS1", "digits"],
    ["psr", "lower case"],
    ["ABCDEFG", "seven letters"],
    ["P", "one letter"],
    ["PS R", "a space"],
    [42, "a number"],
  ])("refuses %o (%s) with a clear 400, and keeps the prefix", async (prefix) => {
    const res = await setPrefix(prefix);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Reference prefix must be/);
    expect((await c.staff.get("/api/admin/settings")).json().referencePrefix).toBe("PSR");
  });

  it("numbers new certificates with the new prefix; one issued before keeps its number and still verifies", async () => {
    const before = await c.passed({ lastName: "Vunibaka" });
    expect(before.certificate.number).toMatch(new RegExp(`^PSR-B-${year}-\\d{4,}$`));

    const saved = await setPrefix("SKYFJ");
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().referencePrefix).toBe("SKYFJ");
    const audit = await c.audited("settings.changed");
    expect(audit?.details).toMatchObject({ referencePrefix: { from: "PSR", to: "SKYFJ" } });

    const after = await c.passed({ lastName: "Raiwalui" });
    expect(after.certificate.number).toMatch(new RegExp(`^SKYFJ-B-${year}-\\d{4,}$`));
    // The sequence runs on across the change: no number is given twice under either prefix.
    const sequence = (n: string) => Number(n.split("-")[3]);
    expect(sequence(after.certificate.number)).toBeGreaterThan(sequence(before.certificate.number));
    // The old certificate's row is untouched.
    expect((await c.row(before.certificate.id))?.number).toBe(before.certificate.number);
  });

  it.skipIf(!siteIsBuilt)(
    "verifies certificates under both prefixes at /verify, by number and by code",
    async () => {
      const old = await c.passed({ lastName: "Old" });
      await setPrefix("NEWCO");
      const fresh = await c.passed({ lastName: "New" });
      expect(old.certificate.number.startsWith("NEWCO-")).toBe(false);
      expect(fresh.certificate.number.startsWith("NEWCO-")).toBe(true);
      for (const cert of [old.certificate, fresh.certificate]) {
        const surname = cert.holderName.split(" ").at(-1) as string;
        const query = new URLSearchParams({ number: cert.number.toLowerCase(), surname });
        const byNumber = await c.t.app.inject({ method: "GET", url: `/verify?${query}`, headers: sameSite });
        expect(byNumber.statusCode, cert.number).toBe(200);
        expect(verifyAnswer(byNumber.body)).toContain(`Certificate number ${cert.number}`);
        const byCode = await c.t.app.inject({ method: "GET", url: `/verify/${cert.code}` });
        expect(byCode.statusCode).toBe(200);
        expect(verifyAnswer(byCode.body)).toContain("Valid certificate");
      }
      // A number of the right shape under a prefix never used finds nothing, like any unknown number.
      const unknown = new URLSearchParams({ number: `ZZ-B-${year}-0001`, surname: "Old" });
      expect((await c.t.app.inject({ method: "GET", url: `/verify?${unknown}` })).statusCode).toBe(404);
    },
  );
});

describe("the wallet payment-reference prefix", () => {
  const wallet = withGatewayWallet();
  let owner = "";
  const status = (reference: string) =>
    wallet.t.app.inject({ method: "GET", url: `/api/mpaisa-payments/${reference}` });

  it("starts new references with the new prefix, and the lookups and the gateway's return accept old and new", async () => {
    owner = await createStaffAndSignIn(wallet.t.app, wallet.t.database.db);
    const old = await wallet.pay("prefix-old@example.fj");
    expect(old.reference).toMatch(/^PSR-[A-Z2-7]{10}$/);

    const saved = await wallet.t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      payload: { referencePrefix: "SKY" },
      headers: { ...sameSite, cookie: owner },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const fresh = await wallet.pay("prefix-new@example.fj");
    expect(fresh.reference).toMatch(/^SKY-[A-Z2-7]{10}$/);
    expect(wallet.lastReference()).toBe(fresh.reference);

    for (const { reference } of [old, fresh]) {
      const res = await status(reference);
      expect(res.statusCode, reference).toBe(200);
      expect(res.json()).toMatchObject({ reference, status: "pending" });
    }
    // The payer of the payment begun under the old prefix comes back from the gateway after the change: it is paid.
    await wallet.approveAndReturn(old.transactionId);
    expect((await wallet.payment(old.reference))?.status).toBe("completed");
    await wallet.approveAndReturn(fresh.transactionId);
    expect((await wallet.payment(fresh.reference))?.status).toBe("completed");
  });

  it("looks up a well-formed reference under any prefix, and refuses a malformed one before any lookup", async () => {
    // Well-formed, never given: the lookup ran and found nothing.
    const unknown = await status("QQ-ABCDEFGHIJ");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(NO_SUCH_PAYMENT);
    // Malformed addresses are refused by the format (the site answers any malformed address as not found).
    for (const bad of [
      "psr-ABCDEFGHIJ",
      "P-ABCDEFGHIJ",
      "ABCDEFG-ABCDEFGHIJ",
      "PS1-ABCDEFGHIJ",
      "PSR-ABCDEFGHI1",
    ]) {
      const res = await status(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().message, bad).toBe("Not found.");
    }
  });
});

describe("the company name in the site's icon and the starting documents", () => {
  const t = withTestApp({ site: siteIsBuilt });
  const by = { actor: "owner", ip: "127.0.0.1" };
  /** Saves the company's details under another name, as the owner's Settings form does. */
  const rename = async (name: string) => {
    const { company } = await readSettings(t.database.db);
    await updateSettings(t.database.db, { company: { ...company, name } }, by);
    t.app.siteDetails.changed();
  };

  it.skipIf(!siteIsBuilt)("titles the favicon with the company's name as Settings hold it", async () => {
    const icon = async () => (await t.app.inject({ method: "GET", url: "/favicon.svg" })).body;
    expect(await icon()).toContain("<title>Pacific Sky RPAS</title>");
    await rename("Bula & Sky Drones");
    const renamed = await t.app.inject({ method: "GET", url: "/favicon.svg" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers["content-type"]).toBe("image/svg+xml");
    expect(renamed.headers["cache-control"]).toBe("public, max-age=3600");
    expect(renamed.body).toContain("<title>Bula &amp; Sky Drones</title>");
    expect(renamed.body).not.toContain("Pacific Sky RPAS");
    await resetSetting(t.database.db, "company");
    t.app.siteDetails.changed();
    expect(await icon()).toContain("<title>Pacific Sky RPAS</title>");
  });

  it("writes a starting document's PDF with the company's name as Settings hold it", async () => {
    const db = t.database.db;
    await rename("Bula Sky Drones");
    // A starting document from before versions: no version yet, so the next start writes its PDF afresh.
    const seed = PORTAL_DOCUMENTS[0];
    if (!seed) throw new Error("no starting documents");
    const key = versionKey(seed.id, 1, "pdf");
    await db.update(documents).set({ currentVersion: null }).where(eq(documents.id, seed.id));
    await db.delete(documentVersions).where(eq(documentVersions.documentId, seed.id));
    await t.app.storage.delete(key);

    await seedDocuments(db, t.app.storage, t.app.env.DATA_DIR, t.app.log);
    const bytes = await t.app.storage.get(key);
    if (!bytes) throw new Error("the starting document was not written");
    const text = (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true }))
      .text;
    expect(text).toContain("Provided to subscribers of the Bula Sky Drones Document Portal.");
    expect(text).not.toContain("Pacific Sky");
    expect(bytes.toString("latin1")).toContain("/Producer (Bula Sky Drones)");
    await resetSetting(db, "company");
    t.app.siteDetails.changed();
  });
});
