import { createHash } from 'node:crypto';

/**
 * Each demo course's look: a palette in the product's colours (deep navy grounds, bright accents), a picture of
 * its topic and a short label. Thumbnails and the title slides of its lessons share it, so a course is
 * recognisable from either. Courses without an entry get a palette and a picture chosen from their id.
 */

/** The product's own colours (apps/web/src/index.css, dark theme). */
export const BRAND = {
  bg: '#070b14',
  surface: '#0e1526',
  surface2: '#16203a',
  border: '#24304d',
  fg: '#f1f5fb',
  muted: '#a9b4c9',
  accent: '#00cfff',
} as const;

export interface Palette {
  /** Background gradient, top-left to bottom-right. */
  from: string;
  to: string;
  /** The course's own colour (pictures, highlights). */
  hue: string;
  /** A second colour for contrast within a picture. */
  second: string;
}

const PALETTES = {
  cyan: { from: '#06101f', to: '#0d2a3f', hue: '#00cfff', second: '#7ce7ff' },
  violet: { from: '#0d0b24', to: '#271f52', hue: '#9d8cff', second: '#00cfff' },
  amber: { from: '#140f0a', to: '#3a2a12', hue: '#ffb547', second: '#fff1d6' },
  green: { from: '#04130f', to: '#0f3527', hue: '#3ddc84', second: '#b9f6d3' },
  coral: { from: '#170a12', to: '#3d1626', hue: '#ff7a8a', second: '#ffd1d7' },
  teal: { from: '#041417', to: '#0c3a3d', hue: '#2dd4bf', second: '#ffb547' },
  blue: { from: '#060d24', to: '#13295c', hue: '#5b9dff', second: '#c3dbff' },
  pink: { from: '#150a1c', to: '#3a1645', hue: '#f472b6', second: '#9d8cff' },
  lime: { from: '#0b1207', to: '#243614', hue: '#a3e635', second: '#00cfff' },
  orange: { from: '#160c06', to: '#3f1f0c', hue: '#fb923c', second: '#ffd8b8' },
} satisfies Record<string, Palette>;
type PaletteName = keyof typeof PALETTES;

/** How a thumbnail arranges its picture and label. */
export type Layout = 'picture-right' | 'picture-left' | 'picture-top' | 'badge';
/** A background texture behind a thumbnail. */
export type Texture = 'grid' | 'dots' | 'rings' | 'stripes' | 'plain';

export interface CourseArt {
  label: string;
  palette: Palette;
  picture: Picture;
  layout: Layout;
  texture: Texture;
}

type Picture = keyof typeof PICTURES;

const KNOWN: Record<
  string,
  { label: string; palette: PaletteName; picture: Picture; layout: Layout; texture: Texture }
> = {
  'ai-agents-tool-use': {
    label: 'Agents',
    palette: 'violet',
    picture: 'loop',
    layout: 'picture-right',
    texture: 'rings',
  },
  'ai-product-engineering': {
    label: 'AI Products',
    palette: 'orange',
    picture: 'browser',
    layout: 'picture-top',
    texture: 'dots',
  },
  'computer-vision': {
    label: 'Vision',
    palette: 'green',
    picture: 'detect',
    layout: 'picture-left',
    texture: 'grid',
  },
  'deep-learning-pytorch': {
    label: 'PyTorch',
    palette: 'coral',
    picture: 'network',
    layout: 'picture-right',
    texture: 'plain',
  },
  'llm-evaluation': { label: 'Evals', palette: 'amber', picture: 'bars', layout: 'badge', texture: 'stripes' },
  'llm-fine-tuning-lora': {
    label: 'LoRA',
    palette: 'pink',
    picture: 'lowRank',
    layout: 'picture-left',
    texture: 'dots',
  },
  'llmops-deployment': {
    label: 'LLMOps',
    palette: 'blue',
    picture: 'pipeline',
    layout: 'picture-top',
    texture: 'grid',
  },
  'ml-foundations': {
    label: 'ML Basics',
    palette: 'teal',
    picture: 'scatter',
    layout: 'picture-right',
    texture: 'grid',
  },
  'multimodal-apps': {
    label: 'Multimodal',
    palette: 'lime',
    picture: 'modalities',
    layout: 'picture-top',
    texture: 'plain',
  },
  'prompt-engineering': {
    label: 'Prompts',
    palette: 'cyan',
    picture: 'chat',
    layout: 'picture-left',
    texture: 'stripes',
  },
  'python-for-ai': { label: 'Python', palette: 'amber', picture: 'code', layout: 'picture-right', texture: 'dots' },
  'rag-from-scratch': {
    label: 'RAG',
    palette: 'cyan',
    picture: 'retrieval',
    layout: 'badge',
    texture: 'rings',
  },
  'responsible-ai': {
    label: 'Responsible AI',
    palette: 'green',
    picture: 'shield',
    layout: 'badge',
    texture: 'plain',
  },
  'transformers-explained': {
    label: 'Attention',
    palette: 'violet',
    picture: 'attention',
    layout: 'picture-left',
    texture: 'plain',
  },
  'vector-databases': {
    label: 'Vectors',
    palette: 'blue',
    picture: 'vectors',
    layout: 'picture-right',
    texture: 'dots',
  },
};

