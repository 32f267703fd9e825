// How certificates write their dates, where their links may lead, and which name the claim offers.

/**
 * The account's name as the name to print, when it is a real name; else "". A provider that knows no name may give
 * the e-mail, or its part before the @, as the name (the session falls back to the e-mail too): neither is offered.
 */
export function offeredName(name: string | null | undefined, email: string | null | undefined): string {
  const given = (name ?? "").trim();
  const address = (email ?? "").trim().toLowerCase();
  if (!given || !address) return given;
  const local = address.split("@")[0];
  const same = given.toLowerCase();
  return same === address || same === local ? "" : given;
}

/** A `YYYY-MM-DD` day as "12 March 2026" (the day itself: no time zone moves it). */
export function formatDay(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? "");
  if (!match) return day ?? "";
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/**
 * The certificate's "Add to LinkedIn profile" address when it is LinkedIn's documented add-to-profile link
 * (https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&…), else null and the button is not shown:
 * the page never sends a student to another address in LinkedIn's name.
 */
export function linkedInAddUrl(url: string | null | undefined): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url ?? "");
  } catch {
    return null;
  }
  const documented =
    parsed.protocol === "https:" &&
    parsed.hostname === "www.linkedin.com" &&
    parsed.pathname === "/profile/add" &&
    parsed.searchParams.get("startTask") === "CERTIFICATION_NAME" &&
    Boolean(parsed.searchParams.get("name")) &&
    Boolean(parsed.searchParams.get("certId"));
  return documented ? parsed.href : null;
}

/** A certificate id as the API writes it: `SKY-` and four groups of four of Crockford's base32 (no I, L, O, U). */
export const certificateIdPattern = /^SKY(-[0-9A-HJKMNP-TV-Z]{4}){4}$/;

/**
 * An id as someone typed or read it aloud, in the API's form: upper case, spaces and dashes tidied, and the letters
 * Crockford's alphabet leaves out read as the digits they look like (O → 0, I and L → 1).
 */
export function normaliseCertificateId(typed: string): string {
  const compact = typed.toUpperCase().replace(/[\s_–—-]+/g, "");
  const body = compact.startsWith("SKY") ? compact.slice(3) : compact;
  const digits = body.replace(/O/g, "0").replace(/[IL]/g, "1");
  if (digits.length !== 16) return typed.trim().toUpperCase();
  return `SKY-${digits.match(/.{4}/g)!.join("-")}`;
}
