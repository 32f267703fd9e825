// Navigation rules shared by the header, the footer and their tests.

export interface NavLink {
  label: string;
  path: string;
}

export interface NavItem extends NavLink {
  children?: NavLink[];
}

const normalise = (path: string) => {
  const bare = path.split(/[?#]/)[0] ?? "/";
  return bare.toLowerCase().replace(/\/+$/, "") || "/";
};

/** docs/product.md#pages: exact match for home, prefix match for everything else (case-insensitive, like the router). */
export function isActivePath(pathname: string, target: string): boolean {
  const here = normalise(pathname);
  const to = normalise(target);
  if (to === "/") return here === "/";
  return here === to || here.startsWith(`${to}/`);
}

/** A menu with a dropdown is active on its own page or on any page it lists. */
export function isNavItemActive(pathname: string, item: NavItem): boolean {
  return isActivePath(pathname, item.path) || (item.children ?? []).some((c) => isActivePath(pathname, c.path));
}
