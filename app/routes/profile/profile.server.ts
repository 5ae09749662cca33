import type { z } from "zod";
import type { User } from "#app/services/api/auth.server.ts";
import type { ProfileOperation } from "#app/services/api/users.server.ts";
import type { ProfileSchema } from "./schemas.ts";

/** The operations that turn `user` into the submitted profile; none when nothing changed. */
export function profileOperations(user: User, value: z.infer<typeof ProfileSchema>) {
  const operations: ProfileOperation[] = [];
  const names = [
    ["/firstName", user.firstName, value.firstName ?? null],
    ["/lastName", user.lastName, value.lastName ?? null],
  ] as const;
  for (const [path, before, after] of names) {
    if (before === after) continue;
    operations.push(
      after === null ? { op: "remove", path } : { op: "replace", path, value: after },
    );
  }
  if (value.nickname !== user.nickname) {
    operations.push({ op: "replace", path: "/nickname", value: value.nickname });
  }
  return operations;
}
