// Generates the site's placeholder artwork (abstract illustrations and avatars) as small WebP files under
// public/images, plus the logo, favicon, partner logos and Open Graph image. The outputs are committed;
// rerun with `node scripts/generate-images.mjs` after changing the list. Uses sharp (librsvg + libwebp).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "images");
const require = createRequire(import.meta.url);
const lucideIcons = join(dirname(require.resolve("lucide-react/package.json")), "dist", "esm", "icons");

/** A deterministic pseudo-random generator, so reruns give the same pictures. */
function rng(seed) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

/** lucide-react's data for one icon, following alias modules (bar-chart-3 → chart-column). */
async function iconNode(name) {
  const file = join(lucideIcons, `${name}.mjs`);
  const alias = /export \{ default \} from '\.\/(.+)\.mjs'/.exec(await readFile(file, "utf8"));
  if (alias) return iconNode(alias[1]);
  return (await import(file)).__iconData.node;
}

async function iconPaths(name) {
  return (await iconNode(name))
    .map(([tag, attrs]) => `<${tag} ${Object.entries(attrs).filter(([k]) => k !== "key").map(([k, v]) => `${k}="${v}"`).join(" ")}/>`)
    .join("");
}

const palettes = [
  ["#0b3b8c", "#1d6fd8", "#7cc4ff"],
  ["#4c1d95", "#7c3aed", "#c4b5fd"],
  ["#064e3b", "#059669", "#6ee7b7"],
  ["#7c2d12", "#ea580c", "#fdba74"],
  ["#0f172a", "#334155", "#38bdf8"],
  ["#831843", "#db2777", "#f9a8d4"],
];

/** An abstract "tech" illustration: gradient, soft blobs, a grid of dots, a card and one lucide icon. */
async function illustration({ seed, width, height, icon, palette }) {
  const r = rng(seed);
  const [dark, mid, light] = palette;
  const blobs = Array.from({ length: 4 }, () => {
    const cx = r() * width, cy = r() * height, rad = (0.15 + r() * 0.35) * Math.min(width, height);
    return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${rad.toFixed(0)}" fill="${light}" opacity="${(0.12 + r() * 0.18).toFixed(2)}"/>`;
  }).join("");
  const dots = [];
  for (let x = 24; x < width * 0.35; x += 22) for (let y = 24; y < height * 0.4; y += 22) dots.push(`<circle cx="${x}" cy="${y}" r="2" fill="#fff" opacity="0.25"/>`);
  const cardW = width * 0.46, cardH = height * 0.46, cardX = (width - cardW) / 2, cardY = (height - cardH) / 2;
  const s = Math.min(cardW, cardH) * 0.36;
  const bars = Array.from({ length: 3 }, (_, i) => `<rect x="${(cardX + cardW * 0.1).toFixed(0)}" y="${(cardY + cardH * (0.72 + i * 0.08)).toFixed(0)}" width="${(cardW * (0.3 + r() * 0.5)).toFixed(0)}" height="${(cardH * 0.035).toFixed(1)}" rx="3" fill="${mid}" opacity="0.35"/>`).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${blobs}${dots.join("")}
<rect x="${cardX}" y="${cardY}" width="${cardW}" height="${cardH}" rx="${(cardH * 0.08).toFixed(0)}" fill="#fff" opacity="0.95"/>
<g transform="translate(${(width - s) / 2} ${cardY + cardH * 0.08}) scale(${(s / 24).toFixed(3)})" fill="none" stroke="${dark}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${await iconPaths(icon)}</g>
${bars}</svg>`;
  return svg;
}

/** A friendly, faceless avatar: coloured disc, head and shoulders. */
function avatar({ seed, size }) {
  const r = rng(seed);
  const bg = palettes[Math.floor(r() * palettes.length)];
  const skin = ["#f1c7a5", "#d9a07a", "#b9815c", "#8d5a3b"][Math.floor(r() * 4)];
  const hair = ["#2b1b12", "#4a2f1d", "#111827", "#6b4226"][Math.floor(r() * 4)];
  const c = size / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<rect width="100%" height="100%" fill="${bg[2]}"/>
<ellipse cx="${c}" cy="${size * 1.02}" rx="${size * 0.38}" ry="${size * 0.3}" fill="${bg[1]}"/>
<ellipse cx="${c}" cy="${size * 0.4}" rx="${size * (0.21 + r() * 0.03)}" ry="${size * 0.22}" fill="${hair}"/>
<circle cx="${c}" cy="${size * 0.45}" r="${size * 0.18}" fill="${skin}"/>
</svg>`;
}

async function webp(svg, file, quality = 72) {
  const out = join(root, file);
  await mkdir(dirname(out), { recursive: true });
  await sharp(Buffer.from(svg)).webp({ quality, effort: 6 }).toFile(out);
}

const courseArt = {
  "mern-full-stack-development": ["code", 0],
  "data-analyst": ["bar-chart-3", 2],
  "ai-machine-learning": ["brain-circuit", 1],
  "cyber-security": ["shield-check", 4],
};

