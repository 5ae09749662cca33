import { index, layout, type RouteConfig, route } from "@remix-run/route-config";

/*
 * Every address the web app answers, nested as its pages nest (ADR 059): find a screen here from
 * its address, then open its file. A route folder's module (`routes/<name>/route.tsx`) keeps the
 * id the folder gives it, `routes/<name>`: `useRouteLoaderData` reads ids such as
 * `routes/teams.$teamId._home`, and tests/unit/route-ids.test.ts pins this table.
 */
export default [
  index("routes/_index/route.tsx", { id: "routes/_index" }),
  route("status", "routes/status.tsx"),
  route("plans", "routes/plans/route.tsx", { id: "routes/plans" }),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("unsubscribe", "routes/unsubscribe.tsx"),

  // Signing in, up and out (ADRs 007, 009, 029).
  route("auth/signin", "routes/auth.signin/route.tsx", { id: "routes/auth.signin" }),
  route("auth/signup", "routes/auth.signup/route.tsx", { id: "routes/auth.signup" }),
  route("auth/check-email", "routes/auth.check-email.tsx"),
  route("auth/verify", "routes/auth.verify.tsx"),
  route("auth/forgot", "routes/auth.forgot/route.tsx", { id: "routes/auth.forgot" }),
  route("auth/reset", "routes/auth.reset/route.tsx", { id: "routes/auth.reset" }),
  route("auth/social/:provider", "routes/auth.social.$provider.ts"),
  route("auth/callback", "routes/auth.callback.ts"),
  route("auth/signout", "routes/auth.signout.ts"),

  // The signed-in person: their profile, and the team chooser.
  route("profile", "routes/profile/route.tsx", { id: "routes/profile" }, [
    route("avatar", "routes/profile.avatar.tsx"),
  ]),
  route("profile/email", "routes/profile_.email/route.tsx", { id: "routes/profile_.email" }),
  route("teams", "routes/teams._index/route.tsx", { id: "routes/teams._index", index: true }),
  route("switch-team", "routes/switch-team.tsx"),

  // A team: the frame every team page shares (ADR 017).
  route("teams/:teamId", "routes/teams.$teamId.tsx", [
    // The team's home: a pathless layout, with its dialogs as child routes (ADR 013).
    layout("routes/teams.$teamId._home/route.tsx", { id: "routes/teams.$teamId._home" }, [
      index("routes/teams.$teamId._home._index.tsx"),
      route("collections-page", "routes/teams.$teamId._home.collections-page.tsx"),
      route("members-page", "routes/teams.$teamId._home.members-page.tsx"),
      route("info", "routes/teams.$teamId._home.info.tsx"),
      route("rename", "routes/teams.$teamId._home.rename.tsx"),
      route("leave", "routes/teams.$teamId._home.leave.tsx"),
      route("delete", "routes/teams.$teamId._home.delete.tsx"),
      route("logo", "routes/teams.$teamId._home.logo.tsx"),
      route("alias", "routes/teams.$teamId._home.alias/route.tsx", {
        id: "routes/teams.$teamId._home.alias",
      }),
      route("roles", "routes/teams.$teamId._home.roles.tsx"),
      route("members/new", "routes/teams.$teamId._home.members.new/route.tsx", {
        id: "routes/teams.$teamId._home.members.new",
      }),
      route("members/:userId", "routes/teams.$teamId._home.members.$userId/route.tsx", {
        id: "routes/teams.$teamId._home.members.$userId",
      }),
      route("new-collection", "routes/teams.$teamId._home.new-collection/route.tsx", {
        id: "routes/teams.$teamId._home.new-collection",
      }),
      route(
        "rename-collection/:collectionId",
        "routes/teams.$teamId._home.rename-collection.$collectionId.tsx",
      ),
      route(
        "delete-collection/:collectionId",
        "routes/teams.$teamId._home.delete-collection.$collectionId.tsx",
      ),
      route(
        "share-collection/:collectionId",
        "routes/teams.$teamId._home.share-collection.$collectionId.tsx",
      ),
      route(
        "tag-collection/:collectionId",
        "routes/teams.$teamId._home.tag-collection.$collectionId.tsx",
      ),
      route("downloads", "routes/teams.$teamId._home.downloads.tsx"),
      route("downloads/:downloadId", "routes/teams.$teamId._home.downloads_.$downloadId.tsx"),
    ]),
    // A collection's files screen, with the file preview and its dialogs over it.
    route(
      "collections/:collectionId",
      "routes/teams.$teamId.collections.$collectionId/route.tsx",
      { id: "routes/teams.$teamId.collections.$collectionId" },
      [
        route(
          "files/:fileId",
          "routes/teams.$teamId.collections.$collectionId.files.$fileId/route.tsx",
          { id: "routes/teams.$teamId.collections.$collectionId.files.$fileId" },
        ),
        route(
          "files/:fileId/rename",
          "routes/teams.$teamId.collections.$collectionId.files.$fileId_.rename.tsx",
        ),
        route(
          "files/:fileId/delete",
          "routes/teams.$teamId.collections.$collectionId.files.$fileId_.delete.tsx",
        ),
        route(
          "files/:fileId/download",
          "routes/teams.$teamId.collections.$collectionId.files.$fileId_.download.ts",
        ),
        route(
          "upload",
          "routes/teams.$teamId.collections.$collectionId.upload/route.tsx",
          { id: "routes/teams.$teamId.collections.$collectionId.upload" },
          [
            route("start", "routes/teams.$teamId.collections.$collectionId.upload.start.ts"),
            route(
              "duplicates",
              "routes/teams.$teamId.collections.$collectionId.upload.duplicates.ts",
            ),
          ],
        ),
      ],
    ),
    // Guests' files held for review (ADR 099): a page of its own, for the owner and admins.
    route(
      "collections/:collectionId/review",
      "routes/teams.$teamId.collections.$collectionId_.review.tsx",
    ),
    // The team's activity log, for its owner and admins (ADR 091).
    route("activity", "routes/teams.$teamId.activity/route.tsx", {
      id: "routes/teams.$teamId.activity",
    }),
    // The team's trash; its questions are its own address with `?confirm=` (ADR 093).
    route("trash", "routes/teams.$teamId.trash/route.tsx", { id: "routes/teams.$teamId.trash" }),
    // A collection's drop links, for its owner and admins (ADR 097): the list, a new link, one
    // link (its revoke question is its own address with `?confirm=revoke`), its settings, and
    // its poster, a page without the app's frame (handle.chrome).
    route(
      "collections/:collectionId/links",
      "routes/teams.$teamId.collections.$collectionId_.links/route.tsx",
      { id: "routes/teams.$teamId.collections.$collectionId_.links" },
    ),
    route(
      "collections/:collectionId/links/new",
      "routes/teams.$teamId.collections.$collectionId_.links_.new/route.tsx",
      { id: "routes/teams.$teamId.collections.$collectionId_.links_.new" },
    ),
    route(
      "collections/:collectionId/links/:linkId",
      "routes/teams.$teamId.collections.$collectionId_.links_.$linkId/route.tsx",
      { id: "routes/teams.$teamId.collections.$collectionId_.links_.$linkId" },
    ),
    route(
      "collections/:collectionId/links/:linkId/edit",
      "routes/teams.$teamId.collections.$collectionId_.links_.$linkId_.edit/route.tsx",
      { id: "routes/teams.$teamId.collections.$collectionId_.links_.$linkId_.edit" },
    ),
    route(
      "collections/:collectionId/links/:linkId/poster",
      "routes/teams.$teamId.collections.$collectionId_.links_.$linkId_.poster/route.tsx",
      { id: "routes/teams.$teamId.collections.$collectionId_.links_.$linkId_.poster" },
    ),
  ]),
  // A drop link's read-only gallery for its guests (ADR 100), outside the link's own page.
  route("d/:token/gallery", "routes/d.$token_.gallery/route.tsx", {
    id: "routes/d.$token_.gallery",
  }),
  route("d/:token/gallery/:fileId", "routes/d.$token_.gallery_.$fileId/route.tsx", {
    id: "routes/d.$token_.gallery_.$fileId",
  }),
  // Team addresses outside the team's frame: a guest may open an invitation.
  route("teams/:teamId/invitations/accept", "routes/teams_.$teamId.invitations.accept/route.tsx", {
    id: "routes/teams_.$teamId.invitations.accept",
  }),
  route("teams/:teamId/invitations/reject", "routes/teams_.$teamId.invitations.reject.tsx"),
  route(
    "teams/:teamId/downloads/:downloadId/download",
    "routes/teams_.$teamId.downloads.$downloadId.download.ts",
  ),

  // A drop link's guest page (ADR 098): public, its address the link's secret.
  route("d/:token", "routes/d.$token/route.tsx", { id: "routes/d.$token" }),
  route("d/:token/start", "routes/d.$token/start.ts", { id: "routes/d.$token.start" }),

  // Resource routes: posts that set a cookie and go back.
  route("resources/consent", "routes/resources.consent.ts"),
  route("resources/locale", "routes/resources.locale.ts"),
  route("resources/theme", "routes/resources.theme.ts"),

  route("404", "routes/404.tsx"),
  route("*", "routes/$.tsx"),
] satisfies RouteConfig;
