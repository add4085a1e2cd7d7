import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reviews } from "../../server/db/schema";
import { sameSite, withTestApp } from "../helpers/test-app";

const valid = {
  name: "Sera Naivalu",
  organization: "Ministry of Agriculture",
  position: "",
  rating: 5,
  text: "Excellent crop survey.",
};

describe("reviews", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  const post = (payload: unknown) =>
    t.app.inject({ method: "POST", url: "/api/reviews", payload: payload as object, headers: sameSite });

  it("keeps a valid review as pending and does not show it publicly until approved", async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({ status: "pending", position: null, organization: "Ministry of Agriculture" });
    expect((await t.app.inject({ method: "GET", url: "/api/reviews" })).json()).toEqual([]);

    await t.database.db.update(reviews).set({ status: "approved" }).where(eq(reviews.id, id));
    const list = (await t.app.inject({ method: "GET", url: "/api/reviews" })).json() as { name: string }[];
    expect(list.map((r) => r.name)).toEqual(["Sera Naivalu"]);
  });

  it.each(["name", "rating", "text"])("rejects a missing %s", async (field) => {
    const res = await post({ ...valid, [field]: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it.each([0, 6, 4.5, "5", null])("rejects the rating %s", async (rating) => {
    const res = await post({ ...valid, rating });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("rating");
  });

  it("marks a honeypot review as spam, never public", async () => {
    const res = await post({ ...valid, name: "Bot", website: "x" });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.name, "Bot"));
    expect(row?.status).toBe("spam");
  });
});