const pick = <T>(list: readonly T[], seed: number): T => list[seed % list.length] as T;

/** The look of a course: its own entry, or one chosen from the id (the same id always gets the same look). */
export function courseArt(course: { id: string; title: string }): CourseArt {
  const known = KNOWN[course.id];
  if (known) return { ...known, palette: PALETTES[known.palette] };
  const seed = createHash('sha256').update(course.id).digest().readUInt32BE(0);
  const words = course.title.split(/\s+/).filter(Boolean);
  return {
    label: words.slice(0, 2).join(' ') || course.id,
    palette: PALETTES[pick(Object.keys(PALETTES) as PaletteName[], seed)],
    picture: pick(Object.keys(PICTURES) as Picture[], seed >>> 4),
    layout: pick(['picture-right', 'picture-left', 'picture-top', 'badge'] as const, seed >>> 8),
    texture: pick(['grid', 'dots', 'rings', 'stripes', 'plain'] as const, seed >>> 12),
  };
}

/** The course's picture in a 200 x 200 box, placed with its top-left corner at (x, y) and scaled to `size`. */
export function drawPicture(art: CourseArt, x: number, y: number, size: number): string {
  const scale = (size / 200).toFixed(4);
  return `<g transform="translate(${x} ${y}) scale(${scale})">${PICTURES[art.picture](art.palette)}</g>`;
}

const ink = BRAND.fg;

