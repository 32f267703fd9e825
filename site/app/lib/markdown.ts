// Staff's Markdown (an assignment's instructions, a review's feedback) read into a small tree that components/Markdown
// renders as React elements: no HTML is ever parsed or injected (a `<script>` stays text), and a link keeps only an
// http, https or mailto address. The subset a teacher writes: headings, paragraphs, lists, quotes, code, emphasis, links.

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "strong" | "em"; children: Inline[] }
  | { kind: "code"; text: string }
  | { kind: "link"; href: string; children: Inline[] }
  | { kind: "break" };

export type Block =
  | { kind: "heading"; level: number; children: Inline[] }
  | { kind: "paragraph"; children: Inline[] }
  | { kind: "list"; ordered: boolean; items: Inline[][] }
  | { kind: "quote"; children: Inline[] }
  | { kind: "code"; text: string };

/** The address a link may open, or null (javascript:, data: and relative addresses are dropped to text). */
export function safeHref(raw: string): string | null {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" || url.protocol === "mailto:" ? url.href : null;
}

// One inline token at a time, the earliest match first: code, strong, emphasis, a [link](url), a bare URL.
const INLINE =
  /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)|\*\*(?=\S)([\s\S]*?\S)\*\*|__(?=\S)([\s\S]*?\S)__|\*(?=\S)([\s\S]*?\S)\*|(?<![\w])_(?=\S)([\s\S]*?\S)_(?![\w])|\[([^\]\n]+)\]\(\s*([^()\s]+)\s*\)|(https?:\/\/[^\s<>()]*[^\s<>().,;:!?'"*_])/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const pushText = (t: string) => {
    if (!t) return;
    // A line break inside a paragraph is kept (teachers write one step a line).
    t.split("\n").forEach((line, i) => {
      if (i > 0) out.push({ kind: "break" });
      if (line) {
        const last = out.at(-1);
        if (last?.kind === "text") last.text += line;
        else out.push({ kind: "text", text: line });
      }
    });
  };
  let rest = text;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      pushText(rest);
      break;
    }
    pushText(rest.slice(0, m.index));
    const [whole, , code, strong1, strong2, em1, em2, label, href, bare] = m;
    if (code !== undefined) out.push({ kind: "code", text: code.trim() || code });
    else if (strong1 !== undefined || strong2 !== undefined) out.push({ kind: "strong", children: parseInline(strong1 ?? strong2 ?? "") });
    else if (em1 !== undefined || em2 !== undefined) out.push({ kind: "em", children: parseInline(em1 ?? em2 ?? "") });
    else if (label !== undefined && href !== undefined) {
      const safe = safeHref(href);
      if (safe) out.push({ kind: "link", href: safe, children: parseInline(label) });
      else pushText(label);
    } else if (bare !== undefined) {
      const safe = safeHref(bare);
      if (safe) out.push({ kind: "link", href: safe, children: [{ kind: "text", text: bare }] });
      else pushText(bare);
    }
    rest = rest.slice(m.index + whole.length);
  }
  return out;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const FENCE = /^\s{0,3}(```|~~~)/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!)) body.push(lines[i++]!);
      i++;
      blocks.push({ kind: "code", text: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: "heading", level: heading[1]!.length, children: parseInline(heading[2]!) });
      i++;
      continue;
    }
    const listKind = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : null;
    if (listKind) {
      const items: string[] = [];
      while (i < lines.length && lines[i]!.trim()) {
        const item = listKind.exec(lines[i]!);
        if (item) items.push(item[1]!);
        else if (items.length > 0) items[items.length - 1] += `\n${lines[i]!.trim()}`;
        i++;
      }
      blocks.push({ kind: "list", ordered: listKind === NUMBERED, items: items.map(parseInline) });
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) body.push(QUOTE.exec(lines[i++]!)![1]!);
      blocks.push({ kind: "quote", children: parseInline(body.join("\n")) });
      continue;
    }
    const body: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !HEADING.test(lines[i]!) && !FENCE.test(lines[i]!) && !(body.length > 0 && (BULLET.test(lines[i]!) || NUMBERED.test(lines[i]!) || QUOTE.test(lines[i]!)))) {
      body.push(lines[i++]!.trim());
    }
    blocks.push({ kind: "paragraph", children: parseInline(body.join("\n")) });
  }
  return blocks;
}
