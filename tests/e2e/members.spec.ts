import { type Browser, expect, type Page, test } from "@playwright/test";
import { appUrl } from "../../playwright.config.ts";
import {
  apiAccessToken,
  createTeamViaApi,
  createVerifiedUser,
  PASSWORD,
  signIn,
  uniqueEmail,
} from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { waitForMail } from "./support/mail.ts";

/*
 * Members, end to end and in both projects: an owner invites someone by email, who accepts in
 * another browser through the registration form; the owner changes their role, disables and
 * reactivates them; an internal contributor signs in with the team code through the
 * new-password step; an invitation is declined.
 */

const NEW_PASSWORD = "Battery-Staple-7";

async function ownerInTeam(page: Page, team: string) {
  const owner = await createVerifiedUser("owner", "Olga Owner");
  const teamId = await createTeamViaApi(await apiAccessToken(owner.email), team);
  await signIn(page, owner.email);
  // One team: /teams opens it.
  await page.goto("/teams");
  await expect(page.getByRole("heading", { level: 1, name: team })).toBeVisible();
  return { owner, teamId, teamUrl: page.url() };
}

/** Another person's browser, with JavaScript as this project has it. */
async function otherBrowser(browser: Browser) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: test.info().project.use.javaScriptEnabled ?? true,
    locale: "en-GB",
  });
  return context.newPage();
}

