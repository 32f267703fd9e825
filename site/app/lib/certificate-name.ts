// The name printed on a certificate: Latin letters (accented ones too), spaces, hyphens, apostrophes and periods,
// 2 to 80 characters once trimmed, starting with a letter. The API enforces it (the same letters: the ones the
// certificate's font draws); the student's claim and staff's issue check it first, so the rule is explained before
// anything is sent.

export const certificateNameLimits = { min: 2, max: 80 } as const;

/** The rule in the words the forms show under the field. */
export const certificateNameRule =
  "Letters (accents welcome), spaces, hyphens, apostrophes and periods; 2 to 80 characters, starting with a letter.";

/**
 * The name as it will be sent: composed (é as one letter), typographic apostrophes (’ from a phone's keyboard) as
 * the plain one, runs of white space as one space, trimmed.
 */
export function normaliseCertificateName(raw: string): string {
  return raw
    .normalize("NFC")
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** Basic Latin, Latin-1 (not × or ÷), Latin Extended-A and -B, Latin Extended Additional (to ỻ): the API's letters,
 * the ones the certificate's font draws. */
const letterRanges: [number, number][] = [
  [0x41, 0x5a],
  [0x61, 0x7a],
  [0xc0, 0xd6],
  [0xd8, 0xf6],
  [0xf8, 0x24f],
  [0x1e00, 0x1efb],
];
const inRanges = (c: string, ranges: [number, number][]) => ranges.some(([from, to]) => c.codePointAt(0)! >= from && c.codePointAt(0)! <= to);
const isLetter = (c: string) => inRanges(c, letterRanges);
/** A letter, a combining accent (a letter typed as letter then accent), a space, or - ' . */
const isAllowed = (c: string) => isLetter(c) || inRanges(c, [[0x300, 0x33f]]) || " -'.".includes(c);

/** What is wrong with `raw` as a certificate name, or null when it may be printed. */
export function certificateNameProblem(raw: string): string | null {
  const name = normaliseCertificateName(raw);
  const length = [...name].length;
  if (length === 0) return "Enter the name to print on the certificate.";
  if (length < certificateNameLimits.min) return `The name needs at least ${certificateNameLimits.min} characters.`;
  if (length > certificateNameLimits.max) return `The name can have at most ${certificateNameLimits.max} characters (it has ${length}).`;
  const chars = [...name];
  if (!isLetter(chars[0]!) || !chars.every(isAllowed)) {
    const others = [...new Set(chars.filter((c) => !isAllowed(c)))].join(" ");
    return others ? `Use letters, spaces, hyphens, apostrophes and periods only (not ${others}).` : "Start the name with a letter.";
  }
  return null;
}
