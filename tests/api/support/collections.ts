import { randomUUID } from "node:crypto";
import type { CollectionMode, CollectionStatus } from "#domain/roles.ts";
import type { TestApi } from "./api-server.ts";
import type { TestTeam } from "./teams.ts";

// Collections written straight to the database, for states the API cannot make (drafts) and
// for chosen refDates.

export interface StoredCollection {
  collectionId: string;
  name: string;
  refDate: number;
}

export async function insertCollection(
  api: TestApi,
  team: TestTeam,
  {
    createdBy = team.ownerId,
    mode = "owned",
    status = "published",
    name = `Collection ${randomUUID().slice(0, 6)}`,
    refDate = api.clock.now(),
    tags = [],
  }: {
    createdBy?: string;
    mode?: CollectionMode;
    status?: CollectionStatus;
    name?: string;
    refDate?: number;
    tags?: string[];
  } = {},
): Promise<StoredCollection> {
  const collectionId = randomUUID();
  const at = api.clock.now();
  await api.db
    .insertInto("collections")
    .values({
      collection_id: collectionId,
      team_id: team.teamId,
      name,
      name_key: name.toLowerCase(),
      description: null,
      mode,
      status,
      created_by: createdBy,
      created_at: at,
      updated_at: at,
      updated_by: createdBy,
      ref_date: refDate,
    })
    .execute();
  if (tags.length) {
    await api.db
      .insertInto("collection_tags")
      .values(tags.map((userId) => ({ collection_id: collectionId, user_id: userId })))
      .execute();
  }
  return { collectionId, name, refDate };
}
