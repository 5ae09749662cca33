import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { loader } from "#app/routes/auth.check-email.tsx";
import { testWebContext } from "#tests/support/web-context.ts";

/** The page after sign-up, as its loader answers it for a host configured with `mailFolder`. */
async function load(mailFolder?: string) {
  const context = testWebContext("http://127.0.0.1:9") as unknown as AppLoadContext;
  if (mailFolder) context.config.mailFolder = mailFolder;
  const request = new Request("http://raccolta.test/auth/check-email?email=a%40b.test&username=u");
  return (await loader({ request, context, params: {} })) as { mailFolder: string | null };
}

describe("the page after sign-up", () => {
  it("says where the mail went when the host writes mail to files (development, no SMTP)", async () => {
    expect((await load("/srv/data/mail")).mailFolder).toBe("/srv/data/mail");
  });

  it("says nothing of it otherwise", async () => {
    expect((await load()).mailFolder).toBeNull();
  });
});
