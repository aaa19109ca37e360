import { fetchKnowledgeFile } from '../api/knowledge-api';

/*
 * An article's images are its own files, read only with the user's token: the HTML keeps their API path
 * (`/api/knowledge/attachments/<id>`, the only relative source the server's sanitizer lets through), and
 * the reader and the editor show them from memory (object URLs), put back to the path when saved.
 */
const pathSrc = /src="\/api\/knowledge\/attachments\/(\d+)"/g;
const urlOf = new Map<number, string>();
const idOf = new Map<string, number>();

function remember(id: number, blob: Blob): string {
  const url = URL.createObjectURL(blob);
  urlOf.set(id, url);
  idOf.set(url, id);
  return url;
}

/** The image just uploaded, shown from the file itself. */
export const rememberImage = (id: number, blob: Blob): string => urlOf.get(id) ?? remember(id, blob);

async function localUrl(id: number): Promise<string> {
  const known = urlOf.get(id);
  if (known) return known;
  return remember(id, (await fetchKnowledgeFile(id)).blob);
}

/** The HTML with each of its own images read into memory (one that cannot be read keeps its path). */
export async function toLocalImages(html: string): Promise<string> {
  const ids = [...new Set([...html.matchAll(pathSrc)].map((m) => Number(m[1])))];
  await Promise.all(ids.map((id) => localUrl(id).catch(() => null)));
  return html.replace(pathSrc, (whole, id: string) => {
    const url = urlOf.get(Number(id));
    return url ? `src="${url}"` : whole;
  });
}

/** The HTML as it is kept: images shown from memory get their API path back. */
export function toStoredImages(html: string): string {
  return html.replace(/src="(blob:[^"]+)"/g, (whole, url: string) => {
    const id = idOf.get(url);
    return id ? `src="/api/knowledge/attachments/${id}"` : whole;
  });
}