const projectIcons = {
  "wordpress-development": ["layout-template", "shopping-cart", "briefcase", "globe", "heart-handshake", "file-search"],
  "ai-chatbot-integration": ["bot", "message-square", "graduation-cap", "target", "wrench", "globe"],
  "data-analysis": ["bar-chart-3", "chart-pie", "trending-up", "target", "gauge", "database"],
  "web-development": ["graduation-cap", "briefcase", "shopping-cart", "calendar-check", "users", "zap"],
  "cyber-security": ["lock", "shield", "shield-check", "bug", "cloud", "server"],
  "ui-ux-design": ["smartphone", "video", "layout-dashboard", "shopping-cart", "graduation-cap", "globe"],
};

const portfolioArt = {
  "edutrack-lms": ["graduation-cap", 0],
  "shopease-marketplace": ["shopping-cart", 3],
  "medicare-mobile": ["smartphone", 2],
  "fittrack-app": ["trophy", 5],
  "finflow-dashboard": ["layout-dashboard", 1],
  "greenleaf-campaign": ["megaphone", 2],
};

const partners = {
  northbridge: "Northbridge University",
  "indus-valley": "Indus Valley Institute of Technology",
  ravi: "Ravi Institute of Computing",
  westmoor: "Westmoor University",
  "thames-digital": "Thames Digital College",
  margalla: "Margalla School of Design",
};

function initials(name) {
  return name.split(/\s+/).filter((w) => /^[A-Z]/.test(w)).map((w) => w[0]).join("").slice(0, 3);
}

function partnerLogo(slug, name, i) {
  const [dark, mid] = palettes[i % palettes.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><title>${name}</title>
<path d="M48 6 86 22v26c0 22-16 36-38 42C26 84 10 70 10 48V22Z" fill="${dark}"/><path d="M48 14 78 27v21c0 17-12 28-30 33-18-5-30-16-30-33V27Z" fill="${mid}"/>
<text x="48" y="58" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">${initials(name)}</text></svg>\n`;
}

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><title>Skyline Tech Academy</title>
<rect width="40" height="40" rx="10" fill="#1d4ed8"/><path d="M8 28h24" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>
<path d="M11 28V19h4v9M18 28V12h4v16M25 28V16h4v12" fill="#bfdbfe"/></svg>\n`;

async function main() {
  await mkdir(join(root, "brand"), { recursive: true });
  await writeFile(join(root, "brand", "logo.svg"), logoSvg);
  await writeFile(join(root, "..", "favicon.svg"), logoSvg);

  const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b3b8c"/><stop offset="1" stop-color="#1d6fd8"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/><g transform="translate(90 180) scale(4.5)">${logoSvg.replace(/<\/?svg[^>]*>|<title>.*<\/title>/g, "")}</g>
<text x="330" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="700" fill="#fff">Skyline Tech Academy</text>
<text x="330" y="380" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" fill="#dbeafe">IT courses and software services</text></svg>`;
  await sharp(Buffer.from(og)).png({ compressionLevel: 9, palette: true }).toFile(join(root, "brand", "og-image.png"));

  await webp(await illustration({ seed: "hero", width: 720, height: 540, icon: "graduation-cap", palette: palettes[0] }), "hero/home-hero.webp", 70);
  await webp(await illustration({ seed: "about", width: 720, height: 540, icon: "users", palette: palettes[1] }), "hero/about.webp", 70);
  await webp(await illustration({ seed: "demo", width: 720, height: 540, icon: "video", palette: palettes[2] }), "hero/free-demo.webp", 70);
  await webp(await illustration({ seed: "courses", width: 720, height: 540, icon: "rocket", palette: palettes[4] }), "hero/courses.webp", 70);

  for (const [slug, [icon, p]] of Object.entries(courseArt)) {
    await webp(await illustration({ seed: slug, width: 640, height: 400, icon, palette: palettes[p] }), `courses/${slug}.webp`);
  }
  for (const [page, icons] of Object.entries(projectIcons)) {
    for (const [i, icon] of icons.entries()) {
      await webp(await illustration({ seed: `${page}-${i}`, width: 480, height: 300, icon, palette: palettes[(i + page.length) % palettes.length] }), `projects/${page}-${i + 1}.webp`, 65);
    }
  }
  for (const [slug, [icon, p]] of Object.entries(portfolioArt)) {
    await webp(await illustration({ seed: slug, width: 640, height: 400, icon, palette: palettes[p] }), `portfolio/${slug}.webp`);
  }
  const people = [...[1, 2, 3, 4, 5, 6].map((n) => `student-${n}`), ...[1, 2, 3, 4, 5, 6].map((n) => `faculty-${n}`), "team-1", "team-2", "team-3"];
  for (const person of people) await webp(avatar({ seed: person, size: 160 }), `people/${person}.webp`, 75);

  await mkdir(join(root, "partners"), { recursive: true });
  for (const [i, [slug, name]] of Object.entries(partners).entries()) await writeFile(join(root, "partners", `${slug}.svg`), partnerLogo(slug, name, i));
  console.log("images written to", root);
}

await main();
