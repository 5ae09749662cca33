import dropLinksCss from "./drop-links.css?url";

/** The drop link screens' own styles (drop-links.css), as their routes' `links` export. */
export const dropLinksStylesheet = () => [{ rel: "stylesheet", href: dropLinksCss }];
