import type { Role } from "#domain/roles.ts";
import { Icon } from "./icon.tsx";

/**
 * Each role's icon (docs/product.md#roles). Decorative: the role's name is always written beside
 * it.
 */
export function RoleIcon({ role }: { role: Role }) {
  switch (role) {
    case "owner":
      return <Icon name="star-filled" size={14} />;
    case "admin":
      return <Icon name="person" size={14} />;
    case "uploader":
      return <Icon name="upload" size={14} />;
    case "upviewer":
      return (
        <>
          <Icon name="upload" size={14} />
          <Icon name="eye-open" size={14} />
        </>
      );
    case "viewer":
      return <Icon name="eye-open" size={14} />;
  }
}
