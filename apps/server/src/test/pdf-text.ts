import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by pdfkit shows, line by line, for tests: the content streams' text operators
 * (glyph ids in hex) read through each font's ToUnicode map. Enough for pdfkit's own output, not a
 * general PDF reader.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: string | null }>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2]!;
    const s = /stream\r?\n([\s\S]*?)\r?\nendstream/.exec(body);
    let stream: string | null = null;
    if (s) {
      const bytes = Buffer.from(s[1]!, 'latin1');
      try {
        stream = body.includes('/FlateDecode') ? inflateSync(bytes).toString('latin1') : s[1]!;
      } catch {
        stream = null;
      }
    }
    objects.set(Number(m[1]), { dict: s ? body.slice(0, s.index) : body, stream });
  }
  // font object → glyph id → text, from its ToUnicode CMap
  const cmapOf = (id: number) => {
    const map = new Map<number, string>();
    const text = objects.get(id)?.stream ?? '';
    const hex = (h: string) => Buffer.from(h, 'hex');
    const utf16 = (h: string) => {
      const b = hex(h);
      let out = '';
      for (let i = 0; i + 1 < b.length; i += 2) out += String.fromCharCode(b.readUInt16BE(i));
      return out;
    };
    for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const e of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(e[1]!, 16), utf16(e[2]!));
    for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const e of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
        const from = parseInt(e[1]!, 16);
        const to = parseInt(e[2]!, 16);
        // an entry may be several code units (a ligature: <0066 0069>)
        if (e[3]!.startsWith('[')) [...e[3]!.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((x, i) => map.set(from + i, utf16(x[1]!.replace(/\s/g, ''))));
        else {
          const start = utf16(e[3]!.slice(1, -1));
          for (let c = from; c <= to; c++) map.set(c, start.slice(0, -1) + String.fromCharCode(start.charCodeAt(start.length - 1) + (c - from)));
        }
      }
    }
    return map;
  };
  const fonts = new Map<number, Map<number, string>>();
  for (const [id, o] of objects) {
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(o.dict);
    if (toUnicode) fonts.set(id, cmapOf(Number(toUnicode[1])));
  }
  const lines: string[] = [];
  for (const [, o] of objects) {
    if (!/\/Type \/Page\b/.test(o.dict)) continue;
    const names = new Map<string, number>();
    const resourcesRef = /\/Resources (\d+) 0 R/.exec(o.dict);
    const resources = resourcesRef ? (objects.get(Number(resourcesRef[1]))?.dict ?? '') : o.dict;
    const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    for (const f of fontDict.matchAll(/\/(\w+) (\d+) 0 R/g)) names.set(f[1]!, Number(f[2]));
    const contents = /\/Contents (\d+) 0 R/.exec(o.dict);
    const content = contents ? (objects.get(Number(contents[1]))?.stream ?? '') : '';
    let map = new Map<number, string>();
    let line = '';
    for (const op of content.matchAll(/\/(\w+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|\s|-?[\d.]+)*)\] TJ|<([0-9a-fA-F]*)> Tj|\bET\b/g)) {
      if (op[1]) map = fonts.get(names.get(op[1]) ?? -1) ?? new Map();
      else if (op[0] === 'ET') {
        if (line) lines.push(line);
        line = '';
      } else {
        const hexes = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[3]!];
        for (const h of hexes) for (let i = 0; i + 3 < h.length; i += 4) line += map.get(parseInt(h.slice(i, i + 4), 16)) ?? '';
      }
    }
  }
  return lines;
}