async function invite(page: Page, email: string, nickname: string, role: string) {
  await page.getByRole("link", { name: "Add member" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a member" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Name in the team").fill(nickname);
  await dialog.getByLabel("Role").selectOption({ label: role });
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toHaveText(`Invitation sent to ${email}.`);
}

/** The mailed invitation's link (`accept` or `reject`) for `email` to `team`. */
async function mailedLink(email: string, team: string, kind: "accept" | "reject") {
  const mail = await waitForMail(email, new RegExp(`invited you to the team “${team}”`));
  return new URL(mail.links.find((link) => link.includes(`/invitations/${kind}`)) ?? "");
}

/** A member's row in the panel: a link named by what it shows (name, role, status). */
function memberRow(page: Page, nickname: string) {
  return page.getByRole("complementary", { name: "Members" }).getByRole("link", { name: nickname });
}

async function memberAction(page: Page, nickname: string, button: string, toast: string) {
  await memberRow(page, nickname).click();
  await page.getByRole("dialog", { name: "Member" }).getByRole("button", { name: button }).click();
  await expect(page.getByRole("status")).toHaveText(toast);
}

test("invite by email, accept with a new account, change the role, disable and reactivate", async ({
  page,
  browser,
}) => {
  test.slow(); // two people, two browsers
  const { teamUrl } = await ownerInTeam(page, "Book Club");
  const email = uniqueEmail("bea");

  // The form checks what it can before anything is sent.
  await page.getByRole("link", { name: "Add member" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a member" });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    dialog
      .getByText("Enter a valid email address.")
      .or(dialog.getByText("Enter your email address.")),
  ).toBeVisible();
  await page.goto(teamUrl);

  await invite(page, email, "Bea", "Viewer");
  await expect(memberRow(page, "Bea")).toContainText("Invited");

  // Bea opens the mailed link in her own browser.
  const acceptLink = await mailedLink(email, "Book Club", "accept");
  const bea = await otherBrowser(browser);
  await bea.goto(`${acceptLink.pathname}${acceptLink.search}`);
  await expect(bea.getByRole("heading", { name: "Join the team" })).toBeVisible();
  // The page says who invites her, to which team, as what, and for which address.
  await expect(bea.getByText("Olga Owner invited you to join Book Club as Viewer.")).toBeVisible();
  await expect(bea.getByText(`The invitation is for ${email}.`)).toBeVisible();
  await bea.getByRole("button", { name: "Accept invitation" }).click();
  await expect(bea.getByLabel("Email")).toHaveValue(email);
  await bea.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await bea.getByLabel("Confirm password").fill(`${PASSWORD}!`);
  await bea.getByRole("button", { name: "Create account and join" }).click();
  await expect(bea.getByText("Passwords must match.")).toBeVisible();
  // An account is made here: the terms must be accepted, as at sign-up.
  await expect(bea.getByText("You must accept the Terms and the Privacy Policy.")).toBeVisible();
  await expect(bea.getByText("You must confirm that you are 16 or older.")).toBeVisible();
  await bea.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await bea.getByLabel("Confirm password").fill(PASSWORD);
  await bea.getByRole("checkbox", { name: "I am 16 or older." }).check();
  await bea.getByRole("checkbox", { name: /I accept the Terms of Service/ }).check();
  await bea.getByRole("button", { name: "Create account and join" }).click();
  // Straight into the team, which says with which role (ADR 078).
  await expect(bea.getByText("You are in the team as Viewer.")).toBeVisible();
  await expect(bea).toHaveURL(/\/teams\/[^/]+$/);
  await expect(bea.getByRole("heading", { level: 1, name: "Book Club" })).toBeVisible();
  await expect(bea.getByText("Your role: Viewer")).toBeVisible();
  // A viewer may not add members.
  await expect(bea.getByRole("link", { name: "Add member" })).toHaveCount(0);
  // The link has done its work: it says so, and offers nothing to accept.
  await bea.goto(`${acceptLink.pathname}${acceptLink.search}`);
  await expect(bea.getByRole("alert")).toHaveText("This invitation has already been answered.");
  await expect(bea.getByRole("button", { name: "Accept invitation" })).toHaveCount(0);
  await expect(bea.getByRole("link", { name: "Go to your teams" })).toBeVisible();

  await page.reload();
  await expect(memberRow(page, "Bea")).toContainText("Active");
  await memberRow(page, "Bea").click();
  const member = page.getByRole("dialog", { name: "Member" });
  await expect(member.getByText(email)).toBeVisible();
  // Bea signs in with her email: no username, and never her internal id in its place.
  await expect(member.getByText("Username", { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await member.getByLabel("Role").selectOption({ label: "Contributor + Viewer" });
  await member.getByRole("button", { name: "Save role" }).click();
  await expect(page.getByRole("status")).toHaveText("The role is changed.");
  await expect(memberRow(page, "Bea")).toContainText("Contributor + Viewer");

  await memberAction(page, "Bea", "Disable", "The member is disabled.");
  await expect(memberRow(page, "Bea")).toContainText("Disabled");
  // Disabled, Bea no longer gets in.
  await bea.goto(new URL(teamUrl).pathname);
  await expect(bea).toHaveURL(/\/404$/);

  await memberAction(page, "Bea", "Reactivate", "The member is active again.");
  await expect(memberRow(page, "Bea")).toContainText("Active");
  await bea.goto(new URL(teamUrl).pathname);
  await expect(bea.getByRole("heading", { level: 1, name: "Book Club" })).toBeVisible();
  await bea.context().close();

  // The panel's search, by the start of a name.
  await page.getByRole("searchbox", { name: "Search members" }).fill("be");
  if (test.info().project.name === "nojs") {
    await page.getByRole("complementary").getByRole("button", { name: "Search" }).click();
  }
  await expect(memberRow(page, "Olga Owner")).toHaveCount(0);
  await expect(memberRow(page, "Bea")).toBeVisible();
});

test("an internal contributor signs in with the team code and chooses a password", async ({
  page,
  browser,
}) => {
  const { teamId } = await ownerInTeam(page, "Site Crew");
  await page.getByRole("link", { name: "Add member" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a member" });
  await dialog.getByRole("link", { name: "Internal contributor" }).click();
  const username = `crew.${Date.now().toString(36)}`;
  await dialog.getByLabel("Username").fill(username);
  await dialog.getByRole("button", { name: "Create contributor" }).click();

  const credentials = page.getByRole("dialog", { name: "Sign-in details" });
  await expect(credentials.getByRole("textbox", { name: "Team code" })).toHaveValue(teamId);
  await expect(credentials.getByRole("textbox", { name: "Username" })).toHaveValue(username);
  const password = await credentials.getByRole("textbox", { name: "Password" }).inputValue();
  expect(password).toHaveLength(16);
  await credentials.getByRole("link", { name: "Done" }).click();
  await expect(memberRow(page, username)).toContainText("Contributor");
  // An internal member's username is what they sign in with: the dialog shows it.
  await memberRow(page, username).click();
  const details = page.getByRole("dialog", { name: "Member" });
  await expect(details.getByText("Username", { exact: true })).toBeVisible();

  const crew = await otherBrowser(browser);
  await crew.goto("/auth/signin");
  await crew.getByText("Signing in as a team member?").click();
  await crew.getByLabel("Team code").fill(teamId);
  await crew.getByLabel("Email or username").fill(username);
  await crew.getByLabel("Password").fill(password);
  await crew.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(crew.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await crew.getByLabel("New password").fill(NEW_PASSWORD);
  await crew.getByLabel("Confirm password").fill(NEW_PASSWORD);
  await crew.getByRole("button", { name: "Save and sign in" }).click();
  await expect(crew.getByRole("heading", { level: 1, name: "Site Crew" })).toBeVisible();
  await expect(crew.getByText("Your role: Contributor")).toBeVisible();
  // The account exists for this team only: its menu offers no Leave (ADR 095).
  await crew.getByLabel("Team menu for Site Crew").click();
  await expect(crew.getByRole("link", { name: "Team info" })).toBeVisible();
  await expect(crew.getByRole("link", { name: "Leave team" })).toHaveCount(0);
  await crew.context().close();
});

test("a declined invitation shows as rejected", async ({ page, browser }) => {
  await ownerInTeam(page, "Garden");
  const email = uniqueEmail("dan");
  await invite(page, email, "Dan", "Contributor");
  const rejectLink = await mailedLink(email, "Garden", "reject");
  const dan = await otherBrowser(browser);
  await dan.goto(`${rejectLink.pathname}${rejectLink.search}`);
  // The page says which invitation it declines, as the accept page does.
  await expect(dan.getByText(/invited you to join Garden as Contributor\./)).toBeVisible();
  await expect(dan.getByText(`The invitation is for ${email}.`)).toBeVisible();
  await dan.getByRole("button", { name: "Decline invitation" }).click();
  await expect(dan.getByText("You declined the invitation.")).toBeVisible();
  await dan.goto(`${rejectLink.pathname.replace("reject", "accept")}`);
  await expect(dan.getByRole("alert")).toHaveText("This invitation link is incomplete.");
  await dan.context().close();

  await page.reload();
  await expect(memberRow(page, "Dan")).toContainText("Rejected");
});

test("someone with an account signs in first and comes back to the invitation", async ({
  page,
  browser,
}) => {
  await ownerInTeam(page, "Orchestra");
  const cleo = await createVerifiedUser("cleo", "Cleo");
  await invite(page, cleo.email, "Cleo", "Contributor");
  const acceptLink = await mailedLink(cleo.email, "Orchestra", "accept");

  const other = await otherBrowser(browser);
  await other.goto(`${acceptLink.pathname}${acceptLink.search}`);
  await other.getByRole("button", { name: "Accept invitation" }).click();
  // Her address has an account: the sign-in page says why she is there and what comes next.
  await expect(other).toHaveURL(/\/auth\/signin$/);
  await expect(other.getByRole("note")).toHaveText(
    `Sign in as ${cleo.email} to accept the invitation. You will join the team as soon as you are signed in.`,
  );
  await expect(other.getByLabel("Email or username")).toHaveValue(cleo.email);
  await other.getByLabel("Password").fill(cleo.password);
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  // Back on the link, the acceptance she chose completes: no second press.
  await expect(other.getByText("You are in the team as Contributor.")).toBeVisible();
  await expect(other.getByRole("heading", { level: 1, name: "Orchestra" })).toBeVisible();
  await other.context().close();
});

test("someone signed in with another address is told at once, signs out and accepts", async ({
  page,
  browser,
}) => {
  await ownerInTeam(page, "Choir");
  const cleo = await createVerifiedUser("cleo", "Cleo");
  await invite(page, cleo.email, "Cleo", "Viewer");
  const acceptLink = await mailedLink(cleo.email, "Choir", "accept");
  const acceptPath = `${acceptLink.pathname}${acceptLink.search}`;

  // The same person's browser, still signed in with their other account.
  const other = await otherBrowser(browser);
  const bob = await createVerifiedUser("bob", "Bob");
  await signIn(other, bob.email);
  await other.goto(acceptPath);
  await expect(other.getByRole("note")).toHaveText(
    `You are signed in as ${bob.email}, not with the address this invitation is for.`,
  );
  await expect(other.getByText(`The invitation is for ${cleo.email}.`)).toBeVisible();
  // No Accept that the API would refuse (emailMismatch).
  await expect(other.getByRole("button", { name: "Accept invitation" })).toHaveCount(0);
  await other.getByRole("button", { name: "Sign out and continue" }).click();

  // Signed out, on the same link, as a guest: Accept leads to signing in as Cleo.
  await expect(other.getByRole("status")).toHaveText("You are signed out.");
  // The link's page, its key kept out of the address (ADR 087).
  expect(new URL(other.url()).pathname).toBe(acceptLink.pathname);
  expect(new URL(other.url()).search).toBe("");
  await other.getByRole("button", { name: "Accept invitation" }).click();
  await expect(other).toHaveURL(/\/auth\/signin$/);
  await other.getByLabel("Password").fill(cleo.password);
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(other.getByText("You are in the team as Viewer.")).toBeVisible();
  await other.context().close();
});

test("someone who presses Accept, then signs in with another account, is offered to switch", async ({
  page,
  browser,
}) => {
  await ownerInTeam(page, "Band");
  const cleo = await createVerifiedUser("cleo", "Cleo");
  const bob = await createVerifiedUser("bob", "Bob");
  await invite(page, cleo.email, "Cleo", "Viewer");
  const acceptLink = await mailedLink(cleo.email, "Band", "accept");

  const other = await otherBrowser(browser);
  await other.goto(`${acceptLink.pathname}${acceptLink.search}`);
  await other.getByRole("button", { name: "Accept invitation" }).click();
  await expect(other).toHaveURL(/\/auth\/signin$/);
  // Signed in with the account they use every day rather than the invited one.
  await other.getByLabel("Email or username").fill(bob.email);
  await other.getByLabel("Password").fill(bob.password);
  await other.getByRole("button", { name: "Sign in", exact: true }).click();

  // Back on the link: told which account they are in, and offered the way out, not a dead end.
  await expect(other.getByRole("note")).toHaveText(
    `You are signed in as ${bob.email}, not with the address this invitation is for.`,
  );
  // The link's page, its key kept out of the address (ADR 087).
  expect(new URL(other.url()).pathname).toBe(acceptLink.pathname);
  expect(new URL(other.url()).search).toBe("");
  await other.getByRole("button", { name: "Sign out and continue" }).click();
  await expect(other.getByRole("status")).toHaveText("You are signed out.");
  await other.getByRole("button", { name: "Accept invitation" }).click();
  await other.getByLabel("Password").fill(cleo.password);
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(other.getByText("You are in the team as Viewer.")).toBeVisible();
  await other.context().close();
});

test("the members panel shows 20 members, then the rest on load more", async ({ page }) => {
  const { owner, teamId, teamUrl } = await ownerInTeam(page, "Crowd");
  const token = await apiAccessToken(owner.email);
  for (let i = 1; i <= 21; i++) {
    const response = await fetch(`${appUrl}/api/teams/${teamId}/members`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ username: `crowd${String(i).padStart(2, "0")}`, locale: "en" }),
    });
    expect(response.status).toBe(201);
  }
  await page.goto(teamUrl);
  const panel = page.getByRole("complementary", { name: "Members" });
  const rows = panel.getByRole("listitem");
  await expect(rows).toHaveCount(20);
  const more = panel.getByRole("link", { name: "More members" });
  if (test.info().project.use.javaScriptEnabled === false) {
    // The next page, with the 2 left of the owner and 21 contributors.
    await more.click();
    await expect(rows).toHaveCount(2);
  } else {
    // Scrolled into view, the next page is appended to the list.
    await more.scrollIntoViewIfNeeded();
    await expect(rows).toHaveCount(22);
    await expect(more).toHaveCount(0);
  }
});
