import { describe, expect, it } from "vitest";
import { unsubscribeToken } from "#api/subscriptions/subscriptions.ts";
import { GUEST_DIGEST_DELAY_MS, GUEST_DIGEST_INTERVAL_MS } from "#api/uploads/upload-files.ts";
import { insertCollection } from "./support/collections.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { guestOf, insertDropLink, sendGuestFile } from "./support/guest-files.ts";
import { ownedTeam } from "./support/teams.ts";

// The digest of guests' files (ADR 099), on the test clock, with the local SMTP server: many
// files through a link make one mail within the hour, the next hour's files one more with only
// them, and an address that unsubscribed gets none.

const GIB = 1024 ** 3;
const api = apiForThisFile({
  planLimits: { limitMembersPerTeam: -1, limitTeams: -1, limitStorageBytes: GIB },
});

async function digestJobs(linkId: string) {
  return api.db
    .selectFrom("jobs")
    .select(["run_at"])
    .where("kind", "=", "dropLinks.digest")
    .where("payload", "=", JSON.stringify({ linkId }))
    .execute();
}

/** Moves the clock on and runs whatever has come due. */
async function later(ms: number) {
  api.clock.advance(ms);
  await api.jobs.idle();
}

/** A short wait for mail that should not come. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("the guests' digest", () => {
  it("mails the link's creator once an hour at most, each time with only the new files", async () => {
    const { owner, team } = await ownedTeam(api);
    const email = owner.email as string;
    const collection = await insertCollection(api, team, { name: "Wedding" });
    const link = await insertDropLink(api, team, collection.collectionId, {
      title: "Reception",
      holdForReview: true,
    });
    const guests = [];
    for (const name of ["Ana", "Bo", "Cy"]) guests.push(await guestOf(api, link, name));
    for (let i = 0; i < 6; i++) await sendGuestFile(api, guests[i % 3] as (typeof guests)[0]);
    // Six files, one digest waiting.
    expect(await digestJobs(link.linkId)).toHaveLength(1);
    await settle();
    expect(api.smtp.mailTo(email)).toHaveLength(0);

    await later(GUEST_DIGEST_DELAY_MS + 1000);
    const first = await api.smtp.waitForMail(email);
    expect(first.subject).toBe("6 new photos from 3 guests in Wedding");
    expect(first.text).toContain("6 are waiting for your review");
    expect(first.text).toContain(`/teams/${team.teamId}/collections/${collection.collectionId}`);
    const unsubscribe = first.links.find((address) => address.includes("/unsubscribe?"));
    expect(unsubscribe).toContain(encodeURIComponent(email));
    expect(first.parsed.headerLines.map((line) => line.key)).toContain("list-unsubscribe");

    // More files within the hour: no mail until the hour is over.
    await sendGuestFile(api, guests[0] as (typeof guests)[0]);
    await sendGuestFile(api, guests[0] as (typeof guests)[0]);
    const [waiting] = await digestJobs(link.linkId);
    const link1 = await api.db
      .selectFrom("drop_links")
      .select("digest_sent_at")
      .where("link_id", "=", link.linkId)
      .executeTakeFirstOrThrow();
    expect(Number(waiting?.run_at)).toBe(Number(link1.digest_sent_at) + GUEST_DIGEST_INTERVAL_MS);
    await later(GUEST_DIGEST_DELAY_MS + 1000);
    await settle();
    expect(api.smtp.mailTo(email)).toHaveLength(1);

    await later(GUEST_DIGEST_INTERVAL_MS);
    await api.smtp.waitForMail(email);
    const mails = api.smtp.mailTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe("2 new photos from 1 guest in Wedding");
    // Nothing new: nothing more.
    await later(GUEST_DIGEST_INTERVAL_MS * 2);
    await settle();
    expect(api.smtp.mailTo(email)).toHaveLength(2);
  });

  it("speaks the creator's language", async () => {
    const { owner, team } = await ownedTeam(api);
    await api.db
      .updateTable("users")
      .set({ locale: "it" })
      .where("user_id", "=", owner.userId)
      .execute();
    const collection = await insertCollection(api, team, { name: "Cantiere" });
    const link = await insertDropLink(api, team, collection.collectionId);
    await sendGuestFile(api, await guestOf(api, link, "Ana"), {
      name: "nota.pdf",
      contentType: "application/pdf",
      content: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
    });
    await later(GUEST_DIGEST_DELAY_MS + 1000);
    const mail = await api.smtp.waitForMail(owner.email as string);
    expect(mail.subject).toBe("1 nuovo file da 1 ospite in Cantiere");
  });

  it("sends nothing to a creator who followed an unsubscribe link", async () => {
    const { owner, team } = await ownedTeam(api);
    const email = owner.email as string;
    const unsubscribed = await api.request("/api/subscriptions/unsubscribe", {
      method: "POST",
      json: { email, token: unsubscribeToken(api.deps.tokenSigningKey, email) },
    });
    expect(unsubscribed.status).toBeLessThan(300);
    const collection = await insertCollection(api, team);
    const link = await insertDropLink(api, team, collection.collectionId);
    await sendGuestFile(api, await guestOf(api, link, "Ana"));
    await later(GUEST_DIGEST_DELAY_MS + 1000);
    await settle();
    expect(api.smtp.mailTo(email)).toHaveLength(0);
    // Counted all the same: what arrived is not mailed later either.
    const row = await api.db
      .selectFrom("drop_links")
      .select("digest_sent_at")
      .where("link_id", "=", link.linkId)
      .executeTakeFirstOrThrow();
    expect(row.digest_sent_at).not.toBeNull();
  });
});
