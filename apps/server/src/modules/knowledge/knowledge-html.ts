import sanitizeHtml from 'sanitize-html';
import { knowledgeAttachmentPathPattern } from '@pharma/contracts';

/*
 * An article's text is the editor's HTML, kept only as far as the editor writes it (decision 052):
 * its tags and attributes, links to http(s), mail and phone, images from the article's own files or
 * https. No script, style, event handler, inline style or javascript: URL survives, so the web shows
 * it as it is.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'br',
    'hr',
    'blockquote',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'colgroup',
    'col',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'colwidth'],
    td: ['colspan', 'rowspan', 'colwidth'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
  },
  // an image shows one of the article's files or an https address, nothing else (no relative tricks, no data:)
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !(knowledgeAttachmentPathPattern.test(frame.attribs.src ?? '') || /^https:\/\//.test(frame.attribs.src ?? '')),
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The words of sanitized HTML, for search: tags apart (a cell is not glued to the next one), entities read. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
