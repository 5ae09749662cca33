import { EyeOpenIcon, PersonIcon, StarFilledIcon, UploadIcon } from "@radix-ui/react-icons";
import type { Role } from "#domain/roles.ts";

/** Each role's icon (spec section 3). Decorative: the role's name is always written beside it. */
export function RoleIcon({ role }: { role: Role }) {
  const props = { "aria-hidden": true, width: 14, height: 14 } as const;
  switch (role) {
    case "owner":
      return <StarFilledIcon {...props} />;
    case "admin":
      return <PersonIcon {...props} />;
    case "uploader":
      return <UploadIcon {...props} />;
    case "upviewer":
      return (
        <>
          <UploadIcon {...props} />
          <EyeOpenIcon {...props} />
        </>
      );
    case "viewer":
      return <EyeOpenIcon {...props} />;
  }
}
