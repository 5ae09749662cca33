/**
 * A person's avatar, or their initials on a tinted disc when they have none. A plain <img>:
 * Radix's Avatar shows only the fallback until its script has run.
 */
export function UserAvatar({
  url,
  name,
  size = 64,
}: {
  url: string | null | undefined;
  name: string;
  size?: number;
}) {
  const style = { width: size, height: size, fontSize: size * 0.4 };
  if (url) {
    return <img className="avatar" src={url} alt="" width={size} height={size} style={style} />;
  }
  return (
    <span className="avatar avatar-initials" aria-hidden style={style}>
      {initialsOf(name)}
    </span>
  );
}

/** The first letters of the first two words: "Ada Lovelace" → "AL". */
export function initialsOf(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toLocaleUpperCase() ?? "")
    .join("");
}
