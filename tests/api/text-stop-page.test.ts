// The texts' opt-out page as the built site serves it: the stop link leads through /t/ (which the site's own pages
// never swallow) to /texts/stop, a prerendered page whose answer slot the server fills with the masked number and
// one button; the button's native form post stops the number and lands back on the page, which then says so and
// offers to start them again. Expired and unknown links get the same page saying so, with a 4xx. `npm test` builds
// the site first; DIST_DIR points at another build.
import { describe, expect, it } from "vitest";
import { textLinks, textOptOuts } from "../../server/db/schema";
import { START_BUTTON, STOP_BUTTON, stoppedLine } from "../../shared/text-stop";
import { CROSS_SITE, sameSite, siteIsBuilt, withTestApp } from "../helpers/test-app";

const DAY = 86_400_000;

/** The answer slot's content: what the server put after the marker. */
function answerOf(html: string): string {
  const match = /<div id="text-stop-answer"[^>]*><!--answer:text-stop-->([\s\S]*?)<\/section><\/div>/.exec(
    html,
  );
  if (!match) throw new Error("no answer in the page");
  return match[1] ?? "";
}

describe.skipIf(!siteIsBuilt)("texts' opt-out page", () => {
  const t = withTestApp({ site: true });
  const post = (url: string, body: string, headers: Record<string, string> = sameSite) =>
    t.app.inject({
      method: "POST",
      url,
      payload: body,
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });

  it("the stop link opens the page: the number, one button, nothing changed; the button stops and can start again", async () => {
    await t.database.db.insert(textLinks).values([
      {
        code: "StopPage01",
        target: "/texts/stop?token=StopPage01",
        kind: "stop",
        toE164: "+6797012345",
        expiresAt: new Date(Date.now() + DAY),
      },
      {
        code: "StopPage02",
        target: "/texts/stop?token=StopPage02",
        kind: "stop",
        toE164: "+6797012345",
        expiresAt: new Date(Date.now() - 1),
      },
    ]);
    const hop = await t.app.inject({ method: "GET", url: "/t/StopPage01" });
    expect(hop.statusCode).toBe(302);
    expect(hop.headers.location).toBe("/texts/stop?token=StopPage01");

    const page = await t.app.inject({ method: "GET", url: "/texts/stop?token=StopPage01" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.headers["cache-control"]).toBe("no-store");
    // Its code goes to no other site, but its own form posts keep their Origin (under "no-referrer" a browser sends
    // "Origin: null", and the CSRF guard refuses the button).
    expect(page.headers["referrer-policy"]).toBe("same-origin");
    expect(page.body).toContain("<title>Stop Text Messages");
    const answer = answerOf(page.body);
    expect(answer).toContain("Stop texts to +679 70•••45?");
    expect(answer).toContain('<form class="mt-5" action="/texts/stop" method="post">');
    expect(answer).toContain('value="StopPage01"');
    expect(answer).toContain(STOP_BUTTON);
    expect(await t.database.db.select().from(textOptOuts)).toEqual([]);

    expect((await post("/texts/stop", "token=StopPage01", CROSS_SITE)).statusCode).toBe(403);
    const stopped = await post("/texts/stop", "token=StopPage01");
    expect(stopped.statusCode).toBe(303);
    expect(stopped.headers.location).toBe("/texts/stop?token=StopPage01");
    const after = answerOf((await t.app.inject({ method: "GET", url: "/texts/stop?token=StopPage01" })).body);
    expect(after).toContain(stoppedLine("+679 70•••45"));
    expect(after).toContain('action="/texts/start"');
    expect(after).toContain(START_BUTTON);
    expect(await t.database.db.select({ via: textOptOuts.via }).from(textOptOuts)).toEqual([{ via: "link" }]);

    expect((await post("/texts/start", "token=StopPage01")).statusCode).toBe(303);
    expect(await t.database.db.select().from(textOptOuts)).toEqual([]);

    const expired = await t.app.inject({ method: "GET", url: "/texts/stop?token=StopPage02" });
    expect(expired.statusCode).toBe(410);
    expect(answerOf(expired.body)).toContain("This link has expired");
    const unknown = await t.app.inject({ method: "GET", url: "/texts/stop?token=nothing" });
    expect(unknown.statusCode).toBe(404);
    expect(answerOf(unknown.body)).toContain("This link does not work");
    expect((await post("/texts/stop", "token=StopPage02")).statusCode).toBe(410);
  });

  it("/t/ is answered by its route, never by the site's pages", async () => {
    const unknown = await t.app.inject({ method: "GET", url: "/t/NoSuchCode" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("This link does not work");
    expect(unknown.headers["referrer-policy"]).toBe("no-referrer");
  });
});