/** Topic pictures, each drawn in a 200 x 200 box with the course's palette. */
const PICTURES = {
  /** An agent's observe-think-act loop. */
  loop: (p: Palette) => {
    const nodes = [
      [100, 30],
      [161, 135],
      [39, 135],
    ];
    return `<circle cx="100" cy="100" r="70" fill="none" stroke="${p.hue}" stroke-width="6" stroke-dasharray="92 18" stroke-linecap="round"/>
${nodes.map(([cx, cy], i) => `<circle cx="${cx}" cy="${cy}" r="${i === 0 ? 22 : 17}" fill="${i === 0 ? p.hue : p.second}"/>`).join('')}
<path d="M108 70l-26 36h18l-8 28 28-38h-18z" fill="${ink}" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/>`;
  },
  /** A product window with a rising chart. */
  browser: (
    p: Palette,
  ) => `<rect x="14" y="30" width="172" height="140" rx="14" fill="${BRAND.surface}" stroke="${p.hue}" stroke-width="4"/>
<path d="M14 58h172" stroke="${p.hue}" stroke-width="4"/>
<circle cx="32" cy="44" r="5" fill="${p.hue}"/><circle cx="48" cy="44" r="5" fill="${p.second}"/><circle cx="64" cy="44" r="5" fill="${ink}" opacity=".5"/>
<path d="M34 146l34-30 26 16 44-50 30 18" fill="none" stroke="${p.hue}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M150 72l5 12 12 5-12 5-5 12-5-12-12-5 12-5z" fill="${p.second}"/>`,
  /** Objects found in an image, with boxes and labels. */
  detect: (p: Palette) => `<rect x="10" y="20" width="180" height="160" rx="12" fill="${BRAND.surface}"/>
<circle cx="64" cy="104" r="30" fill="${p.hue}" opacity=".85"/>
<path d="M112 150l32-58 32 58z" fill="${p.second}" opacity=".85"/>
<rect x="28" y="68" width="72" height="72" fill="none" stroke="${p.hue}" stroke-width="4" stroke-dasharray="10 6"/>
<rect x="104" y="82" width="80" height="76" fill="none" stroke="${p.second}" stroke-width="4" stroke-dasharray="10 6"/>
<rect x="28" y="50" width="52" height="16" rx="3" fill="${p.hue}"/><rect x="104" y="64" width="58" height="16" rx="3" fill="${p.second}"/>`,
  /** A small neural network. */
  network: (p: Palette) => {
    const columns = [
      [40, [50, 100, 150]],
      [100, [30, 76, 124, 170]],
      [160, [72, 128]],
    ] as const;
    let edges = '';
    for (let c = 0; c < columns.length - 1; c++) {
      const [x1, ys1] = columns[c] as (typeof columns)[number];
      const [x2, ys2] = columns[c + 1] as (typeof columns)[number];
      for (const y1 of ys1) for (const y2 of ys2) edges += `M${x1} ${y1}L${x2} ${y2}`;
    }
    const nodes = columns
      .flatMap(([x, ys], c) =>
        ys.map((y) => `<circle cx="${x}" cy="${y}" r="${c === 1 ? 13 : 15}" fill="${c === 1 ? p.second : p.hue}"/>`),
      )
      .join('');
    return `<path d="${edges}" stroke="${p.hue}" stroke-width="2.5" opacity=".55"/>${nodes}`;
  },
  /** Scores against a threshold, with a pass mark. */
  bars: (p: Palette) => `<path d="M20 176h164" stroke="${ink}" stroke-width="4" stroke-linecap="round" opacity=".6"/>
${[
  [30, 110],
  [66, 70],
  [102, 130],
  [138, 92],
]
  .map(
    ([x, h]) =>
      `<rect x="${x}" y="${172 - (h ?? 0)}" width="26" height="${h}" rx="5" fill="${(h ?? 0) >= 92 ? p.hue : p.second}"/>`,
  )
  .join('')}
<path d="M20 80h164" stroke="${p.second}" stroke-width="3" stroke-dasharray="8 6"/>
<circle cx="160" cy="38" r="24" fill="${p.hue}"/><path d="M148 38l8 8 16-16" fill="none" stroke="${BRAND.bg}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`,
  /** A large weight matrix and its low-rank update, A times B. */
  lowRank: (p: Palette) => {
    let grid = '';
    for (let i = 0; i < 5; i++) {
      for (let j = 0; j < 5; j++) {
        grid += `<rect x="${12 + j * 18}" y="${50 + i * 18}" width="15" height="15" rx="2" fill="${p.second}" opacity="${(0.25 + ((i * 3 + j * 7) % 5) * 0.12).toFixed(2)}"/>`;
      }
    }
    return `${grid}<text x="112" y="106" font-family="'DejaVu Sans', sans-serif" font-size="30" font-weight="bold" fill="${ink}">+</text>
<rect x="138" y="50" width="16" height="88" rx="4" fill="${p.hue}"/>
<rect x="160" y="50" width="32" height="16" rx="4" fill="${p.hue}" opacity=".8"/>
<text x="139" y="168" font-family="'DejaVu Sans', sans-serif" font-size="18" font-weight="bold" fill="${p.hue}">A·B</text>`;
  },
  /** Build, test and ship stages feeding a server rack. */
  pipeline: (p: Palette) => `${[20, 78, 136]
    .map(
      (x, i) =>
        `<rect x="${x}" y="36" width="44" height="44" rx="10" fill="${i === 2 ? p.hue : BRAND.surface2}" stroke="${p.hue}" stroke-width="4"/>`,
    )
    .join('')}
<path d="M66 58h10M124 58h10" stroke="${p.second}" stroke-width="5" stroke-linecap="round"/>
<path d="M158 84v22" stroke="${p.second}" stroke-width="5" stroke-linecap="round"/>
${[112, 136, 160]
  .map(
    (y) =>
      `<rect x="60" y="${y}" width="120" height="18" rx="5" fill="${BRAND.surface2}" stroke="${p.hue}" stroke-width="3"/><circle cx="166" cy="${y + 9}" r="4" fill="${p.second}"/>`,
  )
  .join('')}`,
  /** Data points and a fitted line. */
  scatter: (p: Palette) => {
    const points = [
      [34, 150],
      [50, 138],
      [62, 144],
      [76, 120],
      [92, 112],
      [104, 118],
      [118, 92],
      [132, 86],
      [146, 72],
      [160, 66],
      [172, 50],
      [88, 132],
      [140, 96],
    ];
    return `<path d="M20 20v160h164" fill="none" stroke="${ink}" stroke-width="4" stroke-linecap="round" opacity=".6"/>
<path d="M26 160L184 40" stroke="${p.second}" stroke-width="5" stroke-linecap="round"/>
${points.map(([cx, cy]) => `<circle cx="${cx}" cy="${cy}" r="7" fill="${p.hue}"/>`).join('')}`;
  },
  /** Image, text and sound, side by side. */
  modalities: (
    p: Palette,
  ) => `<rect x="8" y="24" width="84" height="70" rx="10" fill="${BRAND.surface2}" stroke="${p.hue}" stroke-width="4"/>
<path d="M18 84l22-30 16 18 12-12 16 24z" fill="${p.hue}"/><circle cx="72" cy="44" r="8" fill="${p.second}"/>
<rect x="108" y="24" width="84" height="70" rx="10" fill="${BRAND.surface2}" stroke="${p.second}" stroke-width="4"/>
${[42, 58, 74].map((y, i) => `<rect x="120" y="${y}" width="${[60, 48, 56][i]}" height="8" rx="4" fill="${p.second}"/>`).join('')}
<rect x="8" y="110" width="184" height="66" rx="10" fill="${BRAND.surface2}" stroke="${p.hue}" stroke-width="4"/>
<path d="M22 143${[12, -18, 22, -26, 16, -10, 24, -20, 14, -8, 18, -14, 10]
    .map((d, i) => `L${34 + i * 11} ${143 + d}`)
    .join('')}L182 143" fill="none" stroke="${p.hue}" stroke-width="4" stroke-linejoin="round"/>`,
  /** A prompt and the model's answer. */
  chat: (p: Palette) => `<rect x="10" y="22" width="130" height="66" rx="16" fill="${p.hue}"/>
<path d="M30 88l-6 20 24-20z" fill="${p.hue}"/>
<text x="28" y="66" font-family="'DejaVu Sans Mono', monospace" font-size="30" font-weight="bold" fill="${BRAND.bg}">&gt;_</text>
<rect x="76" y="46" width="50" height="8" rx="4" fill="${BRAND.bg}" opacity=".55"/>
<rect x="60" y="104" width="130" height="74" rx="16" fill="${BRAND.surface2}" stroke="${p.second}" stroke-width="4"/>
<path d="M170 178l6 18-24-18z" fill="${p.second}"/>
${[124, 142, 160].map((y, i) => `<rect x="78" y="${y - 4}" width="${[92, 70, 84][i]}" height="8" rx="4" fill="${p.second}" opacity=".8"/>`).join('')}`,
  /** An editor with code. */
  code: (
    p: Palette,
  ) => `<rect x="8" y="22" width="184" height="156" rx="14" fill="${BRAND.surface}" stroke="${p.hue}" stroke-width="4"/>
<text x="22" y="70" font-family="'DejaVu Sans Mono', monospace" font-size="34" font-weight="bold" fill="${p.hue}">def</text>
<rect x="100" y="48" width="70" height="12" rx="6" fill="${p.second}"/>
${[
  [44, 88, 90, p.second],
  [44, 110, 118, p.hue],
  [44, 132, 70, p.second],
  [22, 154, 100, ink],
]
  .map(([x, y, w, c]) => `<rect x="${x}" y="${y}" width="${w}" height="10" rx="5" fill="${c}" opacity=".85"/>`)
  .join('')}`,
  /** Documents searched for the passage that answers. */
  retrieval: (p: Palette) => `${[0, 1, 2]
    .map(
      (i) =>
        `<rect x="${12 + i * 12}" y="${24 + i * 12}" width="84" height="108" rx="8" fill="${i === 2 ? BRAND.surface2 : BRAND.surface}" stroke="${p.hue}" stroke-width="3" opacity="${0.5 + i * 0.25}"/>`,
    )
    .join('')}
${[66, 82, 98, 114].map((y, i) => `<rect x="48" y="${y}" width="${[52, 40, 56, 36][i]}" height="7" rx="3" fill="${i === 1 ? p.second : p.hue}" opacity="${i === 1 ? 1 : 0.6}"/>`).join('')}
<circle cx="140" cy="128" r="34" fill="none" stroke="${p.second}" stroke-width="8"/>
<path d="M164 152l26 26" stroke="${p.second}" stroke-width="12" stroke-linecap="round"/>`,
  /** A shield with a check mark. */
  shield: (
    p: Palette,
  ) => `<path d="M100 14l72 26v52c0 46-32 80-72 96-40-16-72-50-72-96V40z" fill="${BRAND.surface2}" stroke="${p.hue}" stroke-width="6" stroke-linejoin="round"/>
<path d="M100 40l48 18v36c0 30-20 54-48 66z" fill="${p.hue}" opacity=".3"/>
<path d="M68 100l22 22 44-46" fill="none" stroke="${p.second}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>`,
  /** An attention map: how much each token looks at each other one. */
  attention: (p: Palette) => {
    let cells = '';
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j <= i; j++) {
        const weight = j === i ? 1 : ((i * 5 + j * 3) % 7) / 8 + 0.12;
        cells += `<rect x="${30 + j * 26}" y="${30 + i * 26}" width="22" height="22" rx="4" fill="${j === i ? p.second : p.hue}" opacity="${weight.toFixed(2)}"/>`;
      }
    }
    return `${cells}<path d="M24 24v164M24 24h164" stroke="${ink}" stroke-width="3" opacity=".4"/>`;
  },
  /** Points in a space, and a query's nearest neighbours. */
  vectors: (p: Palette) => {
    const points = [
      [30, 40],
      [58, 150],
      [160, 34],
      [176, 160],
      [38, 96],
      [120, 178],
      [180, 92],
      [90, 26],
      [118, 104],
      [84, 118],
      [110, 74],
    ];
    const near = points.slice(8);
    return `<circle cx="100" cy="96" r="44" fill="${p.hue}" opacity=".15" stroke="${p.hue}" stroke-width="3" stroke-dasharray="8 6"/>
${near.map(([x, y]) => `<path d="M100 96L${x} ${y}" stroke="${p.second}" stroke-width="3"/>`).join('')}
${points.map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="${i >= 8 ? 9 : 7}" fill="${i >= 8 ? p.second : p.hue}" opacity="${i >= 8 ? 1 : 0.7}"/>`).join('')}
<circle cx="100" cy="96" r="11" fill="${ink}"/>`;
  },
} satisfies Record<string, (palette: Palette) => string>;

/** A faint background texture over a `width` x `height` area. */
export function drawTexture(texture: Texture, palette: Palette, width: number, height: number): string {
  const color = palette.hue;
  switch (texture) {
    case 'grid': {
      let d = '';
      for (let x = 40; x < width; x += 40) d += `M${x} 0V${height}`;
      for (let y = 40; y < height; y += 40) d += `M0 ${y}H${width}`;
      return `<path d="${d}" stroke="${color}" stroke-width="1" opacity=".08"/>`;
    }
    case 'dots': {
      let dots = '';
      for (let x = 24; x < width; x += 32) for (let y = 24; y < height; y += 32) dots += `M${x} ${y}h.01`;
      return `<path d="${dots}" stroke="${color}" stroke-width="4" stroke-linecap="round" opacity=".12"/>`;
    }
    case 'rings':
      return [1, 2, 3, 4, 5]
        .map(
          (i) =>
            `<circle cx="${width}" cy="${height}" r="${i * (height / 3)}" fill="none" stroke="${color}" stroke-width="2" opacity="${(0.16 - i * 0.02).toFixed(2)}"/>`,
        )
        .join('');
    case 'stripes': {
      let d = '';
      for (let x = -height; x < width; x += 48) d += `M${x} ${height}L${x + height} 0`;
      return `<path d="${d}" stroke="${color}" stroke-width="14" opacity=".05"/>`;
    }
    case 'plain':
      return '';
  }
}
