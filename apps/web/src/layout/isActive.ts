/** A menu link is active on its own page and on the pages below it. */
export const isActiveLink = (pathname: string, link: string): boolean =>
  pathname === link || pathname.startsWith(`${link}/`);
