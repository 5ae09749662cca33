import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";
import { type Answer, type Body, querySuffix } from "./contract.ts";

/*
 * Guests' files held by their drop link for review (ADR 099): the owner and admins list a
 * collection's held files and approve them, or reject them to the trash.
 */

const REVIEW = "/api/teams/{teamId}/collections/{collectionId}/review";
export type HeldFileList = Answer<typeof REVIEW, "get">;
export type HeldFile = HeldFileList["files"][number];
export type ReviewDecision = Body<typeof REVIEW, "post">;
export type ReviewOutcome = Answer<typeof REVIEW, "post">;

const reviewPath = (teamId: string, collectionId: string) =>
  `/api/teams/${encodeURIComponent(teamId)}/collections/${encodeURIComponent(collectionId)}/review`;

export const reviewApi = {
  /** A page of held files, newest first. */
  list: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    collectionId: string,
    query: { lastKey?: string; limit?: number } = {},
  ) =>
    apiCall<HeldFileList>(context, `${reviewPath(teamId, collectionId)}${querySuffix(query)}`, {
      accessToken,
    }),

  /** Approves or rejects held files. */
  decide: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    collectionId: string,
    decision: ReviewDecision,
  ) =>
    apiCall<ReviewOutcome>(context, reviewPath(teamId, collectionId), {
      method: "POST",
      accessToken,
      body: decision,
    }),
};
