// Staff's certificate register (issue 15, staff views): every version newest first, searched by number, holder or
// e-mail and filtered by course, year of issue and status, paged; the same rows as a CSV file; and the pass rates
// per intake.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { certificates, intakes } from "../../server/db/schema";
import { addDays } from "../../server/training/calendar";
import { fijiToday } from "../../shared/fiji-time";
import { insertIntake } from "../helpers/admin-session";
import { withCertificateClass } from "../helpers/certificate-class";
import { SITE_ORIGIN } from "../helpers/test-app";

describe("the certificate register", () => {
  const c = withCertificateClass();
  const ids: Record<string, number> = {};
  const numbers: Record<string, string> = {};
  const yesterday = addDays(fijiToday(), -1);

  beforeAll(async () => {
    const db = c.t.database.db;
    const issue = async (key: string, options: Parameters<typeof c.passed>[0] = {}) => {
      const { certificate } = await c.passed(options);
      ids[key] = certificate.id;
      numbers[key] = certificate.number;
      return certificate;
    };
    await issue("ana", { firstName: "Ana", lastName: "Vosa", email: "ana.vosa@example.fj" });
    const advanced = await insertIntake(db, -12, "Nadi", 8);
    await db.update(intakes).set({ courseType: "advanced" }).where(eq(intakes.id, advanced));
    await issue("bale", { intakeId: advanced, firstName: "Bale", lastName: "Naidu" });
    const revoked = await issue("cama", { firstName: "Cama", lastName: "Prasad" });
    await c.staff.post(`/api/admin/certificates/${revoked.id}/revoke`, { reason: "Issued in error" });
    const first = await issue("dau", { firstName: "Dau", lastName: "Ratu" });
    const res = await c.staff.post(`/api/admin/certificates/${first.id}/reissue`, {
      givenNames: "Dau",
      surname: "Ratū",
    });
    ids.dau2 = res.json().id;
    const old = await issue("eroni", { firstName: "=Eroni", lastName: "Qarase" });
    await db
      .update(certificates)
      .set({ issuedOn: "2025-06-01", expiresOn: yesterday })
      .where(eq(certificates.id, old.id));
  });

  const list = async (query: string) => {
    const res = await c.staff.get(`/api/admin/certificates${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: { id: number; status: string }[]; total: number };
  };
  const idsOf = async (query: string) => (await list(query)).items.map((item) => item.id);

  it("lists every version newest first, with its status", async () => {
    const all = await list("");
    expect(all.total).toBe(6);
    expect(all.items.map((item) => item.id)).toEqual([
      ids.eroni,
      ids.dau2,
      ids.dau,
      ids.cama,
      ids.bale,
      ids.ana,
    ]);
    expect(all.items.map((item) => item.status)).toEqual([
      "expired",
      "valid",
      "replaced",
      "revoked",
      "valid",
      "valid",
    ]);
    const page = await list("?limit=2&offset=1");
    expect(page).toMatchObject({ total: 6 });
    expect(page.items.map((item) => item.id)).toEqual([ids.dau2, ids.dau]);
  });

  it("filters by course, year and status", async () => {
    expect(await idsOf("?course=advanced")).toEqual([ids.bale]);
    expect(await idsOf("?year=2025")).toEqual([ids.eroni]);
    expect((await list(`?year=${fijiToday().slice(0, 4)}`)).total).toBe(5);
    expect(await idsOf("?status=valid")).toEqual([ids.dau2, ids.bale, ids.ana]);
    expect(await idsOf("?status=revoked")).toEqual([ids.cama]);
    expect(await idsOf("?status=replaced")).toEqual([ids.dau]);
    expect(await idsOf("?status=expired")).toEqual([ids.eroni]);
    expect(await idsOf("?course=basic&status=valid")).toEqual([ids.dau2, ids.ana]);
  });

  it("finds by number, holder's name or e-mail, literally and in any case", async () => {
    expect(await idsOf(`?q=${numbers.cama}`)).toEqual([ids.cama]);
    expect(await idsOf("?q=VOSA")).toEqual([ids.ana]);
    expect(await idsOf("?q=ana%20vosa")).toEqual([ids.ana]);
    expect(await idsOf("?q=ana.vosa%40example")).toEqual([ids.ana]);
    expect(await idsOf("?q=rat%C5%AB")).toEqual([ids.dau2]);
    expect(await idsOf("?q=%25")).toEqual([]);
    expect(await idsOf("?q=_")).toEqual([]);
  });

  it("refuses bad filters with a 400", async () => {
    for (const query of [
      "year=20x",
      "year=20255",
      "status=lost",
      "course=pilot",
      "limit=0",
      "limit=500",
      "offset=-1",
      `q=${"x".repeat(201)}`,
    ]) {
      for (const path of ["/api/admin/certificates", "/api/admin/certificates/export.csv"]) {
        if (path.endsWith(".csv") && /limit|offset/.test(query)) continue;
        const res = await c.staff.get(`${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json().message).toBeTruthy();
      }
    }
  });

  it("exports the filtered rows as CSV: BOM, CRLF, the agreed columns, formulas neutralised", async () => {
    const res = await c.staff.get("/api/admin/certificates/export.csv?status=expired");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="certificates-${fijiToday()}.csv"`);
    const body = res.rawPayload.toString("utf8");
    expect(body.startsWith("\uFEFF")).toBe(true);
    const lines = body.slice(1).split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      "Number,Version,Holder,Email,Course,Certificate,Intake,Issued,Expires,Status,Verification URL",
    );
    const row = await c.row(ids.eroni as number);
    const intake = `${new Date(`${row?.startDate}T00:00:00Z`).getUTCDate()} `;
    expect(lines[1]).toContain(
      `${numbers.eroni},1,'=Eroni Qarase,${row?.email},Basic RPAS Pilot,CAAF Basic RPAS Pilot Certificate,"${intake}`,
    );
    expect(lines[1]).toMatch(
      new RegExp(`, Suva",2025-06-01,${yesterday},Expired,${SITE_ORIGIN}/verify/${row?.code}$`),
    );
    expect(lines[2]).toBe("");
    const all = (await c.staff.get("/api/admin/certificates/export.csv")).rawPayload.toString("utf8");
    expect(all.split("\r\n")).toHaveLength(8);
  });
});

describe("pass rates", () => {
  const c = withCertificateClass();

  it("counts each intake's results among its confirmed trainees, newest intake first", async () => {
    const db = c.t.database.db;
    const older = await insertIntake(db, -30, "Labasa", 8);
    const recent = await c.pastIntake("Savusavu");
    const quiet = await c.pastIntake("Levuka");
    await c.trainee({ intakeId: quiet });
    await c.passed({ intakeId: recent });
    for (const result of ["not_yet_competent", "withdrew"]) {
      const { seatId } = await c.trainee({ intakeId: recent });
      expect((await c.setResult(seatId, { result })).statusCode).toBe(200);
    }
    await c.trainee({ intakeId: recent });
    await c.trainee({ intakeId: recent, state: "cancelled" });
    const { seatId } = await c.trainee({ intakeId: older });
    await c.setResult(seatId, { result: "withdrew" });

    const res = await c.staff.get("/api/admin/pass-rates");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        intakeId: recent,
        courseType: "basic",
        startDate: addDays(fijiToday(), -10),
        endDate: addDays(fijiToday(), -6),
        location: "Savusavu",
        trainees: 4,
        passed: 1,
        notYetCompetent: 1,
        withdrew: 1,
      },
      expect.objectContaining({ intakeId: older, location: "Labasa", trainees: 1, passed: 0, withdrew: 1 }),
    ]);
  });
});
