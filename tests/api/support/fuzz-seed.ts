import fs from "node:fs";
import type { FuzzIds, FuzzTokens } from "#tests/support/fuzz.ts";
import { post, signedInUser } from "./accounts.ts";
import type { TestApi } from "./api-server.ts";

/**
 * Two people, each owning a team with a collection holding one uploaded photo, and an upload
 * left half-way: the ids and tokens a fuzz run asks with (its own, and another team's).
 */
export async function seedForFuzz(api: TestApi): Promise<{ ids: FuzzIds; tokens: FuzzTokens }> {
  const [ada, bob] = await Promise.all([ownerWithContent(api), ownerWithContent(api)]);
  return {
    ids: { own: ada.ids, other: bob.ids },
    tokens: { owner: ada.token, other: bob.token },
  };
}

async function ownerWithContent(api: TestApi) {
  const user = await signedInUser(api);
  const token = user.tokens.AccessToken;
  const auth = { Authorization: `Bearer ${token}` };
  const json = async (response: Response) => {
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  };
  const me = await json(await api.request("/api/users/@me", { headers: auth }));
  const { teamId = "" } = await json(await post(api, "/teams", { name: "Fuzz team" }, auth));
  const { collectionId = "" } = await json(
    await post(api, `/teams/${teamId}/collections`, { name: "Fuzz photos" }, auth),
  );
  const photo = fs.readFileSync("tests/e2e/fixtures/forest.jpg");
  const filesPath = `/teams/${teamId}/collections/${collectionId}/files`;
  const { fileId = "", uploadUrl = "" } = await json(
    await post(
      api,
      filesPath,
      { name: "forest.jpg", contentType: "image/jpeg", size: photo.length },
      auth,
    ),
  );
  const uploaded = await api.request(new URL(uploadUrl).pathname + new URL(uploadUrl).search, {
    method: "PUT",
    headers: { "Content-Type": "image/jpeg" },
    body: photo,
  });
  if (!uploaded.ok) throw new Error(`PUT: ${uploaded.status}`);
  const { uploadUrl: halfway = "" } = await json(
    await post(api, filesPath, { name: "lake.jpg", contentType: "image/jpeg", size: 1000 }, auth),
  );
  const uploadId = new URL(halfway).pathname.split("/").pop() ?? "";
  return {
    token,
    ids: {
      teamId,
      collectionId,
      fileId,
      userId: me.userId ?? "",
      uploadId,
      key: `files/${fileId}`,
    },
  };
}
