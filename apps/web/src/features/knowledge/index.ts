// The public entry of the knowledge feature: what other features may use of it (the lint's boundary rule).
// The editor (Tiptap) is never exported here: it stays in the editor page's lazy chunk.
export { ProductArticles } from './components/product-articles';
